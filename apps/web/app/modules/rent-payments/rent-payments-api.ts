import type { TRentPayments } from '@nj/contracts/rent-payments/schemas';
import { api } from '../api/client.ts';

/** Query keys of the rent's 'Pagos' tab. */
export const RENT_PAYMENTS_KEYS = { view: (ruid: string) => ['rent-payments', ruid] as const };

/** GET /api/v1/rents/{ruid}/payments — the schedule, custody and payouts (ZRentPayments; centavos MXN). */
export function getRentPayments(ruid: string, signal?: AbortSignal): Promise<TRentPayments> {
  return api<TRentPayments>('GET', `/v1/rents/${encodeURIComponent(ruid)}/payments`, { signal });
}
