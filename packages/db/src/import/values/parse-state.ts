import { MX_STATES } from '@nj/contracts';
import { cleanText, normalizeText } from '../listing-fields.ts';
import { isPlaceholder } from './is-placeholder.ts';

/** Normalised state names, abbreviations and nicknames → the state's name as MX_STATES writes it. */
const STATES: Map<string, string> = (() => {
  const map = new Map<string, string>();
  const add = (key: string, name: string) => {
    const n = normalizeText(key);
    map.set(n, name);
    map.set(n.replace(/ /g, ''), name);
  };
  for (const s of MX_STATES) {
    add(s.name, s.name);
    add(s.short, s.name);
    add(s.slug.replace(/_/g, ' '), s.name);
  }
  const aliases: [string, string][] = [
    ['Distrito Federal', 'Ciudad de México'], ['DF', 'Ciudad de México'], ['México DF', 'Ciudad de México'],
    ['Cd. de México', 'Ciudad de México'], ['CD MX', 'Ciudad de México'], ['Edomex', 'Estado de México'],
    ['Edo. Méx.', 'Estado de México'], ['Edo. de Méx.', 'Estado de México'], ['Edo. de México', 'Estado de México'],
    ['Edo Mex', 'Estado de México'], ['México', 'Estado de México'], ['Coahuila', 'Coahuila de Zaragoza'],
    ['Michoacán', 'Michoacán de Ocampo'], ['Veracruz', 'Veracruz de Ignacio de la Llave'], ['Qro', 'Querétaro'],
    ['SLP', 'San Luis Potosí'], ['BC', 'Baja California'], ['Baja California Norte', 'Baja California'],
    ['BCS', 'Baja California Sur'], ['NL', 'Nuevo León'], ['Q Roo', 'Quintana Roo'], ['Quintana Roo', 'Quintana Roo'],
    ['Tamaulipas', 'Tamaulipas'], ['Tamps', 'Tamaulipas'], ['Yuc', 'Yucatán'], ['Jal', 'Jalisco'], ['Gto', 'Guanajuato'],
    ['Ags', 'Aguascalientes'], ['Chih', 'Chihuahua'], ['Pue', 'Puebla'], ['Mor', 'Morelos'], ['Hgo', 'Hidalgo'],
  ];
  for (const [key, name] of aliases) add(key, name);
  return map;
})();

/**
 * The state a text names, by name, abbreviation or nickname ('Jal.' → 'Jalisco', 'CDMX' / 'DF' → 'Ciudad de México',
 * 'N.L.' → 'Nuevo León', 'Edo. Méx.' / 'México' → 'Estado de México', 'Q. Roo' → 'Quintana Roo', 'Veracruz' → 'Veracruz
 * de Ignacio de la Llave'), spelt as MX_STATES writes it; null when it names none. Case, accents and dots do not matter.
 */
export function knownStateName(text: string | null | undefined): string | null {
  const n = normalizeText(text ?? '');
  if (n === '') return null;
  return STATES.get(n) ?? STATES.get(n.replace(/ /g, '')) ?? null;
}

/**
 * A state column's value (issue 10 'state' target): the state's name as MX_STATES writes it when the text names one
 * (see knownStateName), otherwise the text cleaned but unchanged (the geocoder then ignores it); placeholders → null.
 * Never throws.
 */
export function parseStateName(text: string | null | undefined): string | null {
  if (isPlaceholder(text)) return null;
  return knownStateName(text) ?? cleanText(text);
}
