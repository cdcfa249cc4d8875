import { createHmac } from 'node:crypto';
import type { Database } from '@nj/db';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxPaymentProvider } from './sandbox-payment-provider.ts';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';

/** Which payment provider to build (ServerConfig.payments). */
export type PaymentsSettings =
  | { provider: 'sandbox' }
  | { provider: 'none' }
  | { provider: 'stripe'; stripe: { secretKey: string; webhookSecret: string; baseUrl?: string | undefined } };

/** The variables readPaymentsSettings reads. */
export const PAYMENTS_VARIABLES = ['PAYMENTS_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;
type Variable = (typeof PAYMENTS_VARIABLES)[number];

/**
 * Reads PAYMENTS_PROVIDER=stripe|sandbox (default sandbox outside production; in production stripe when a STRIPE_*
 * variable is set, else none: checkouts refused in Spanish) with
 * STRIPE_SECRET_KEY (sk_…), STRIPE_WEBHOOK_SECRET (whsec_…) and optionally STRIPE_API_BASE (tests).
 * @throws Error naming the variable: unknown provider, sandbox in production, a missing STRIPE variable, a bad base URL
 */
export function readPaymentsSettings(env: { [K in Variable]?: string | undefined }, isProduction: boolean): PaymentsSettings {
  const value = (name: Variable) => env[name]?.trim() || undefined;
  const asked = value('PAYMENTS_PROVIDER')?.toLowerCase();
  if (!asked && isProduction && !PAYMENTS_VARIABLES.some((n) => value(n))) return { provider: 'none' };
  const choice = asked ?? (isProduction ? 'stripe' : 'sandbox');
  if (choice === 'sandbox') {
    if (isProduction) throw new Error('PAYMENTS_PROVIDER=sandbox is not allowed in production');
    return { provider: 'sandbox' };
  }
  if (choice !== 'stripe') throw new Error(`PAYMENTS_PROVIDER must be stripe or sandbox, got "${choice}"`);
  const secretKey = value('STRIPE_SECRET_KEY');
  if (!secretKey) throw new Error('STRIPE_SECRET_KEY must be set when PAYMENTS_PROVIDER is stripe');
  const webhookSecret = value('STRIPE_WEBHOOK_SECRET');
  if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET must be set when PAYMENTS_PROVIDER is stripe');
  const baseUrl = value('STRIPE_API_BASE');
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new Error(`STRIPE_API_BASE must be an http(s) URL, got "${baseUrl}"`);
  return { provider: 'stripe', stripe: { secretKey, webhookSecret, baseUrl } };
}

/**
 * Builds the provider the settings name. The sandbox's webhook secret is derived from the session secret (never
 * a constant anyone could sign with).
 */
export function createPaymentProvider(settings: PaymentsSettings, options: { database: Database; publicUrl: string; sessionSecret: string }): PaymentProvider {
  if (settings.provider === 'stripe') return createStripePaymentProvider(settings.stripe);
  if (settings.provider === 'none') {
    return {
      name: 'stripe', webhookSecret: '',
      async createCheckout() {
        console.error('payments refused: no provider is configured (PAYMENTS_PROVIDER, STRIPE_*)');
        throw new AppError('UNAVAILABLE', M.providerNotConfigured);
      },
    };
  }
  const webhookSecret = `whsec_sandbox_${createHmac('sha256', options.sessionSecret).update('payments-sandbox-webhook').digest('hex').slice(0, 32)}`;
  return createSandboxPaymentProvider({ database: options.database, publicUrl: options.publicUrl, webhookSecret });
}
