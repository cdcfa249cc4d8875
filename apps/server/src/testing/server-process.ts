import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../../..');
/** The API and job worker as main.ts runs them, without the web build (routes/listings/testing/serve-api.ts). */
const ENTRY = join(import.meta.dirname, '../routes/listings/testing/serve-api.ts');

/** For tests that start real processes: a TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const p = (s.address() as { port: number }).port;
  s.close();
  return p;
}

/** A server process started by startApiProcess, with everything it printed so far. */
export type ApiProcess = { child: ChildProcess; output: () => string };

/**
 * For crash tests: starts the real server (serve-api.ts) as its own process on its own PGlite `dataDir` and `port`
 * (DEV_OUTBOX on, no demo import, no SMTP or S3 unless `env` says so; settings in `env` win) and resolves once it
 * prints its 'LISTO' line. Rejects with its output when it exits first or is not ready within 120 s.
 */
export async function startApiProcess(options: { dataDir: string; port: number; env?: NodeJS.ProcessEnv }): Promise<ApiProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: options.dataDir, PORT: String(options.port), HOST: '127.0.0.1', SKIP_DEMO_IMPORT: '1',
    DEV_OUTBOX: '1', SESSION_SECRET: 'p'.repeat(40), NODE_ENV: 'development', SMTP_URL: '', S3_BUCKET: '', ...options.env,
  };
  delete env.DATABASE_URL; // always its own PGlite: one process owns it, as `npm start` runs it by default
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 120_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('LISTO')) { clearTimeout(timer); ready(); }
    });
    child.stderr!.on('data', (c: Buffer) => { out += c.toString(); });
    child.once('exit', (code) => { clearTimeout(timer); fail(new Error(`server exited (${code}): ${out}`)); });
  });
  return { child, output: () => out };
}

/** Sends `signal` to a started process and resolves with its exit code (null when killed by the signal, or already gone). */
export async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<number | null> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = await exited;
  return code as number | null;
}
