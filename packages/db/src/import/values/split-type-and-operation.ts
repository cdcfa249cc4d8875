import type { PropertyType } from '@nj/contracts';
import { normalizeText } from '../listing-fields.ts';
import { PROPERTY_TYPE_SYNONYMS, parsePropertyTypeSynonym, singularWords } from './parse-property-type.ts';

/** Normalised words that name an operation, with the words that introduce them ('en venta', 'se renta', 'for rent'). */
const OPERATION = new RegExp(
  String.raw`\b(?:(?:en|de|para|se|a la|for) )?(venta|ventas|vende|vendo|preventa|pre venta|remate|remates|subasta|sale|sell|compra|renta|rentas|rento|alquiler|alquila|alquilo|arrendamiento|arrienda|rent|lease|renta vacacional)\b(?: (?:de|del)\b)?`,
  'g',
);
const RENT_WORDS = new Set(['renta', 'rentas', 'rento', 'alquiler', 'alquila', 'alquilo', 'arrendamiento', 'arrienda', 'rent', 'lease', 'renta vacacional']);
/** Synonyms longest first, to find 'casa en condominio' before 'casa' inside a longer text. */
const SYNONYMS_BY_LENGTH = Object.keys(PROPERTY_TYPE_SYNONYMS).sort((a, b) => b.length - a.length);

/**
 * Splits a column that holds both the property type and the operation (issue 10 "One column holding two facts"):
 * 'Casa en Venta' → { propertyType: 'house', opType: 'venta' }, 'Departamento en Renta' → apartment/renta,
 * 'Renta de oficina' → oficina/renta, 'Venta de terreno' → land/venta, 'Casa en condominio en venta' → house/venta,
 * 'Se renta departamento' → apartment/renta, 'Casas en venta' (plurals), 'Preventa de departamentos' and 'Remate de
 * casa' → venta, 'Alquiler' → renta. Either part is null when the text does not name it; a type is found through
 * PROPERTY_TYPE_SYNONYMS (the whole remaining text first, then the earliest synonym inside it: 'Hermosa casa en
 * venta' → house). Never throws: the caller reports what is missing.
 */
export function splitTypeAndOperation(text: string | null | undefined): { propertyType: PropertyType | null; opType: 'renta' | 'venta' | null } {
  const words = normalizeText(text ?? '');
  let opType: 'renta' | 'venta' | null = null;
  const rest = words.replace(OPERATION, (_all, op: string) => {
    opType ??= RENT_WORDS.has(op) ? 'renta' : 'venta';
    return ' ';
  }).replace(/\s+/g, ' ').trim();
  if (rest === '') return { propertyType: null, opType };
  const whole = parsePropertyTypeSynonym(rest);
  if (whole) return { propertyType: whole, opType };
  const singularRest = singularWords(rest);
  let best: { at: number; type: PropertyType } | null = null;
  for (const synonym of SYNONYMS_BY_LENGTH) {
    const at = ` ${singularRest} `.indexOf(` ${synonym} `);
    if (at >= 0 && (best === null || at < best.at)) best = { at, type: PROPERTY_TYPE_SYNONYMS[synonym] as PropertyType };
  }
  return { propertyType: best?.type ?? null, opType };
}
