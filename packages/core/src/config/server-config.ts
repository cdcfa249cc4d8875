import { z } from 'zod';
import { defaultLegalContactEmail } from '@nj/contracts/legal/messages';
import { DB_VARIABLES, readDbConfig, type DbConfig } from '@nj/db';
import { OAUTH_VARIABLES, readOAuthConfig, type TOAuthConfig } from '../oauth/oauth-config.ts';
import { readS3Config, S3_VARIABLES } from '../media/storage/create-media-storage.ts';
import type { S3StorageConfig } from '../media/storage/s3-media-storage.ts';
import { readTextProviderSettings, TEXT_PROVIDER_VARIABLES, type TextProviderSettings } from '../verification/text-provider/create-text-provider.ts';
import { parseDataKey } from '../security/seal-text.ts';
import { IDENTITY_CHECK_VARIABLES, readIdentityCheckSettings, type IdentityCheckSettings } from '../identity-check/create-identity-check.ts';
import { CREDIT_BUREAU_VARIABLES, readCreditBureauSettings, type CreditBureauSettings } from '../credit-bureau/create-credit-bureau.ts';
import { DEFAULT_CREDIT_RULE, type CreditRuleSettings } from '../credit-investigation/decide-credit-passed.ts';
import { BOND_INSURER_VARIABLES, readBondInsurerSettings, type BondInsurerSettings } from '../bond-insurance/create-bond-insurer.ts';
import { PAYMENTS_VARIABLES, readPaymentsSettings, type PaymentsSettings } from '../payments/create-payment-provider.ts';
import { E_SIGNATURE_VARIABLES, readESignatureSettings, type ESignatureSettings } from '../e-signature/create-e-signature.ts';
import { PAYOUT_VARIABLES, readPayoutSettings, type PayoutSettings } from '../payouts/create-payout-provider.ts';
import { INTEGRATION_VARIABLES, readListingSourcesSettings, type ListingSourcesSettings } from '../integrations/create-listing-sources.ts';

/**
 * The server's settings, read once at start from the environment (README "Settings", issue 8 §2,
 * docs/decisions/006-services-and-config.md). Every adapter in AppServices is built from this; no module reads the
 * environment after start.
 */
