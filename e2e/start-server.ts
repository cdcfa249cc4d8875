import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync, spawn } from 'node:child_process';
import pg from 'pg';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * Starts the product for the end-to-end stories exactly as `npm start` does (migrations, first-start data import),
 * on a private data folder (`.data-e2e`) or, with DATABASE_URL, on a private database `nj_e2e`. In CI both are made
 * anew; locally they are kept between runs to save the import. Loads the SEPOMEX catalogue from ../shared/data when
 * present, as the README's import step describes.
 */
const root = resolve(import.meta.dirname, '..');
const env: NodeJS.ProcessEnv = { ...process.env };
const fresh = process.env.CI === 'true';

if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  if (fresh) await admin.query('DROP DATABASE IF EXISTS nj_e2e WITH (FORCE)');
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'nj_e2e'");
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE nj_e2e');
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/nj_e2e';
  env.DATABASE_URL = url.toString();
} else {
  env.DATA_DIR = join(root, '.data-e2e');
  if (fresh) rmSync(env.DATA_DIR, { recursive: true, force: true });
}

// A local OpenID Connect provider stands in for Google (the real protocol: discovery, PKCE, signed ID tokens).
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 3211);
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, { email: 'google.e2e@example.mx', email_verified: true, name: 'Gabriela Google' });
});
await oidc.start(oauthPort, '127.0.0.1');
Object.assign(env, {
  GOOGLE_CLIENT_ID: 'e2e-google-client', GOOGLE_CLIENT_SECRET: 'e2e-google-secret', GOOGLE_ISSUER_URL: oidc.issuer.url,
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? 3210}`,
  // The stories read PINs and codes from the local outbox, served only with this setting and only to loopback.
  DEV_OUTBOX: '1',
});

const sepomex = resolve(root, '../shared/data/mx-geocoder/sepomex_asentamientos.csv.gz');
if (existsSync(sepomex) && existsSync(join(root, 'packages/geo/src/cli/import-places.ts'))) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'packages/geo/src/cli/import-places.ts', sepomex], {
    cwd: root, env, stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
server.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.kill(signal);
    void oidc.stop();
  });
}
