/**
 * The value of each character in RENAPO's check-digit table: 0–9 are 0–9, A–N are 10–23, Ñ is 24 (written & in some
 * copies of the table; neither can appear in a valid CURP, where Ñ is written X), O–Z are 25–36.
 */
const CURP_VALUES = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/**
 * The check digit (position 18) of a CURP, by RENAPO's algorithm (Instructivo Normativo para la Asignación de la
 * CURP): each of the first 17 characters' table value times its weight, 18 for the first down to 2 for the 17th,
 * summed; the digit is (10 − sum mod 10) mod 10.
 *
 * Takes the first 17 characters (upper case; a longer string is cut at 17); returns '0'–'9'. Throws a plain Error
 * for fewer than 17 characters or a character outside the table (a programming error: validate the shape first).
 */
export function computeCurpCheckDigit(first17: string): string {
  if (first17.length < 17) throw new Error('computeCurpCheckDigit needs the first 17 characters');
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const char = first17[i] === '&' ? 'Ñ' : first17[i]!;
    const value = CURP_VALUES.indexOf(char);
    if (value < 0) throw new Error(`computeCurpCheckDigit: character outside the table: ${char}`);
    sum += value * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}