export type ServerConfig = DbConfig & {
  port: number;
  host: string;
  isProduction: boolean;
  /** WEB_CONCURRENCY: server processes asked for (1 turns clustering off); undefined = one per core (PostgreSQL only). */
  webConcurrency: number | undefined;
  /** Secret that signs CSRF tokens; a random one per process when unset outside production. */
  sessionSecret: string;
  /** DATA_ENCRYPTION_KEY: 32 bytes that seal sensitive personal data at rest (security/seal-text.ts). */
  dataKey: Buffer;
  /** MXN per USD and per EUR, used for budget filters on listings priced in other currencies. */
  exchangeRates: { usd: number; eur: number };
  /** A MapLibre style URL that replaces our offline default style. */
  mapStyleUrl: string | undefined;
  /**
   * MAP_PMTILES_PATH: a PMTiles archive of Mexico on this server's disk (for example a Protomaps basemap extract)
   * served by range requests at /api/v1/map/pmtiles/base.pmtiles and drawn with the Protomaps style; undefined
   * keeps the offline style over our own tiles. MAP_STYLE_URL wins over it.
   */
  mapPmtilesPath: string | undefined;
  /** Public origin for canonical links and the sitemap, e.g. https://example.mx (default http://localhost:PORT). */
  publicUrl: string;
  /** True when PUBLIC_URL was given: then every absolute URL we build uses it, whatever the request's Host says. */
  publicUrlFromEnv: boolean;
  /**
   * The product's own origin, where the central login of branded sites lives (issue 15 'Branded login', decision 031):
   * PUBLIC_URL when set, else http://PRODUCT_HOST (default localhost:PORT). A branded host sends people here.
   */
  productOrigin: string;
  /** Skip importing the demo listings on an empty database (tests). */
  skipDemoImport: boolean;
  /** SMTP_URL (nodemailer URL, e.g. smtp://user:pass@host:587); unset = e-mails kept in the dev outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: sender of e-mails, default 'NJ Inmuebles <no-responder@localhost>'. */
  mailFrom: string | undefined;
  /** REDIS_URL: shared rate-limit counters and chat rooms; unset = counters in the database, chat in one process. */
  redisUrl: string | undefined;
  /** LEGAL_CONTACT_EMAIL: the address the legal pages name for privacy (ARCO) requests; default privacidad@ the
   * public site's host (defaultLegalContactEmail). */
  legalContactEmail: string;
  /**
   * DEV_OUTBOX=1 (never in production): serve the local outbox (`/dev/correos`, `GET /api/dev/outbox`), which shows
   * PINs and reset links, and only to clients on this machine (loopback, no proxy headers). Off by default.
   */
  devOutbox: boolean;
  /**
   * TRUST_PROXY: which proxies may set X-Forwarded-For/-Proto (a hop count such as `1`, or comma-separated
   * addresses/CIDRs such as `127.0.0.1,10.0.0.0/8`); unset = none, so the client IP is the socket's.
   */
  trustProxy: number | string[] | false;
  /**
   * SUPPORT_EMAILS (issue 14, the first support user without stopping the server): comma-separated e-mail addresses
   * and/or '@domain' entries (every address of that domain); a registered client whose listed e-mail is verified is
   * granted 'support' (by 'SUPPORT_EMAILS', recorded in privilege_grants) when they sign in or verify it. Lowercased;
   * empty = nobody.
   */
  supportEmails: string[];
  /** ENABLE_API_DOCS=1 serves Swagger UI at /api/docs in production too (always on outside production). */
  apiDocs: boolean;
  /** Social login providers with credentials (GOOGLE_/FACEBOOK_CLIENT_ID and _SECRET); absent ones are hidden. */
  oauth: TOAuthConfig;
  /**
   * Page micro-cache for visitors without a signed-in session: PAGE_CACHE_MS (ms a page is shared, 0 = off),
   * PAGE_CACHE_STALE_MS (ms an expired page may still be served while one render replaces it), PAGE_CACHE_ENTRIES,
   * PAGE_CACHE_DETAIL_MS (ms a listing's detail page is shared: longer, since a change to the listing drops it at once).
   */
  pageCache: { ttlMs: number; staleMs: number; maxEntries: number; detailTtlMs: number };
  /** WhatsApp/SMS provider (SMS_PROVIDER, TWILIO_*). */
  textProvider: TextProviderSettings;
  /** INE validation provider (IDENTITY_PROVIDER, DIDIT_*): Didit, the sandbox, or none in an unconfigured production. */
  identityCheck: IdentityCheckSettings;
  /** Credit bureau (CREDIT_BUREAU_PROVIDER, CIRCULO_*): Círculo de Crédito, the sandbox, or none in an unconfigured production. */
  creditBureau: CreditBureauSettings;
  /**
   * The is_cr_passed rule (decision 017): INVESTIGATION_INCOME_MULTIPLE (verified monthly income ≥ this × (rent +
   * maintenance); default 3, a third), INVESTIGATION_MIN_SCORE (FICO below fails; 580), INVESTIGATION_GOOD_SCORE
   * (FICO from passes, between goes to review; 670).
   */
  creditRule: CreditRuleSettings;
  /** Bond insurance for guarantor type nowo (BOND_INSURER_PROVIDER, APOLLO_*): APOLLO, the sandbox, or none (decision 018). */
  bondInsurer: BondInsurerSettings;
  /** Payments (PAYMENTS_PROVIDER, STRIPE_*): Stripe or the sandbox (default outside production; decision 023). */
  payments: PaymentsSettings;
  /** Electronic signature of leases (ESIGN_PROVIDER, DOCUSEAL_*): DocuSeal, the sandbox, or none (decision 021). */
  eSignature: ESignatureSettings;
  /** SPEI payouts out of custody (PAYOUT_PROVIDER, STP_*): STP, the sandbox (default outside production), or none (decision 025). */
  payouts: PayoutSettings;
  /** Listing providers (EASYBROKER_PROVIDER, EASYBROKER_API_URL, KW_PROVIDER, KW_API_URL): real API, sandbox or none (decision 033). */
  integrations: ListingSourcesSettings;
  /** S3-compatible media bucket (S3_*); null = photos in DATA_DIR/media. */
  s3: S3StorageConfig | null;
  /**
   * WEB_BUILD_DIR: the folder `react-router build` wrote (absolute, or relative to the working directory); unset =
   * apps/web/build. Each e2e run serves a build of its own from here, so another build cannot pull its assets away.
   */
  webBuildDir: string | undefined;
};

