import { readDbConfig, type DbConfig } from '@nj/db';
import { readOAuthConfig, type TOAuthConfig } from '@nj/core';

/** Server settings, all from the environment (README "Settings"). */
export type ServerConfig = DbConfig & {
  port: number;
  host: string;
  isProduction: boolean;
  /** Secret that signs CSRF tokens; a random one per process when unset outside production. */
  sessionSecret: string;
  /** MXN per USD and per EUR, used for budget filters on listings priced in other currencies. */
  exchangeRates: { usd: number; eur: number };
  /** A MapLibre style URL that replaces our offline default style. */
  mapStyleUrl: string | undefined;
  /** Public origin for canonical links and the sitemap, e.g. https://example.mx (default http://localhost:PORT). */
  publicUrl: string;
  /** True when PUBLIC_URL was given: then every absolute URL we build uses it, whatever the request's Host says. */
  publicUrlFromEnv: boolean;
  /** Skip importing the demo listings on an empty database (tests). */
  skipDemoImport: boolean;
  /** SMTP_URL (nodemailer URL, e.g. smtp://user:pass@host:587); unset = e-mails kept in the dev outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: sender of e-mails, default 'NJ Inmuebles <no-responder@localhost>'. */
  mailFrom: string | undefined;
  /** REDIS_URL: shared rate-limit counters; unset = counters in the database. */
  redisUrl: string | undefined;
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
  /** ENABLE_API_DOCS=1 serves Swagger UI at /api/docs in production too (always on outside production). */
  apiDocs: boolean;
  /** Social login providers with credentials (GOOGLE_/FACEBOOK_CLIENT_ID and _SECRET); absent ones are hidden. */
  oauth: TOAuthConfig;
};

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

/** Reads and checks the settings. Throws with the variable's name when one is malformed. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const isProduction = env.NODE_ENV === 'production';
  const port = positive('PORT', env.PORT, 3000);
  const secret = env.SESSION_SECRET?.trim();
  if (isProduction && (!secret || secret.length < 32)) {
    throw new Error('SESSION_SECRET must be set to at least 32 characters in production');
  }
  return {
    ...readDbConfig(env),
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    isProduction,
    sessionSecret: secret || cryptoRandom(),
    exchangeRates: { usd: positive('USD_MXN_RATE', env.USD_MXN_RATE, 18.5), eur: positive('EUR_MXN_RATE', env.EUR_MXN_RATE, 20.0) },
    mapStyleUrl: env.MAP_STYLE_URL?.trim() || undefined,
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlFromEnv: Boolean(env.PUBLIC_URL?.trim()),
    skipDemoImport: env.SKIP_DEMO_IMPORT === '1',
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    redisUrl: env.REDIS_URL?.trim() || undefined,
    oauth: readOAuthConfig(env),
    devOutbox: !isProduction && env.DEV_OUTBOX === '1',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    apiDocs: !isProduction || env.ENABLE_API_DOCS === '1',
  };
}

/** TRUST_PROXY: '' → false; '2' → 2 hops; 'a,b/8' → those addresses. Throws on a value that is neither. */
function readTrustProxy(raw: string | undefined): number | string[] | false {
  const value = raw?.trim();
  if (!value || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((x) => x.trim()).filter(Boolean);
  if (!list.every((x) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(x) || x === 'loopback' || x === 'linklocal' || x === 'uniquelocal')) {
    throw new Error(`TRUST_PROXY must be a hop count or a list of addresses, got "${raw}"`);
  }
  return list;
}

function cryptoRandom(): string {
  return globalThis.crypto.getRandomValues(new Uint8Array(32)).reduce((s, b) => s + b.toString(16).padStart(2, '0'), '');
}
