import { normalizeText } from '../listing-fields.ts';

/**
 * Normalised texts (see normalizeText) that mean "unknown" in Mexican portal exports. Punctuation-only cells ('-',
 * '--', '?', '$') normalise to '' and are placeholders too.
 */
const PLACEHOLDERS = new Set([
  '', 'sin dato', 'sin datos', 'sin informacion', 'sin info', 'sin especificar', 'sin definir', 'sin valor',
  'n a', 'na', 'n d', 'nd', 's d', 'sd', 's i', 'no disponible', 'no especificado', 'no especificada', 'no aplica',
  'no definido', 'no indicado', 'no informado', 'desconocido', 'desconocida', 'null', 'none', 'nan', 'undefined', 'nil',
  'a consultar', 'consultar', 'precio a consultar', 'consultar precio', 'a convenir', 'a tratar', 'x', 'xx', 'xxx',
]);

/**
 * True when a cell means "unknown" rather than a value (issue 10 "Placeholders that mean unknown"): empty or
 * punctuation-only text ('-', '--', '—'), 'sin dato(s)', 'N/A', 'n/d', 'ND', 'S/D', 'no disponible', 'no especificado',
 * 'NULL', 'a consultar', and phrases that say the value is missing ('Propiedad sin metros totales', 'Sin información
 * de superficie'). Case and accents do not matter. '0' is not a placeholder here: the quantity parsers decide.
 */
export function isPlaceholder(text: string | null | undefined): boolean {
  const t = normalizeText(text ?? '');
  if (PLACEHOLDERS.has(t)) return true;
  return /^(?:(?:propiedad|inmueble|anuncio) )?sin (?:dato|datos|informacion|info|especificar|definir|metros|superficie|precio|valor)\b/.test(t);
}
