/**
 * Text folded for comparison the way the database's `nj_normalize()` does (migration 001): accents removed, lower
 * case, 'ß' → 'ss', every run of characters other than a–z and 0–9 turned into one space, trimmed.
 * 'Providéncia,' → 'providencia', 'Roma Nte.' → 'roma nte'. Used by place search (spec 01 §2: matching ignores
 * accents, case and punctuation), the importer's headers and geocoder, and the listing form. Never throws.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
