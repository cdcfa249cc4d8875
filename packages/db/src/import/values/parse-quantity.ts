/** Reads a count or an area ('110 m2 totales', '3 recamaras'); placeholders and 0 → null. Stub. */
export function parseQuantity(text: string | null | undefined, field: string): number | null {
  void field;
  const n = Number.parseFloat((text ?? '').replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Bathrooms and half bathrooms from '2.5 baños' → { bathrooms: 2, halfBathrooms: 1 }. Stub. */
export function parseBathrooms(text: string | null | undefined): { bathrooms: number | null; halfBathrooms: number | null } {
  const n = parseQuantity(text, 'bathrooms');
  return { bathrooms: n === null ? null : Math.floor(n), halfBathrooms: n !== null && n % 1 !== 0 ? 1 : null };
}
