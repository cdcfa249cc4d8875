import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerConfig, SERVER_VARIABLES } from './config.ts';

const ROOT = join(import.meta.dirname, '../../..');

/** The variables named in the first column of the README's "Settings" table. */
function readmeVariables(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Settings'), readme.indexOf('\n## ', readme.indexOf('## Settings') + 1));
  const names = section.split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!));
  return [...new Set(names)].sort();
}

/** Every .ts/.tsx/.mjs source file under `dir`, skipping node_modules and build output. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'build' || name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

/**
 * Where reading the environment is allowed (issue 8 §2: no module reads it after start): the one read at start
 * (main.ts, the `npm run worker` entry worker.ts, and the settings schema), the database settings command line tools read at their start, command line
 * tools, benchmarks, test helpers and tests.
 */
const MAY_READ_ENV = [
  /^apps\/server\/src\/(main|worker)\.ts$/,
  /^packages\/core\/src\/config\/server-config\.ts$/,
  /^packages\/db\/src\/config\.ts$/,
  /\/cli\//,
  /\/bench\//,
  /\/testing\//,
  /\.test\.tsx?$/,
];

describe('readServerConfig (README "Settings")', () => {
  it('gives the documented defaults with an empty environment', () => {
    const config = readServerConfig({});
    expect(config).toMatchObject({
      port: 3000, host: '0.0.0.0', isProduction: false, url: undefined, webConcurrency: undefined,
      exchangeRates: { usd: 18.5, eur: 20 }, publicUrl: 'http://localhost:3000', publicUrlFromEnv: false,
      skipDemoImport: false, devOutbox: false, trustProxy: false, apiDocs: true, oauth: {},
      pageCache: { ttlMs: 3000, staleMs: 2000, maxEntries: 500 }, textProvider: { provider: 'sandbox' }, s3: null,
      identityCheck: { provider: 'sandbox' }, creditBureau: { provider: 'sandbox' },
      legalContactEmail: 'privacidad@localhost',
    });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads each variable into its setting', () => {
    const config = readServerConfig({
      PORT: '8080', HOST: ' 127.0.0.1 ', WEB_CONCURRENCY: '3', SESSION_SECRET: 's'.repeat(40), USD_MXN_RATE: '17.2',
      PUBLIC_URL: 'https://nj.example.mx/', DATABASE_URL: 'postgres://u@h/db', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      PAGE_CACHE_MS: '0', PAGE_CACHE_ENTRIES: '20', DEV_OUTBOX: '1', SKIP_DEMO_IMPORT: '1',
      S3_BUCKET: 'media', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config).toMatchObject({
      port: 8080, host: '127.0.0.1', webConcurrency: 3, exchangeRates: { usd: 17.2, eur: 20 },
      publicUrl: 'https://nj.example.mx', publicUrlFromEnv: true, url: 'postgres://u@h/db',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'], pageCache: { ttlMs: 0, staleMs: 2000, maxEntries: 20 },
      devOutbox: true, skipDemoImport: true, s3: { bucket: 'media', region: 'us-east-1' },
    });
    expect(config.oauth.google?.clientId).toBe('id');
    expect(readServerConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    // The legal contact: the deployment's own domain unless named.
    expect(config.legalContactEmail).toBe('privacidad@nj.example.mx');
    expect(readServerConfig({ PUBLIC_URL: 'https://www.casas.mx' }).legalContactEmail).toBe('privacidad@casas.mx');
    expect(readServerConfig({ LEGAL_CONTACT_EMAIL: ' datos@casas.mx ' }).legalContactEmail).toBe('datos@casas.mx');
    // The central login of branded sites (decision 031): PUBLIC_URL's origin, else http://PRODUCT_HOST, else localhost.
    expect(config.productOrigin).toBe('https://nj.example.mx');
    expect(readServerConfig({ PRODUCT_HOST: '127.0.0.1:4100' }).productOrigin).toBe('http://127.0.0.1:4100');
    expect(readServerConfig({ PORT: '3100' }).productOrigin).toBe('http://localhost:3100');
  });

  it('fails with the variable named for every malformed value', () => {
    const failure = (env: Record<string, string>) => {
      try {
        readServerConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(failure({ PORT: 'abc', WEB_CONCURRENCY: '1.5', TRUST_PROXY: 'not a host' }).split('\n')).toEqual([
      'PORT must be a positive number, got "abc"',
      'WEB_CONCURRENCY must be a whole number ≥ 1 (server processes), got "1.5"',
      'TRUST_PROXY must be a hop count or a list of addresses, got "not a host"',
    ]);
    expect(failure({ LEGAL_CONTACT_EMAIL: 'privacidad' })).toMatch(/^LEGAL_CONTACT_EMAIL must be an e-mail address/);
    expect(failure({ USD_MXN_RATE: '-3' })).toBe('USD_MXN_RATE must be a positive number, got "-3"');
    expect(failure({ PAGE_CACHE_STALE_MS: 'soon' })).toBe('PAGE_CACHE_STALE_MS must be a number ≥ 0 (ms), got "soon"');
    expect(failure({ DATABASE_URL: 'mysql://h/db' })).toMatch(/^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(failure({ DATABASE_URL: 'mysql://admin:s3creta@h/db' })).not.toContain('s3creta');
    expect(failure({ PUBLIC_URL: 'nj.example.mx' })).toMatch(/^PUBLIC_URL must be a http:\/\/ or https:\/\/ URL/);
    expect(failure({ PRODUCT_HOST: 'http://evil.com/' })).toMatch(/^PRODUCT_HOST must be a host name/);
    expect(failure({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toBe('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
    expect(failure({ SMS_PROVIDER: 'pigeon' })).toBe('SMS_PROVIDER must be twilio or sandbox, got "pigeon"');
    expect(failure({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toBe('TWILIO_AUTH_TOKEN must be set when SMS_PROVIDER is twilio');
  });

  it('applies the production rules', () => {
    expect(() => readServerConfig({ NODE_ENV: 'production' })).toThrow('SESSION_SECRET must be set to at least 32 characters in production');
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(32), DATA_ENCRYPTION_KEY: 'a'.repeat(64) };
    // Sensitive personal data are sealed at rest: production needs its own 32-byte key.
    expect(() => readServerConfig({ NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(32) })).toThrow('DATA_ENCRYPTION_KEY must be set in production');
    expect(() => readServerConfig({ ...production, DATA_ENCRYPTION_KEY: 'corta' })).toThrow('DATA_ENCRYPTION_KEY must be 32 bytes as base64 or hex');
    expect(readServerConfig({ ...production, DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).dataKey).toEqual(Buffer.alloc(32, 7));
    const config = readServerConfig({ ...production, DEV_OUTBOX: '1' });
    expect(config).toMatchObject({
      isProduction: true, devOutbox: false, apiDocs: false, textProvider: { provider: 'none' },
      identityCheck: { provider: 'none' }, creditBureau: { provider: 'none' },
    });
    expect(() => readServerConfig({ ...production, IDENTITY_PROVIDER: 'sandbox' })).toThrow('IDENTITY_PROVIDER=sandbox is not allowed in production');
    expect(() => readServerConfig({ ...production, CIRCULO_API_KEY: 'k' })).toThrow('CIRCULO_USERNAME must be set when CREDIT_BUREAU_PROVIDER is circulo');
    expect(readServerConfig({ ...production, ENABLE_API_DOCS: '1' }).apiDocs).toBe(true);
    expect(() => readServerConfig({ ...production, SMS_PROVIDER: 'sandbox' })).toThrow('SMS_PROVIDER=sandbox is not allowed in production');
    expect(readServerConfig({
      ...production, TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+14155550100',
    }).textProvider).toMatchObject({ provider: 'twilio', twilio: { accountSid: 'AC1', from: '+14155550100' } });
  });

  it('the README settings table names exactly the variables of the schema', () => {
    expect(readmeVariables()).toEqual(SERVER_VARIABLES);
  });
});

describe('no module reads the environment after start (issue 8 §2)', () => {
  it('process.env appears only in start-up, settings, command line, benchmark and test files', () => {
    const roots = ['apps/server/src', 'apps/web/app', ...readdirSync(join(ROOT, 'packages')).map((p) => `packages/${p}/src`)];
    const offenders = roots
      .flatMap((root) => sourceFiles(join(ROOT, root)))
      .map((path) => relative(ROOT, path))
      .filter((path) => !MAY_READ_ENV.some((allowed) => allowed.test(path)))
      .filter((path) => /\bprocess\s*(\.\s*env|\[\s*['"]env['"]\s*\])/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
