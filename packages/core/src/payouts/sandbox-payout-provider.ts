import { randomInt } from 'node:crypto';
import type { PayoutOrder, PayoutProvider, PayoutSendResult, PayoutState } from './payout-provider.ts';

/**
 * A payout provider for development and tests that behaves like STP's registraOrden (decision 025): accepts an order
 * with a numeric id, refuses a repeated tracking key and a CLABE whose 11 account digits are all zero ('cuenta
 * inexistente', the test case), and reports an accepted order 'liquidated' once `settleAfterMs` (default 5 s) have
 * passed, as SPEI settles in seconds. Kept in memory of the process that sends (the job worker).
 */
export function createSandboxPayoutProvider(options: { settleAfterMs?: number; now?: () => number } = {}): PayoutProvider {
  const settleAfterMs = options.settleAfterMs ?? 5_000;
  const now = options.now ?? Date.now;
  const orders = new Map<string, { acceptedAt: number; returned: boolean }>();
  return {
    name: 'sandbox',
    async send(order: PayoutOrder): Promise<PayoutSendResult> {
      if (orders.has(order.trackingKey)) return { outcome: 'rejected', reason: 'Clave de rastreo duplicada' };
      if (/^0{11}$/.test(order.beneficiaryClabe.slice(6, 17))) return { outcome: 'rejected', reason: 'Cuenta inexistente' };
      orders.set(order.trackingKey, { acceptedAt: now(), returned: false });
      return { outcome: 'accepted', providerId: String(randomInt(10_000_000, 99_999_999)) };
    },
    async state(trackingKey: string): Promise<PayoutState> {
      const o = orders.get(trackingKey);
      if (!o) return 'unknown';
      if (o.returned) return 'returned';
      return now() - o.acceptedAt >= settleAfterMs ? 'liquidated' : 'pending';
    },
  };
}
