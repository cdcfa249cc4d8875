/** A number found in a text: its value and where its digits start and end (character offsets into the text). */
export type FoundNumber = { value: number; start: number; end: number; raw: string };

/**
 * Reads a number written with Mexican or European separators: '3,800,000' / '3.800.000' → 3800000, '1,250.5' /
 * '1.250,5' → 1250.5, '2.5' / '2,5' → 2.5, '0.125' → 0.125. When both separators appear the last one is the decimal
 * point; a single separator followed by exactly three digits (and not after a lone 0) separates thousands; a
 * separator repeated separates thousands. Returns NaN when `token` is not digits and separators.
 */
export function readNumberToken(token: string): number {
  const t = token.trim();
  if (!/^\d+(?:[.,]\d+)*$/.test(t)) return Number.NaN;
  const lastDot = t.lastIndexOf('.');
  const lastComma = t.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    if (t.indexOf(decimal) !== t.lastIndexOf(decimal)) return Number.NaN;
    return Number.parseFloat(t.split(thousands).join('').replace(decimal, '.'));
  }
  const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (sep === null) return Number.parseInt(t, 10);
  const groups = t.split(sep);
  const [head = '', ...rest] = groups;
  const thousandsShape = rest.every((g) => g.length === 3) && head.length <= 3 && head !== '0';
  if (groups.length > 2) return thousandsShape ? Number.parseInt(groups.join(''), 10) : Number.NaN;
  return thousandsShape ? Number.parseInt(groups.join(''), 10) : Number.parseFloat(`${head}.${rest[0] ?? ''}`);
}

/**
 * The first number in a text ('110 m2 totales' → 110, 'US$ 250,000' → 250000, '$ 3.800.000' → 3800000), or null when
 * the text has none. A minus sign right before the digits makes it negative. Digits glued to letters before them
 * ('m2', 'P3') are not numbers.
 */
export function findNumber(text: string): FoundNumber | null {
  const re = /(^|[^\p{L}\d])(-?)(\d+(?:[.,]\d+)*)/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const raw = m[3] ?? '';
    const value = readNumberToken(raw);
    if (Number.isNaN(value)) continue;
    const start = m.index + (m[1] ?? '').length + (m[2] ?? '').length;
    return { value: m[2] === '-' ? -value : value, start, end: start + raw.length, raw };
  }
  return null;
}
