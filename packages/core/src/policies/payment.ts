import { definePolicy } from './policy.ts';

/**
 * Payments (issue 13; spec 03 §4, §7): a signed-in client pays and lists their own transactions and reads receipts
 * of payments they are a party to (payer, or the rent's owner for rent types: checked in core); the provider's
 * webhook is open (its signature is the authorization); the sandbox's hosted page answers anyone holding the
 * session id, like Stripe's (only in sandbox mode).
 */
export const paymentPolicy = definePolicy<never, 'pay_own' | 'read_own' | 'webhook' | 'sandbox'>({
  model: 'payment',
  actions: {
    pay_own: { who: 'registered', doc: 'signed-in clients, their own pending transactions' },
    read_own: { who: 'registered', doc: 'signed-in clients, their own payments; receipts to the payer and the rent owner' },
    webhook: { who: 'anyone', doc: 'the payment provider, authorized by the Stripe-Signature HMAC' },
    sandbox: { who: 'anyone', doc: 'whoever holds the sandbox session id (sandbox mode only)' },
  },
});
