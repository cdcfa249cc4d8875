import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { createDiditIdentityCheck, type DiditConfig } from './didit-identity-check.ts';
import type { IdentityCheckProvider } from './identity-check-provider.ts';
import { createSandboxIdentityCheck } from './sandbox-identity-check.ts';

/**
 * Which INE validation provider to build (ServerConfig.identityCheck): the sandbox, Didit with its key, or none
 * (production without IDENTITY_PROVIDER and without any DIDIT_* variable: the server starts and every check is
 * refused in Spanish).
 */
export type IdentityCheckSettings =
  | { provider: 'sandbox' }
  | { provider: 'didit'; didit: Pick<DiditConfig, 'apiKey' | 'baseUrl'> }
  | { provider: 'none' };

/** The variables read by readIdentityCheckSettings (listed in the server's settings schema and the README). */
export const IDENTITY_CHECK_VARIABLES = ['IDENTITY_PROVIDER', 'DIDIT_API_KEY', 'DIDIT_API_BASE'] as const;

/**
 * Reads IDENTITY_PROVIDER=didit|sandbox (default sandbox outside production, didit in production) and, for Didit,
 * DIDIT_API_KEY (DIDIT_API_BASE optional, an http(s) origin) from `env` (an environment record, read once at start).
 * Production with IDENTITY_PROVIDER unset and no DIDIT_* variable gives `{ provider: 'none' }`.
 * Throws Error naming the variable: an unknown IDENTITY_PROVIDER, IDENTITY_PROVIDER=sandbox in production, a
 * missing DIDIT_API_KEY when Didit is chosen, or a DIDIT_API_BASE that is not an http(s) URL.
 */
export function readIdentityCheckSettings(env: { [K in (typeof IDENTITY_CHECK_VARIABLES)[number]]?: string | undefined }, isProduction: boolean): IdentityCheckSettings {
  const value = (name: (typeof IDENTITY_CHECK_VARIABLES)[number]) => env[name]?.trim() || undefined;
  const asked = value('IDENTITY_PROVIDER')?.toLowerCase();
  if (!asked && isProduction && !IDENTITY_CHECK_VARIABLES.some((name) => value(name))) return { provider: 'none' };
  const choice = asked || (isProduction ? 'didit' : 'sandbox');
  if (choice === 'sandbox') {
    if (isProduction) throw new Error('IDENTITY_PROVIDER=sandbox is not allowed in production');
    return { provider: 'sandbox' };
  }
  if (choice !== 'didit') throw new Error(`IDENTITY_PROVIDER must be didit or sandbox, got "${choice}"`);
  const apiKey = value('DIDIT_API_KEY');
  if (!apiKey) throw new Error('DIDIT_API_KEY must be set when IDENTITY_PROVIDER is didit');
  const baseUrl = value('DIDIT_API_BASE');
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new Error(`DIDIT_API_BASE must be an http(s) URL, got "${baseUrl}"`);
  return { provider: 'didit', didit: { apiKey, baseUrl } };
}

/**
 * Builds the provider the settings name (once per process, in the server's createAppServices): Didit's client, the
 * sandbox, or, for `none`, a provider whose every check throws AppError UNAVAILABLE
 * IDENTITY_CHECK_MESSAGES.unavailable.
 */
export function createIdentityCheck(settings: IdentityCheckSettings): IdentityCheckProvider {
  if (settings.provider === 'sandbox') return createSandboxIdentityCheck();
  if (settings.provider === 'didit') return createDiditIdentityCheck(settings.didit);
  return {
    name: 'none',
    async check() {
      console.error('identity check refused: no identity provider is configured (IDENTITY_PROVIDER, DIDIT_API_KEY)');
      throw new AppError('UNAVAILABLE', IDENTITY_CHECK_MESSAGES.unavailable);
    },
  };
}
