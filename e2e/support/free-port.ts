import { execFileSync } from 'node:child_process';

/**
 * A TCP port on 127.0.0.1 that no process listens on now, chosen by the operating system (listening on port 0).
 * Synchronous, because playwright.config.ts must know the port while it is loaded: it asks a short-lived Node
 * process (about 50 ms). Returns the port number (1–65535). Another process could take the port before our server
 * binds it (Playwright then stops with "already used"); two runs starting together are given different ports.
 */
export function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  const port = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
  if (!Number.isInteger(port) || port <= 0) throw new Error(`could not find a free port (got ${port})`);
  return port;
}