/** A variable's value with surrounding blanks removed; blank counts as unset. */
const text = z.string().optional().transform((raw) => raw?.trim() || undefined);

/** `1` turns it on; anything else (or unset) leaves it off. */
const flag = z.string().optional().transform((raw) => raw?.trim() === '1');

/** A number > 0 (`fallback` when unset). Issue message, after the variable's name: must be a positive number. */
function positive(fallback: number) {
  return z.string().optional().transform((raw, ctx) => {
    const value = raw?.trim();
    if (!value) return fallback;
    const n = Number(value);
    if (Number.isFinite(n) && n > 0) return n;
    ctx.addIssue({ code: 'custom', message: `must be a positive number, got "${raw}"` });
    return z.NEVER;
  });
}

/** A number ≥ 0 (`fallback` when unset); `whole` asks for an integer ≥ 1. */
function amount(fallback: number | undefined, options: { whole?: boolean; unit: string }) {
  return z.string().optional().transform((raw, ctx) => {
    const value = raw?.trim();
    if (!value) return fallback;
    const n = Number(value);
    if (options.whole ? Number.isInteger(n) && n >= 1 : Number.isFinite(n) && n >= 0) return n;
    ctx.addIssue({ code: 'custom', message: `must be ${options.whole ? 'a whole number ≥ 1' : 'a number ≥ 0'} (${options.unit}), got "${raw}"` });
    return z.NEVER;
  });
}

