import type { TCheckoutResult, TPaymentsPage, TSandboxSession } from '@nj/contracts/payments/schemas';
import { api } from '../api/client.ts';

/** React Query key of the payments list. */
export const PAYMENTS_QUERY_KEY = ['payments'] as const;

/** POST /api/v1/payments/checkout: pays `tuids` (e-money first when `useEmoney`), answers completed or the checkout URL. */
export function startCheckout(tuids: string[], useEmoney: boolean, returnPath?: string): Promise<TCheckoutResult> {
  return api<TCheckoutResult>('POST', '/v1/payments/checkout', { body: { tuids, use_emoney: useEmoney, ...(returnPath ? { return_path: returnPath } : {}) } });
}
/** GET /api/v1/client/payments?page: the client's payments, newest first, 10 a page. */
export function getPayments(page: number, signal?: AbortSignal): Promise<TPaymentsPage> {
  return api<TPaymentsPage>('GET', '/v1/client/payments', { query: { page }, signal });
}
/** The receipt PDF's URL of payment `tuid`. */
export const receiptUrl = (tuid: string) => `/api/v1/client/payments/${encodeURIComponent(tuid)}/receipt`;
/** GET /api/v1/payments/sandbox/:id (sandbox mode only). */
export function getSandboxSession(id: string, signal?: AbortSignal): Promise<TSandboxSession> {
  return api<TSandboxSession>('GET', `/v1/payments/sandbox/${encodeURIComponent(id)}`, { signal });
}
/** POST /api/v1/payments/sandbox/:id: one action of the sandbox's hosted page. */
export function actOnSandbox(id: string, action: string, cardNumber?: string): Promise<TSandboxSession> {
  return api<TSandboxSession>('POST', `/v1/payments/sandbox/${encodeURIComponent(id)}`, { body: { action, ...(cardNumber ? { card_number: cardNumber } : {}) } });
}
/** Centavos MXN as `$1,234.50` (integer arithmetic). */
export function mxnFromCents(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
