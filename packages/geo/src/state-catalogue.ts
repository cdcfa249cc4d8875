import { normalizePlaceText } from './normalize-place-text.ts';

/**
 * The 32 Mexican states by INEGI code: the long name shown (`state_long`), INEGI's abbreviation (`state_short`,
 * the short name a maps service gives), and other names people type or sources use (SEPOMEX 'Coahuila de Zaragoza',
 * Properati 'Distrito Federal', 'cdmx', 'edomex'). Source: INEGI Catálogo Único de Claves Geoestadísticas.
 */
export type StateInfo = { code: string; name: string; short: string; aliases: string[] };

export const MX_STATES: StateInfo[] = [
  { code: '01', name: 'Aguascalientes', short: 'Ags.', aliases: ['ags'] },
  { code: '02', name: 'Baja California', short: 'B.C.', aliases: ['bc', 'baja california norte'] },
  { code: '03', name: 'Baja California Sur', short: 'B.C.S.', aliases: ['bcs'] },
  { code: '04', name: 'Campeche', short: 'Camp.', aliases: ['camp'] },
  { code: '05', name: 'Coahuila', short: 'Coah.', aliases: ['coahuila de zaragoza', 'coah'] },
  { code: '06', name: 'Colima', short: 'Col.', aliases: [] },
  { code: '07', name: 'Chiapas', short: 'Chis.', aliases: ['chis'] },
  { code: '08', name: 'Chihuahua', short: 'Chih.', aliases: ['chih'] },
  { code: '09', name: 'Ciudad de México', short: 'CDMX', aliases: ['cdmx', 'df', 'distrito federal', 'mexico df', 'mexico city'] },
  { code: '10', name: 'Durango', short: 'Dgo.', aliases: ['dgo'] },
  { code: '11', name: 'Guanajuato', short: 'Gto.', aliases: ['gto'] },
  { code: '12', name: 'Guerrero', short: 'Gro.', aliases: ['gro'] },
  { code: '13', name: 'Hidalgo', short: 'Hgo.', aliases: ['hgo'] },
  { code: '14', name: 'Jalisco', short: 'Jal.', aliases: ['jal'] },
  { code: '15', name: 'Estado de México', short: 'Méx.', aliases: ['mexico', 'edomex', 'edo mex', 'estado de mexico', 'mex'] },
  { code: '16', name: 'Michoacán', short: 'Mich.', aliases: ['michoacan de ocampo', 'mich'] },
  { code: '17', name: 'Morelos', short: 'Mor.', aliases: ['mor'] },
  { code: '18', name: 'Nayarit', short: 'Nay.', aliases: ['nay'] },
  { code: '19', name: 'Nuevo León', short: 'N.L.', aliases: ['nl'] },
  { code: '20', name: 'Oaxaca', short: 'Oax.', aliases: ['oax'] },
  { code: '21', name: 'Puebla', short: 'Pue.', aliases: ['pue'] },
  { code: '22', name: 'Querétaro', short: 'Qro.', aliases: ['qro', 'queretaro de arteaga'] },
  { code: '23', name: 'Quintana Roo', short: 'Q. Roo', aliases: ['qroo', 'q roo'] },
  { code: '24', name: 'San Luis Potosí', short: 'S.L.P.', aliases: ['slp'] },
  { code: '25', name: 'Sinaloa', short: 'Sin.', aliases: ['sin'] },
  { code: '26', name: 'Sonora', short: 'Son.', aliases: ['son'] },
  { code: '27', name: 'Tabasco', short: 'Tab.', aliases: ['tab'] },
  { code: '28', name: 'Tamaulipas', short: 'Tamps.', aliases: ['tamps'] },
  { code: '29', name: 'Tlaxcala', short: 'Tlax.', aliases: ['tlax'] },
  { code: '30', name: 'Veracruz', short: 'Ver.', aliases: ['veracruz de ignacio de la llave', 'ver'] },
  { code: '31', name: 'Yucatán', short: 'Yuc.', aliases: ['yuc'] },
  { code: '32', name: 'Zacatecas', short: 'Zac.', aliases: ['zac'] },
];

const BY_CODE = new Map(MX_STATES.map((s) => [s.code, s]));
const BY_NAME = new Map<string, StateInfo>();
for (const s of MX_STATES) {
  BY_NAME.set(normalizePlaceText(s.name), s);
  for (const a of s.aliases) BY_NAME.set(normalizePlaceText(a), s);
}

/** The state with INEGI code `code` ('14' or 14), or undefined. */
export function stateByCode(code: string | number | null | undefined): StateInfo | undefined {
  if (code === null || code === undefined) return undefined;
  return BY_CODE.get(String(code).padStart(2, '0'));
}

/** The state a name refers to, in any of its spellings ('Distrito Federal', 'Coahuila de Zaragoza', 'jal'). */
export function stateByName(name: string | null | undefined): StateInfo | undefined {
  return BY_NAME.get(normalizePlaceText(name));
}
