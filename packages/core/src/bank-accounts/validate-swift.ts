/**
 * Checks a SWIFT/BIC code (ISO 9362): 4 letters of the institution, 2 letters of the country (ISO 3166-1), 2 letters
 * or digits of the location, and optionally 3 of the branch — 8 or 11 characters. Spaces dropped, upper-cased.
 * @returns the normalized code, or null when it is not a BIC
 */
export function normalizeSwift(input: string): string | null {
  const code = (input ?? '').replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(code) ? code : null;
}

/**
 * Normalizes a foreign account number or IBAN: spaces and hyphens dropped, upper-cased, 5 to 34 letters or digits
 * (34 is the IBAN maximum, ISO 13616).
 * @returns the normalized number, or null when it does not fit
 */
export function normalizeForeignAccount(input: string): string | null {
  const value = (input ?? '').replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z0-9]{5,34}$/.test(value) ? value : null;
}
