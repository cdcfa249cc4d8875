import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Private builds of the web app for end-to-end runs (issue 8 §6). `react-router build` empties its output folder
 * before it writes, so a run serving `apps/web/build` loses its assets whenever anyone builds; each run therefore
 * builds into a folder of its own and its server serves that one (WEB_BUILD_DIR). The folder sits under
 * `apps/web/node_modules/.cache/` so that the server bundle's imports resolve the web app's packages.
 */
const PREFIX = 'nj-e2e-build-';

/** The private build folder of the e2e run whose process id is `pid`, under the repository `root`. */
export function webBuildFolder(root: string, pid: number): string {
  return join(root, 'apps/web/node_modules/.cache', `${PREFIX}${pid}`);
}

/** Removes the build folders of e2e runs whose process is no longer alive (`isAlive(pid)` false). */
export function sweepWebBuilds(root: string, isAlive: (pid: number) => boolean): void {
  const cache = join(root, 'apps/web/node_modules/.cache');
  if (!existsSync(cache)) return;
  for (const name of readdirSync(cache)) {
    const pid = name.startsWith(PREFIX) ? Number(name.slice(PREFIX.length)) : NaN;
    if (pid && !isAlive(pid)) rmSync(join(cache, name), { recursive: true, force: true });
  }
}

/**
 * Runs `npm run build -w @nj/web` with NJ_WEB_BUILD_DIR=`dir` (apps/web/react-router.config.ts) from the repository
 * `root`. Resolves the build's duration in ms; rejects with the build's output when it fails or writes no server
 * bundle. The output is kept quiet on success (hundreds of lines).
 */
export function buildWebApp(root: string, dir: string): Promise<number> {
  const started = Date.now();
  rmSync(dir, { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@nj/web'], {
      cwd: root, env: { ...process.env, NJ_WEB_BUILD_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0 && existsSync(join(dir, 'server/index.js'))) resolve(Date.now() - started);
      else reject(new Error(`the web app did not build (exit ${code}):\n${output}`));
    });
  });
}
