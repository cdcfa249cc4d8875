import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Builds the web app for an end-to-end run (`npm run test:e2e`) so that runs sharing a machine never break each
 * other (issue 8 §6). `react-router build` empties `apps/web/build` before it writes, which would pull the assets
 * from under a server another run is testing. So the build goes to a private folder
 * (`apps/web/node_modules/.cache/nj-e2e-build-<pid>`, inside the app so its server bundle resolves the app's
 * packages; chosen through NJ_WEB_BUILD_DIR, see apps/web/react-router.config.ts), and its files are then moved
 * into `apps/web/build` one by one with rename(2), which replaces a file atomically and removes nothing: a page a
 * running server rendered still finds its hashed assets, and a server starting reads a whole bundle. The next plain
 * `npm run build` empties the folder as usual. Exits with the build's exit code.
 */
const root = resolve(import.meta.dirname, '..');
const web = join(root, 'apps/web');
const target = join(web, 'build');
const cache = join(web, 'node_modules/.cache');
const PREFIX = 'nj-e2e-build-';

/** True when a process with this id runs on this machine (signal 0 only checks). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Every file under `dir`, as absolute paths, deepest folders included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

mkdirSync(cache, { recursive: true });
for (const name of readdirSync(cache)) {
  const pid = Number(name.startsWith(PREFIX) ? name.slice(PREFIX.length) : NaN);
  if (pid && !isAlive(pid)) rmSync(join(cache, name), { recursive: true, force: true }); // a killed run's build
}
const own = join(cache, `${PREFIX}${process.pid}`);
rmSync(own, { recursive: true, force: true });

const started = Date.now();
const build = spawnSync('npm', ['run', 'build', '-w', '@nj/web'], {
  cwd: root, stdio: 'inherit', env: { ...process.env, NJ_WEB_BUILD_DIR: own },
});
if (build.status !== 0 || !existsSync(join(own, 'server/index.js'))) {
  rmSync(own, { recursive: true, force: true });
  console.error(`e2e: the web app did not build (exit ${build.status ?? build.signal})`);
  process.exit(build.status || 1);
}
const files = filesUnder(own);
for (const file of files) {
  const to = join(target, relative(own, file));
  mkdirSync(dirname(to), { recursive: true });
  renameSync(file, to);
}
rmSync(own, { recursive: true, force: true });
console.log(`e2e: web app built in ${Date.now() - started} ms; ${files.length} files moved into ${relative(root, target)}`);
