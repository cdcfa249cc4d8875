const WEIGHTS = [3, 7, 1];

/**
 * The check digit of a CLABE (Banco de México's standard for the Clave Bancaria Estandarizada): each of the first 17
 * digits times the weights 3, 7, 1 repeated, each product taken mod 10, summed; the digit is (10 − sum mod 10) mod 10.
 * Takes the first 17 digits (a longer string is cut); returns '0'–'9'. Throws a plain Error for fewer than 17 digits
 * or a non-digit (validate the shape first).
 */
export function computeClabeCheckDigit(first17: string): string {
  if (!/^\d{17}/.test(first17)) throw new Error('computeClabeCheckDigit needs 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * WEIGHTS[i % 3]!) % 10;
  return String((10 - (sum % 10)) % 10);
}