/** SUPPORT_EMAILS: comma-separated addresses or '@domain' entries, lowercased; each must look like one. */
const supportEmails = z.string().optional().transform((raw, ctx): string[] => {
  const entries = (raw ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  for (const e of entries) {
    if (!/^([^@\s,]+)?@[^@\s,]+\.[^@\s,]+$/.test(e)) {
      ctx.addIssue({ code: 'custom', message: `must be e-mail addresses or @domain entries separated by commas, got "${e}"` });
      return z.NEVER;
    }
  }
  return entries;
});

/** TRUST_PROXY: '' / '0' / 'false' → false; '2' → 2 hops; 'a,b/8' → those addresses. */
const trustProxy = z.string().optional().transform((raw, ctx): number | string[] | false => {
  const value = raw?.trim();
  if (!value || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((x) => x.trim()).filter(Boolean);
  if (list.every((x) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(x) || x === 'loopback' || x === 'linklocal' || x === 'uniquelocal')) return list;
  ctx.addIssue({ code: 'custom', message: `must be a hop count or a list of addresses, got "${raw}"` });
  return z.NEVER;
});

/** An absolute URL whose scheme is one of `schemes` (e.g. ['http:', 'https:']). */
/** `value` with any `user:password@` removed, for messages that print a setting. */
function withoutCredentials(value: string): string {
  return value.replace(/\/\/[^/@\s]*@/, '//…@');
}

function urlWith(schemes: string[]) {
  return text.transform((value, ctx) => {
    if (value === undefined) return undefined;
    let scheme = '';
    try {
      scheme = new URL(value).protocol;
    } catch {
      // not a URL: reported below
    }
    if (schemes.includes(scheme)) return value;
    // The value may carry a password (DATABASE_URL): the message shows the URL without user and password.
    ctx.addIssue({ code: 'custom', message: `must be a ${schemes.map((s) => `${s}//`).join(' or ')} URL, got "${withoutCredentials(value)}"` });
    return z.NEVER;
  });
}

/**
 * Variables read by module parsers (database, social login, media bucket, text provider, identity provider, credit
 * bureau): kept as trimmed text.
 */
const MODULE_VARIABLES = [
  ...DB_VARIABLES, ...OAUTH_VARIABLES, ...S3_VARIABLES, ...TEXT_PROVIDER_VARIABLES, ...IDENTITY_CHECK_VARIABLES, ...CREDIT_BUREAU_VARIABLES,
  ...BOND_INSURER_VARIABLES, ...PAYMENTS_VARIABLES,
  ...E_SIGNATURE_VARIABLES,
  ...PAYOUT_VARIABLES,
  ...INTEGRATION_VARIABLES,
] as const;
const moduleVariables = Object.fromEntries(MODULE_VARIABLES.map((name) => [name, text])) as Record<(typeof MODULE_VARIABLES)[number], typeof text>;

/**
 * Every environment variable the server reads, one key each (the README's settings table is tested against these
 * keys). Values are checked one by one here; rules across variables are checked when the config is assembled.
 */
export const ZServerEnv = z.object({
  ...moduleVariables,
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']),
  NODE_ENV: text,
  PORT: positive(3000),
  HOST: text,
  WEB_CONCURRENCY: amount(undefined, { whole: true, unit: 'server processes' }),
  SESSION_SECRET: text,
  DATA_ENCRYPTION_KEY: text,
  USD_MXN_RATE: positive(18.5),
  EUR_MXN_RATE: positive(20),
  MAP_STYLE_URL: text,
  MAP_PMTILES_PATH: text.refine((v) => v === undefined || /\.pmtiles$/i.test(v), { message: 'must name a .pmtiles file' }),
  PUBLIC_URL: urlWith(['http:', 'https:']),
  PRODUCT_HOST: text.refine((v) => v === undefined || /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i.test(v), { message: 'must be a host name with an optional port, e.g. localhost:3000' }),
  SKIP_DEMO_IMPORT: flag,
  SMTP_URL: text,
  MAIL_FROM: text,
  LEGAL_CONTACT_EMAIL: text.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  REDIS_URL: text,
  DEV_OUTBOX: flag,
  TRUST_PROXY: trustProxy,
  SUPPORT_EMAILS: supportEmails,
  ENABLE_API_DOCS: flag,
  PAGE_CACHE_MS: amount(3000, { unit: 'ms' }),
  PAGE_CACHE_STALE_MS: amount(2000, { unit: 'ms' }),
  PAGE_CACHE_ENTRIES: amount(500, { whole: true, unit: 'pages' }),
  PAGE_CACHE_DETAIL_MS: amount(60000, { unit: 'ms' }),
  WEB_BUILD_DIR: text,
  INVESTIGATION_INCOME_MULTIPLE: positive(DEFAULT_CREDIT_RULE.incomeMultiple),
  INVESTIGATION_MIN_SCORE: amount(DEFAULT_CREDIT_RULE.minScore, { whole: true, unit: 'FICO score' }),
  INVESTIGATION_GOOD_SCORE: amount(DEFAULT_CREDIT_RULE.goodScore, { whole: true, unit: 'FICO score' }),
});

/** The names of every variable the server reads (the keys of ZServerEnv). */
export const SERVER_VARIABLES = Object.keys(ZServerEnv.shape).sort();

type ServerEnv = z.output<typeof ZServerEnv>;

/** Runs a module's parser; an Error it throws (whose message names the variable) becomes an issue. */
function fromModule<T>(ctx: z.RefinementCtx, read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

function randomSecret(): string {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(32))).toString('hex');
}

/** The environment checked variable by variable, then assembled into a ServerConfig with the rules across variables. */
export const ZServerConfig = ZServerEnv.transform((env: ServerEnv, ctx): ServerConfig => {
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
    ctx.addIssue({ code: 'custom', message: 'SESSION_SECRET must be set to at least 32 characters in production' });
  }
  const dataKey = parseDataKey(env.DATA_ENCRYPTION_KEY, isProduction);
  if (typeof dataKey === 'string') ctx.addIssue({ code: 'custom', message: `DATA_ENCRYPTION_KEY ${dataKey}` });
  const textProvider = fromModule(ctx, () => readTextProviderSettings(env, isProduction));
  const s3 = fromModule(ctx, () => readS3Config(env));
  const identityCheck = fromModule(ctx, () => readIdentityCheckSettings(env, isProduction));
  const creditBureau = fromModule(ctx, () => readCreditBureauSettings(env, isProduction));
  const creditRule = { incomeMultiple: env.INVESTIGATION_INCOME_MULTIPLE, minScore: env.INVESTIGATION_MIN_SCORE ?? DEFAULT_CREDIT_RULE.minScore, goodScore: env.INVESTIGATION_GOOD_SCORE ?? DEFAULT_CREDIT_RULE.goodScore };
  if (creditRule.minScore > creditRule.goodScore) ctx.addIssue({ code: 'custom', message: 'INVESTIGATION_MIN_SCORE must not be above INVESTIGATION_GOOD_SCORE' });
  const bondInsurer = fromModule(ctx, () => readBondInsurerSettings(env, isProduction));
  const payments = fromModule(ctx, () => readPaymentsSettings(env, isProduction));
  const eSignature = fromModule(ctx, () => readESignatureSettings(env, isProduction));
  const payouts = fromModule(ctx, () => readPayoutSettings(env, isProduction));
  const integrations = fromModule(ctx, () => readListingSourcesSettings(env, isProduction));
  return {
    ...readDbConfig(env),
    port: env.PORT,
    host: env.HOST ?? '0.0.0.0',
    isProduction,
    webConcurrency: env.WEB_CONCURRENCY,
    sessionSecret: env.SESSION_SECRET ?? randomSecret(),
    dataKey: typeof dataKey === 'string' ? Buffer.alloc(32) : dataKey,
    exchangeRates: { usd: env.USD_MXN_RATE, eur: env.EUR_MXN_RATE },
    mapStyleUrl: env.MAP_STYLE_URL,
    mapPmtilesPath: env.MAP_PMTILES_PATH,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    publicUrlFromEnv: env.PUBLIC_URL !== undefined,
    productOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://${(env.PRODUCT_HOST ?? `localhost:${env.PORT}`).toLowerCase()}`,
    skipDemoImport: env.SKIP_DEMO_IMPORT,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    legalContactEmail: env.LEGAL_CONTACT_EMAIL ?? defaultLegalContactEmail((env.PUBLIC_URL ?? `http://localhost:${env.PORT}`)),
    redisUrl: env.REDIS_URL,
    devOutbox: !isProduction && env.DEV_OUTBOX,
    trustProxy: env.TRUST_PROXY,
    supportEmails: env.SUPPORT_EMAILS,
    apiDocs: !isProduction || env.ENABLE_API_DOCS,
    oauth: readOAuthConfig(env),
    pageCache: {
      ttlMs: env.PAGE_CACHE_MS ?? 3000, staleMs: env.PAGE_CACHE_STALE_MS ?? 2000, maxEntries: env.PAGE_CACHE_ENTRIES ?? 500,
      // Off with the rest when PAGE_CACHE_MS=0 (the baseline of bench:load).
      detailTtlMs: env.PAGE_CACHE_MS === 0 ? 0 : env.PAGE_CACHE_DETAIL_MS ?? 60000,
    },
    textProvider: textProvider ?? { provider: 'none' },
    identityCheck: identityCheck ?? { provider: 'none' },
    creditBureau: creditBureau ?? { provider: 'none' },
    creditRule,
    bondInsurer: bondInsurer ?? { provider: 'none' },
    payments: payments ?? { provider: 'sandbox' },
    eSignature: eSignature ?? { provider: 'none' },
    payouts: payouts ?? { provider: 'none' },
    integrations: integrations ?? { easybroker: { provider: 'none' }, kw: { provider: 'none' } },
    s3: s3 ?? null,
    webBuildDir: env.WEB_BUILD_DIR,
  };
});

/** A malformed setting: the message has one line per problem, each naming its variable. */
export class ServerConfigError extends Error {
  override name = 'ServerConfigError';
}

/**
 * Reads and checks the server's settings from `env` (the process environment by default), once, at start.
 * Takes an environment record (variable name → text); returns the ServerConfig. Throws one Error listing every
 * malformed value, each line naming its variable (e.g. `PORT must be a positive number, got "x"`), as a
 * ServerConfigError, so start fails before anything is opened.
 */
export function readServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = ZServerConfig.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')} ${issue.message}` : issue.message));
  throw new ServerConfigError(lines.join('\n'));
}

/**
 * True when this process runs with NODE_ENV=production, read once when the settings module loads (at start). For the
 * few pure rules that differ in production and are called where the settings object is not at hand (decision 030:
 * local `*.localhost`/`*.test` domains count as verified only outside production).
 */
export const RUNS_IN_PRODUCTION: boolean = process.env.NODE_ENV === 'production';
