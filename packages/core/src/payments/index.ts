/** Payments (issue 13): transactions in centavos, the payment provider (Stripe, sandbox), e-money, receipts. */
export * from './payments-tables.ts';
export * from './transactions-repository.ts';
export * from './payment-provider.ts';
export * from './stripe-signature.ts';
export * from './stripe-payment-provider.ts';
export * from './sandbox-payment-provider.ts';
export * from './create-payment-provider.ts';
export * from './emoney-payments.ts';
export * from './start-checkout.ts';
export * from './handle-payment-webhook.ts';
export * from './list-client-payments.ts';
export * from './payment-receipt.ts';
