/**
 * The value of each character in the SAT's check-digit table (anexo 3 of the RFC algorithm): 0–9 are 0–9, A–N are
 * 10–23, & is 24, O–Z are 25–36, a space is 37 and Ñ is 38.
 */
const RFC_VALUES = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/**
 * The check digit (last character) of an RFC, by the SAT's algorithm: the 12 characters before it (a persona moral's
 * 11 are preceded by a space) each take their table value times a weight from 13 down to 2; with r = sum mod 11, the
 * digit is '0' when r is 0, 'A' when 11 − r is 10, else 11 − r.
 *
 * Takes the RFC without its check digit (11 or 12 characters, upper case); returns '0'–'9' or 'A'. Throws a plain
 * Error for another length or a character outside the table (validate the shape first). The SAT has not applied it
 * to every RFC it issued, so callers report a mismatch as a warning (decision 012).
 */
export function computeRfcCheckDigit(withoutCheckDigit: string): string {
  if (withoutCheckDigit.length !== 11 && withoutCheckDigit.length !== 12) throw new Error('computeRfcCheckDigit needs 11 or 12 characters');
  const body = withoutCheckDigit.length === 11 ? ` ${withoutCheckDigit}` : withoutCheckDigit;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const value = RFC_VALUES.indexOf(body[i]!);
    if (value < 0) throw new Error(`computeRfcCheckDigit: character outside the table: ${body[i]}`);
    sum += value * (13 - i);
  }
  const remainder = sum % 11;
  if (remainder === 0) return '0';
  return 11 - remainder === 10 ? 'A' : String(11 - remainder);
}
