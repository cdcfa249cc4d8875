import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { RowError, normalizeText } from '../listing-fields.ts';
import { isPlaceholder } from './is-placeholder.ts';
import { labelField } from './label-field.ts';
import { findNumber } from './read-number.ts';

/** Spanish number words a count may be written with ('una recámara', 'dos baños'). */
const NUMBER_WORDS: Record<string, number> = {
  un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
};
/** Fields read as whole counts (bathrooms too: a half is a half bathroom, see parseBathrooms). */
const COUNT_FIELDS = new Set(['rooms', 'bathrooms', 'half_bathrooms', 'parking_spots']);
/** Units and the words around them, removed to see whether what is left is a placeholder ('N/D m2'). */
const UNIT_WORDS = /\b(?:m2|m|mt|mts|metros?|cuadrados?|ha|hectareas?|recamaras?|habitaciones?|cuartos?|banos?|medios?|estacionamientos?|cajon|cajones|lugares?|autos?|totales?|construidos?|construccion|terreno|superficie|de)\b/g;
/** Texts that say "none" — a zero, which the importer keeps as unknown. */
const NONE = /^(?:no|ninguno|ninguna|nada|sin\b.*)$/;

/**
 * Reads a count or an area from a cell that may carry units and words (issue 10 "Units and words inside values"):
 * '110 m2 totales', '110 m²', '1,250.5 m2', '3 recamaras', '3 recámaras', '1 estacionamiento', '2 cajones',
 * 'Estacionamientos: 2', 'dos baños', '1.5 ha' (hectares → m²), '1,000 sq ft' / '1000 pies' (→ m²). Returns the number in m² for areas and as a whole
 * number for the count fields 'rooms', 'half_bathrooms', 'parking_spots' (rounded) and 'bathrooms' (rounded down:
 * '2.5 baños' → 2; parseBathrooms also gives the half). Placeholders ('sin dato', 'N/A', '-', 'Propiedad sin metros
 * totales'), 'no'/'ninguno'/'sin estacionamiento' and 0 → null (unknown). `field` is the normalised target name,
 * used in the reason. Throws RowError (Spanish) for text with no number or a negative number.
 */
export function parseQuantity(text: string | null | undefined, field: string): number | null {
  let value = readQuantity(text, field);
  if (value === null) return null;
  if (COUNT_FIELDS.has(field)) value = field === 'bathrooms' ? Math.floor(value) : Math.round(value);
  return value > 0 ? value : null;
}

/** parseQuantity without rounding counts: the number as written (hectares already in m²), null when unknown. */
function readQuantity(text: string | null | undefined, field: string): number | null {
  if (isPlaceholder(text)) return null;
  const raw = (text ?? '').trim();
  // 'Recámaras: N/A' — a label before the value does not make a placeholder a value.
  if (isPlaceholder(/^[^:\d]+:(.*)$/.exec(raw)?.[1] ?? raw)) return null;
  const words = normalizeText(raw);
  // an area stated in m² wins over other numbers around it ('1000 ft2 (92.9 m2)')
  const metric = COUNT_FIELDS.has(field) ? null : /(-?\d[\d.,]*)\s*(?:m2|m²|mts2?|mt2|metros)/i.exec(raw);
  const found = metric ? findNumber(metric[0]) : findNumber(raw);
  let value: number;
  if (found) {
    value = found.value;
  } else {
    if (NONE.test(words) || isPlaceholder(words.replace(UNIT_WORDS, ' '))) return null;
    const word = words.split(' ').find((w) => NUMBER_WORDS[w] !== undefined);
    if (word === undefined) throw new RowError(M.badQuantity(labelField(field), raw));
    value = NUMBER_WORDS[word] ?? 0;
  }
  if (value < 0) throw new RowError(M.negativeQuantity(labelField(field), raw));
  if (metric || COUNT_FIELDS.has(field)) return Number.isFinite(value) && value > 0 ? value : null;
  if (/\d\s*(?:ha|has|hectareas?)\b/.test(words)) value *= 10_000;
  else if (/\d\s*(?:ft2|ft|sq ft|sqft|pies|pies2|pies cuadrados)\b/.test(words)) {
    value = Math.round(value * 0.09290304 * 100) / 100;
  }
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * Bathrooms from one cell (issue 10): '2 baños' → { bathrooms: 2, halfBathrooms: null }, '2.5 baños' → { 2, 1 },
 * '2 baños y 1 medio baño' / '2 completos, 1 medio' → { 2, 1 }, '1/2 baño' or 'medio baño' → { null, 1 }.
 * Placeholders and 0 → nulls. Throws RowError like parseQuantity.
 */
export function parseBathrooms(text: string | null | undefined): { bathrooms: number | null; halfBathrooms: number | null } {
  if (isPlaceholder(text)) return { bathrooms: null, halfBathrooms: null };
  const raw = (text ?? '').normalize('NFC').replace(/(\d)\s+1\s*\/\s*2(?=\s|$)/g, '$1 y medio').replace(/(^|\s)1\s*\/\s*2(?=\s|$)/g, '$1medio').trim();
  const half = /(?:(\d+|un|una|uno|dos|tres)\s+)?\bmedios?\b(?:\s+ba[nñ]os?)?/iu.exec(raw);
  let halves: number | null = null;
  let rest = raw;
  if (half) {
    const count = half[1] ?? '1';
    halves = /^\d+$/.test(count) ? Number.parseInt(count, 10) : (NUMBER_WORDS[count.toLowerCase()] ?? 1);
    rest = `${raw.slice(0, half.index)} ${raw.slice(half.index + half[0].length)}`;
  }
  const hasCount = findNumber(rest) !== null || normalizeText(rest).split(' ').some((w) => NUMBER_WORDS[w] !== undefined);
  const n = half && !hasCount ? null : readQuantity(rest, 'bathrooms');
  let bathrooms: number | null = null;
  if (n !== null) {
    bathrooms = Math.floor(n) > 0 ? Math.floor(n) : null;
    if (n % 1 >= 0.25 && halves === null) halves = 1;
  }
  return { bathrooms, halfBathrooms: halves !== null && halves > 0 ? halves : null };
}
