import { BANK_ACCOUNT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { PayoutProvider } from './payout-provider.ts';
import { createSandboxPayoutProvider } from './sandbox-payout-provider.ts';
import { createStpPayoutProvider, type StpSettings } from './stp-payout-provider.ts';

/** Which payout provider to build (ServerConfig.payouts). */
export type PayoutSettings = { provider: 'sandbox' } | { provider: 'stp'; stp: StpSettings } | { provider: 'none' };

/** The variables readPayoutSettings reads. */
export const PAYOUT_VARIABLES = [
  'PAYOUT_PROVIDER', 'STP_API_BASE', 'STP_EMPRESA', 'STP_PRIVATE_KEY', 'STP_PRIVATE_KEY_PASSPHRASE', 'STP_CUENTA_ORDENANTE',
  'STP_NOMBRE_ORDENANTE', 'STP_RFC_ORDENANTE',
] as const;
type Variable = (typeof PAYOUT_VARIABLES)[number];

/**
 * Reads PAYOUT_PROVIDER=stp|sandbox (default: sandbox outside production; in production stp when an STP_* variable is
 * set, else none) with STP_API_BASE, STP_EMPRESA, STP_PRIVATE_KEY (PEM; '\n' escapes allowed),
 * STP_PRIVATE_KEY_PASSPHRASE (optional), STP_CUENTA_ORDENANTE (the platform's STP CLABE), STP_NOMBRE_ORDENANTE,
 * STP_RFC_ORDENANTE. Throws Error naming the variable: unknown provider, sandbox in production, a missing STP variable.
 */
export function readPayoutSettings(env: { [K in Variable]?: string | undefined }, isProduction: boolean): PayoutSettings {
  const value = (name: Variable) => env[name]?.trim() || undefined;
  const asked = value('PAYOUT_PROVIDER')?.toLowerCase();
  if (!asked && isProduction && !PAYOUT_VARIABLES.some((n) => value(n))) return { provider: 'none' };
  const choice = asked || (isProduction ? 'stp' : 'sandbox');
  if (choice === 'sandbox') {
    if (isProduction) throw new Error('PAYOUT_PROVIDER=sandbox is not allowed in production');
    return { provider: 'sandbox' };
  }
  if (choice !== 'stp') throw new Error(`PAYOUT_PROVIDER must be stp or sandbox, got "${choice}"`);
  const need = (name: Variable) => {
    const v = value(name);
    if (!v) throw new Error(`${name} must be set when PAYOUT_PROVIDER is stp`);
    return v;
  };
  const baseUrl = need('STP_API_BASE');
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new Error(`STP_API_BASE must be an http(s) URL, got "${baseUrl}"`);
  return {
    provider: 'stp',
    stp: {
      baseUrl, empresa: need('STP_EMPRESA'), privateKeyPem: need('STP_PRIVATE_KEY').replace(/\\n/g, '\n'),
      passphrase: value('STP_PRIVATE_KEY_PASSPHRASE'), ordenanteCuenta: need('STP_CUENTA_ORDENANTE'),
      ordenanteNombre: need('STP_NOMBRE_ORDENANTE'), ordenanteRfc: need('STP_RFC_ORDENANTE'),
    },
  };
}

/** Builds the provider the settings name; `none` refuses every send with AppError UNAVAILABLE (payouts stay queued). */
export function createPayoutProvider(settings: PayoutSettings): PayoutProvider {
  if (settings.provider === 'sandbox') return createSandboxPayoutProvider();
  if (settings.provider === 'stp') return createStpPayoutProvider(settings.stp);
  return {
    name: 'none',
    async send() {
      console.error('payout refused: no payout provider is configured (PAYOUT_PROVIDER, STP_*)');
      throw new AppError('UNAVAILABLE', M.providerUnavailable);
    },
    async state() { return 'unknown'; },
  };
}
