import { CONTRACT_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { createDocusealESignature } from './docuseal-e-signature.ts';
import type { ESignatureProvider } from './e-signature-provider.ts';
import { createSandboxESignature } from './sandbox-e-signature.ts';

/** Which e-signature provider to build (ServerConfig.eSignature). */
export type ESignatureSettings =
  | { provider: 'sandbox' }
  | { provider: 'docuseal'; docuseal: { baseUrl: string | undefined; apiKey: string; webhookSecret: string | undefined } }
  | { provider: 'none' };

/** The variables readESignatureSettings reads. */
export const E_SIGNATURE_VARIABLES = ['ESIGN_PROVIDER', 'DOCUSEAL_URL', 'DOCUSEAL_API_KEY', 'DOCUSEAL_WEBHOOK_SECRET'] as const;
type Variable = (typeof E_SIGNATURE_VARIABLES)[number];

/**
 * Reads ESIGN_PROVIDER=docuseal|sandbox (default: sandbox outside production; in production docuseal when
 * DOCUSEAL_API_KEY is set, else none) with DOCUSEAL_API_KEY, DOCUSEAL_URL (default DocuSeal's cloud API) and
 * DOCUSEAL_WEBHOOK_SECRET (the value DocuSeal's webhook settings send in the `X-Docuseal-Secret` header).
 * Throws Error naming the variable: an unknown provider, the sandbox in production, a missing key, a URL that is not http(s).
 */
export function readESignatureSettings(env: { [K in Variable]?: string | undefined }, isProduction: boolean): ESignatureSettings {
  const value = (name: Variable) => env[name]?.trim() || undefined;
  const asked = value('ESIGN_PROVIDER')?.toLowerCase();
  if (!asked && isProduction && !value('DOCUSEAL_API_KEY')) return { provider: 'none' };
  const choice = asked || (isProduction ? 'docuseal' : 'sandbox');
  if (choice === 'sandbox') {
    if (isProduction) throw new Error('ESIGN_PROVIDER=sandbox is not allowed in production');
    return { provider: 'sandbox' };
  }
  if (choice !== 'docuseal') throw new Error(`ESIGN_PROVIDER must be docuseal or sandbox, got "${choice}"`);
  const apiKey = value('DOCUSEAL_API_KEY');
  if (!apiKey) throw new Error('DOCUSEAL_API_KEY must be set when ESIGN_PROVIDER is docuseal');
  const baseUrl = value('DOCUSEAL_URL');
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new Error(`DOCUSEAL_URL must be an http(s) URL, got "${baseUrl}"`);
  return { provider: 'docuseal', docuseal: { baseUrl, apiKey, webhookSecret: value('DOCUSEAL_WEBHOOK_SECRET') } };
}

/** Builds the provider the settings name; `none` refuses every call with AppError UNAVAILABLE M.providerNotConfigured. */
export function createESignature(settings: ESignatureSettings, deps: { database: Database; publicUrl: string }): ESignatureProvider {
  if (settings.provider === 'sandbox') return createSandboxESignature(deps);
  if (settings.provider === 'docuseal') return createDocusealESignature(settings.docuseal);
  const refuse = async (): Promise<never> => {
    console.error('e-signature refused: no provider is configured (ESIGN_PROVIDER, DOCUSEAL_*)');
    throw new AppError('UNAVAILABLE', M.providerNotConfigured);
  };
  return { name: 'none', createSubmission: refuse, getSubmission: refuse, download: refuse };
}
