import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A private redis-server for a test: its URL and how to stop it. */
export type TestRedis = { url: string; stop: () => void };

/**
 * Starts `redis-server` (from PATH; `.ci/run` installs it) on a free 127.0.0.1 port, keeping nothing on disk, and
 * resolves once it logs 'Ready to accept connections' (not after a guessed delay).
 * @returns `{ url: 'redis://127.0.0.1:PORT', stop }`
 * @throws Error when the binary is missing or the server exits before it is ready
 */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Ready to accept connections')) resolve();
    });
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() };
}
