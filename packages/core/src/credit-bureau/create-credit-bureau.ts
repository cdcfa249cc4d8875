import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { CREDIT_BUREAU_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { createCirculoCreditBureau, type CirculoConfig } from './circulo-credit-bureau.ts';
import type { CreditBureauProvider } from './credit-bureau-provider.ts';
import { createSandboxCreditBureau } from './sandbox-credit-bureau.ts';

/**
 * Which credit bureau to build (ServerConfig.creditBureau): the sandbox, Círculo de Crédito with its credentials and
 * keys, or none (production without CREDIT_BUREAU_PROVIDER and without any CIRCULO_* variable: the server starts and
 * every query is refused in Spanish).
 */
export type CreditBureauSettings =
  | { provider: 'sandbox' }
  | { provider: 'circulo'; circulo: Pick<CirculoConfig, 'apiKey' | 'username' | 'password' | 'privateKey' | 'publicKey' | 'baseUrl'> }
  | { provider: 'none' };

/** The variables read by readCreditBureauSettings (listed in the server's settings schema and the README). */
export const CREDIT_BUREAU_VARIABLES = [
  'CREDIT_BUREAU_PROVIDER', 'CIRCULO_API_KEY', 'CIRCULO_USERNAME', 'CIRCULO_PASSWORD', 'CIRCULO_PRIVATE_KEY',
  'CIRCULO_PUBLIC_KEY', 'CIRCULO_API_BASE',
] as const;
type Variable = (typeof CREDIT_BUREAU_VARIABLES)[number];

/** A PEM held in one environment variable: real line breaks or `\n` escapes. */
function pem(value: string): string {
  return value.replace(/\\n/g, '\n');
}

/** Our EC P-384 private key (the one whose certificate is uploaded to Círculo's portal). */
function privateKey(value: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem(value));
  } catch {
    throw new Error('CIRCULO_PRIVATE_KEY must be a PEM private key (EC secp384r1)');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'secp384r1') {
    throw new Error('CIRCULO_PRIVATE_KEY must be an EC key on secp384r1 (P-384), as Círculo de Crédito asks');
  }
  return key;
}

/** Círculo's certificate (or bare public key) from the portal. */
function publicKey(value: string): KeyObject {
  try {
    const text = pem(value);
    const key = text.includes('BEGIN CERTIFICATE') ? new X509Certificate(text).publicKey : createPublicKey(text);
    if (key.asymmetricKeyType === 'ec') return key;
  } catch {
    // reported below
  }
  throw new Error('CIRCULO_PUBLIC_KEY must be the PEM certificate (or EC public key) Círculo de Crédito gives the application');
}

/**
 * Reads CREDIT_BUREAU_PROVIDER=circulo|sandbox (default sandbox outside production, circulo in production) and, for
 * Círculo, CIRCULO_API_KEY, CIRCULO_USERNAME, CIRCULO_PASSWORD, CIRCULO_PRIVATE_KEY (our EC P-384 private key, PEM;
 * `\n` escapes allowed), CIRCULO_PUBLIC_KEY (Círculo's certificate, PEM) and optionally CIRCULO_API_BASE (the
 * product URL) from `env` (an environment record, read once at start; secrets only from there). Production with
 * CREDIT_BUREAU_PROVIDER unset and no CIRCULO_* variable gives `{ provider: 'none' }`.
 * Throws Error naming the variable: an unknown provider, the sandbox in production, a missing Círculo variable, a key
 * that is not a PEM EC P-384 private key, a certificate that does not parse, or a base that is not an http(s) URL.
 */
export function readCreditBureauSettings(env: { [K in Variable]?: string | undefined }, isProduction: boolean): CreditBureauSettings {
  const value = (name: Variable) => env[name]?.trim() || undefined;
  const asked = value('CREDIT_BUREAU_PROVIDER')?.toLowerCase();
  if (!asked && isProduction && !CREDIT_BUREAU_VARIABLES.some((name) => value(name))) return { provider: 'none' };
  const choice = asked || (isProduction ? 'circulo' : 'sandbox');
  if (choice === 'sandbox') {
    if (isProduction) throw new Error('CREDIT_BUREAU_PROVIDER=sandbox is not allowed in production');
    return { provider: 'sandbox' };
  }
  if (choice !== 'circulo') throw new Error(`CREDIT_BUREAU_PROVIDER must be circulo or sandbox, got "${choice}"`);
  const need = (name: Exclude<Variable, 'CREDIT_BUREAU_PROVIDER' | 'CIRCULO_API_BASE'>): string => {
    const v = value(name);
    if (!v) throw new Error(`${name} must be set when CREDIT_BUREAU_PROVIDER is circulo`);
    return v;
  };
  const baseUrl = value('CIRCULO_API_BASE');
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new Error(`CIRCULO_API_BASE must be an http(s) URL, got "${baseUrl}"`);
  return {
    provider: 'circulo',
    circulo: {
      apiKey: need('CIRCULO_API_KEY'), username: need('CIRCULO_USERNAME'), password: need('CIRCULO_PASSWORD'),
      privateKey: privateKey(need('CIRCULO_PRIVATE_KEY')), publicKey: publicKey(need('CIRCULO_PUBLIC_KEY')), baseUrl,
    },
  };
}

/**
 * Builds the bureau the settings name (once per process, in the server's createAppServices): Círculo de Crédito's
 * client, the sandbox, or, for `none`, a provider whose every query throws AppError UNAVAILABLE
 * CREDIT_BUREAU_MESSAGES.unavailable.
 */
export function createCreditBureau(settings: CreditBureauSettings): CreditBureauProvider {
  if (settings.provider === 'sandbox') return createSandboxCreditBureau();
  if (settings.provider === 'circulo') return createCirculoCreditBureau(settings.circulo);
  return {
    name: 'none',
    async getReport() {
      console.error('credit report refused: no credit bureau is configured (CREDIT_BUREAU_PROVIDER, CIRCULO_*)');
      throw new AppError('UNAVAILABLE', CREDIT_BUREAU_MESSAGES.unavailable);
    },
  };
}
