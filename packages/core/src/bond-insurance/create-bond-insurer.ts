import { GUARANTOR_MESSAGES as G } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { createApolloBondInsurer } from './apollo-bond-insurer.ts';
import type { BondInsurer } from './bond-insurer.ts';
import { createSandboxBondInsurer } from './sandbox-bond-insurer.ts';

/** Which bond insurer to build (ServerConfig.bondInsurer). */
export type BondInsurerSettings =
  | { provider: 'sandbox' }
  | { provider: 'apollo'; apollo: { apiKey: string; affiliateId: string; baseUrl?: string | undefined } }
  | { provider: 'none' };

/** The variables readBondInsurerSettings reads. */
export const BOND_INSURER_VARIABLES = ['BOND_INSURER_PROVIDER', 'APOLLO_API_KEY', 'APOLLO_AFFILIATE_ID', 'APOLLO_API_BASE'] as const;
type Variable = (typeof BOND_INSURER_VARIABLES)[number];

/**
 * Reads BOND_INSURER_PROVIDER=apollo|sandbox (default: sandbox outside production; in production apollo when an
 * APOLLO_* variable is set, else none) with APOLLO_API_KEY, APOLLO_AFFILIATE_ID and optionally APOLLO_API_BASE.
 * Throws Error naming the variable: an unknown provider, the sandbox in production, a missing APOLLO variable, a base
 * that is not an http(s) URL.
 */
export function readBondInsurerSettings(env: { [K in Variable]?: string | undefined }, isProduction: boolean): BondInsurerSettings {
  const value = (name: Variable) => env[name]?.trim() || undefined;
  const asked = value('BOND_INSURER_PROVIDER')?.toLowerCase();
  if (!asked && isProduction && !BOND_INSURER_VARIABLES.some((n) => value(n))) return { provider: 'none' };
  const choice = asked || (isProduction ? 'apollo' : 'sandbox');
  if (choice === 'sandbox') {
    if (isProduction) throw new Error('BOND_INSURER_PROVIDER=sandbox is not allowed in production');
    return { provider: 'sandbox' };
  }
  if (choice !== 'apollo') throw new Error(`BOND_INSURER_PROVIDER must be apollo or sandbox, got "${choice}"`);
  const need = (name: 'APOLLO_API_KEY' | 'APOLLO_AFFILIATE_ID') => {
    const v = value(name);
    if (!v) throw new Error(`${name} must be set when BOND_INSURER_PROVIDER is apollo`);
    return v;
  };
  const baseUrl = value('APOLLO_API_BASE');
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new Error(`APOLLO_API_BASE must be an http(s) URL, got "${baseUrl}"`);
  return { provider: 'apollo', apollo: { apiKey: need('APOLLO_API_KEY'), affiliateId: need('APOLLO_AFFILIATE_ID'), baseUrl } };
}

/** Builds the insurer the settings name; `none` refuses every quote with AppError UNAVAILABLE G.insurerNotConfigured. */
export function createBondInsurer(settings: BondInsurerSettings): BondInsurer {
  if (settings.provider === 'sandbox') return createSandboxBondInsurer();
  if (settings.provider === 'apollo') return createApolloBondInsurer(settings.apollo);
  return {
    name: 'none',
    async quote() {
      console.error('bond insurance refused: no insurer is configured (BOND_INSURER_PROVIDER, APOLLO_*)');
      throw new AppError('UNAVAILABLE', G.insurerNotConfigured);
    },
  };
}
