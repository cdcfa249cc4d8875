import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { freePort } from '../../e2e/support/free-port.ts';

/** The repository's root folder (benches run the product from there). */
export const REPO = new URL('../../', import.meta.url).pathname;

/**
 * Starts a server program for a benchmark, as deployed (NODE_ENV=production: the development React build renders
 * several times slower; a random SESSION_SECRET), on a free port of 127.0.0.1, its output written to `logFile`.
 * `program` is the entry file relative to the repository (`apps/server/src/main.ts`, or `e2e/start-server.ts` for a
 * private copy of the demo database and web build); `nodeArgs` go before it (e.g. `--cpu-prof`); `env` adds
 * settings; `onLine` sees each line of its standard output (progress worth echoing). Resolves once the server
 * printed its ready line `Listo:` with the child and its port. Rejects when it exits first or is not ready within
 * 10 minutes (a first start imports the demo data).
 */
export async function startBenchServer(options: {
  program: string; logFile: string; env?: Record<string, string>; nodeArgs?: string[]; onLine?: (line: string) => void;
}): Promise<{ child: ChildProcess; port: number }> {
  const port = freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), options.program], {
    cwd: REPO,
    env: {
      ...process.env, NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('base64url'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), ...options.env,
      PORT: String(port), HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 10 min (see ${options.logFile})`)), 600_000);
    let seen = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      if (options.onLine) for (const line of text.split('\n')) if (line.trim()) options.onLine(line);
      seen = (seen + text).slice(-4000);
      if (seen.includes('Listo:')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it was ready (see ${options.logFile})`));
    };
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  return { child, port };
}

/**
 * Stops a server started by startBenchServer: SIGTERM (it finishes what runs; e2e/start-server.ts then removes its
 * build and data), SIGKILL after `killAfterMs` (default 30 s). Resolves once it exited.
 */
export async function stopBenchServer(child: ChildProcess, killAfterMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}
