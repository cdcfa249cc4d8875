/** The parts an address string is split into (each null when the text does not say). */
export type AddressSplit = {
  street: string | null; exteriorNumber: string | null; colonia: string | null; postalCode: string | null;
  municipality: string | null; state: string | null;
};

/** 'Roma Norte, Cuauhtémoc, Ciudad de México' → colonia / municipality / state. Stub. */
export function splitAddress(text: string | null | undefined): AddressSplit {
  const parts = (text ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  return { street: null, exteriorNumber: null, colonia: parts[0] ?? null, postalCode: null, municipality: parts[1] ?? null, state: parts[2] ?? null };
}
