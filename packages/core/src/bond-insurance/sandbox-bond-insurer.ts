import type { BondInsurer } from './bond-insurer.ts';

/**
 * The sandbox's rules (development and tests, no network): a tenant whose last name is RECHAZO is refused; any
 * other is approved with a premium of 35 % of one month's rent plus maintenance a year (rounded to pesos), the
 * usual price of a Mexican póliza jurídica.
 */
export const SANDBOX_BOND = { refusedLastName: 'RECHAZO', premiumShareOfMonth: 0.35 } as const;

/** A bond insurer that answers like the real client, from SANDBOX_BOND, without a network. */
export function createSandboxBondInsurer(): BondInsurer {
  return {
    name: 'sandbox',
    async quote(request) {
      if (request.tenant.lastName.trim().toUpperCase() === SANDBOX_BOND.refusedLastName) {
        return { outcome: 'refused', provider: 'sandbox', reasons: ['La persona no cumple la política de suscripción del sandbox'] };
      }
      const month = request.rent.monthlyRent + request.rent.maintenanceFee;
      return { outcome: 'approved', provider: 'sandbox', reference: `sbx-${request.reference}`, premiumAnnual: Math.round(month * SANDBOX_BOND.premiumShareOfMonth) };
    },
  };
}
