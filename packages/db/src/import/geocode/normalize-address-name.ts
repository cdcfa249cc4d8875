import { foldText } from '@nj/contracts';

/**
 * Name keys for the importer's geocoder (issue 10 §geocoding): the same normalisation as the database's
 * `nj_normalize()` (accents, case, punctuation), then the words people abbreviate or put before a name removed or
 * spelled out, so 'Col. Roma Nte.' and 'Roma Norte' give the same key, and 'Alcaldía Cuauhtémoc' is 'cuauhtemoc'.
 * Kept here (not in @nj/geo, which depends on this package) and pure.
 */

/** Accents, case and punctuation removed like `nj_normalize()`: 'Roma Nte.' → 'roma nte'. '' for nothing. */
export function normalizeName(text: string | null | undefined): string {
  if (!text) return '';
  return foldText(text);
}

/** Abbreviations spelled out word by word (only whole words; after normalisation, so without dots). */
const WORD_EXPANSIONS: Record<string, string> = {
  nte: 'norte', nto: 'norte', pte: 'poniente', pon: 'poniente', ote: 'oriente', ori: 'oriente',
  sta: 'santa', sto: 'santo', sn: 'san', gral: 'general', lic: 'licenciado', ing: 'ingeniero', dr: 'doctor',
  prol: 'prolongacion', ampl: 'ampliacion', amp: 'ampliacion', secc: 'seccion', sec: 'seccion', jds: 'jardines',
  jard: 'jardines', res: 'residencial', resid: 'residencial', hab: 'habitacional', cd: 'ciudad', pque: 'parque',
  mz: 'manzana', ej: 'ejido', fte: 'fuente', vta: 'vista', pto: 'puerto', hda: 'hacienda',
  '1a': 'primera', '1ra': 'primera', '1er': 'primera', '2a': 'segunda', '2da': 'segunda', '3a': 'tercera', '3ra': 'tercera',
  '4a': 'cuarta', '5a': 'quinta',
};

/** Settlement words before a colonia's own name ('Col.', 'Fracc.', 'Barrio', 'Unidad Habitacional', 'Conjunto'). */
const COLONIA_PREFIX = /^(colonia|col|cols|fraccionamiento|fracc|frac|fracto|barrio|bo|unidad habitacional|u habitacional|unidad hab|u hab|uh|conjunto habitacional|conj habitacional|conjunto|conj|condominio|cond)\s+/;

/** Words before a municipality's name ('Alcaldía', 'Delegación', 'Mpio.', 'Municipio de'). */
const MUNICIPALITY_PREFIX = /^(alcaldia|alc|delegacion|deleg|del|municipio de|municipio|mpio de|mpio|mun|ayuntamiento de)\s+/;

/** Words before a state's name ('Estado de', 'Edo. de'). */
const STATE_PREFIX = /^(estado libre y soberano de|estado de|edo de|estado|edo)\s+/;

/** The normalised text with its abbreviated words spelled out ('sta maria nte' → 'santa maria norte'). */
export function expandWords(normalized: string): string {
  if (!normalized) return '';
  return normalized.split(' ').map((w) => WORD_EXPANSIONS[w] ?? w).join(' ');
}

const stripPrefix = (key: string, prefix: RegExp): string => {
  const stripped = key.replace(prefix, '');
  return stripped === '' ? key : stripped;
};

/**
 * A colonia's keys, most literal first: 'Col. Roma Nte.' → ['colonia roma norte', 'roma norte'];
 * 'Barrio Antiguo' → ['barrio antiguo', 'antiguo'] (the settlement word may be part of the name). [] for nothing.
 */
export function coloniaKeys(text: string | null | undefined): string[] {
  return keysWithout(normalizeName(text), COLONIA_PREFIX);
}

/**
 * A municipality's or locality's keys, most literal first: 'Alcaldía Cuauhtémoc' → ['alcaldia cuauhtemoc',
 * 'cuauhtemoc']; 'Del Nayar' keeps 'del nayar' first (a real name). [] for nothing.
 */
export function municipalityKeys(text: string | null | undefined): string[] {
  return keysWithout(normalizeName(text), MUNICIPALITY_PREFIX);
}

function keysWithout(normalized: string, prefix: RegExp): string[] {
  if (!normalized) return [];
  const full = expandWords(normalized);
  const stripped = expandWords(stripPrefix(normalized, prefix));
  return stripped === full ? [full] : [full, stripped];
}

/** A state's key: 'Edo. de México' → 'mexico', 'Jalisco' → 'jalisco' (aliases such as 'cdmx' come from places). */
export function stateKey(text: string | null | undefined): string {
  return stripPrefix(normalizeName(text), STATE_PREFIX);
}

/** A five-digit Mexican postal code from text ('C.P. 44600', '6700' → '06700'), or null. */
export function postalCodeKey(text: string | null | undefined): string | null {
  if (!text) return null;
  const digits = text.replace(/^\s*c\.?\s*p\.?\s*/i, '').replace(/\s+/g, '');
  if (!/^\d{4,5}$/.test(digits)) return null;
  return digits.padStart(5, '0');
}

/** The character pairs of a key, without spaces between words ('roma' → ro, om, ma), for a Dice similarity. */
export function bigramsOf(key: string): Set<string> {
  const out = new Set<string>();
  for (const word of key.split(' ')) {
    for (let i = 0; i < word.length - 1; i++) out.add(word.slice(i, i + 2));
  }
  return out;
}

/** Dice coefficient of two bigram sets: 1 = same pairs, 0 = none shared. */
export function diceSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return (2 * shared) / (a.size + b.size);
}
