/**
 * Bond insurance for a rent (issue 12 'The guarantor', atype `nowo`; decision 018): instead of a person, an insurer
 * guarantees the rent. One adapter per provider (a real client, the sandbox), chosen by configuration
 * (BOND_INSURER_PROVIDER), built once per process into AppServices.bondInsurer.
 */

/** What the insurer is asked: the tenant and the rent (amounts in MXN a month). */
export type BondRequest = {
  /** Our reference of the request (the guarantor record's id), sent as the provider's external id. */
  reference: string;
  tenant: { firstName: string; lastName: string; /** YYYY-MM-DD */ birthdate: string; email: string | null };
  rent: { monthlyRent: number; maintenanceFee: number; address: { street: string; city: string; state: string; cp: string } };
};

/** The insurer's answer: a priced policy (approved) or a refusal with its reasons. */
export type BondAnswer =
  | { outcome: 'approved'; provider: string; reference: string | null; /** MXN a year */ premiumAnnual: number }
  | { outcome: 'refused'; provider: string; reasons: string[] };

/** One bond insurer. `quote` throws AppError UNAVAILABLE (Spanish) when the provider cannot answer (timeout, error, malformed answer). */
export type BondInsurer = { name: 'apollo' | 'sandbox' | 'none'; quote(request: BondRequest): Promise<BondAnswer> };
