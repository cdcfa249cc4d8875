import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const WORKSPACES = ['apps/server', 'apps/web', 'packages/contracts', 'packages/core', 'packages/db', 'packages/geo', 'e2e'];

/**
 * Which of our packages each may import (issue 8 §2): lower layers never reach up, so @nj/db does not import core
 * and the web app does not import the server package.
 */
const MAY_IMPORT: Record<string, string[]> = {
  '@nj/contracts': [],
  '@nj/db': ['@nj/contracts'],
  '@nj/geo': ['@nj/contracts', '@nj/db'],
  '@nj/core': ['@nj/contracts', '@nj/db', '@nj/geo'],
  '@nj/server': ['@nj/contracts', '@nj/db', '@nj/geo', '@nj/core'],
  '@nj/web': ['@nj/contracts', '@nj/geo', '@nj/core'],
  '@nj/e2e': ['@nj/contracts', '@nj/db', '@nj/geo', '@nj/core'],
};

type PackageJson = { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'build' || name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The package names a source file imports (static, dynamic, re-exports, type-only), without node built-ins. */
function importedPackages(source: string): string[] {
  const pattern = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  const names = new Set<string>();
  for (const match of source.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) continue;
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
    if (!builtinModules.includes(name)) names.add(name);
  }
  return [...names];
}

/**
 * Tests, test helpers, benchmarks and build-time files (Vite and React Router configuration, the route table React
 * Router's build reads, the bundle report, Vite plugins in apps/web/vite/) may use devDependencies; everything else
 * needs a dependency.
 */
const isDevOnly = (path: string) =>
  /\.test\.tsx?$|\/testing\/|\/bench\/|^e2e\/|\.config\.ts$|^apps\/web\/app\/routes\.ts$|^apps\/web\/bundle-report\/|^apps\/web\/vite\//.test(path);

describe('workspace dependencies (issue 8 §2)', () => {
  for (const workspace of WORKSPACES) {
    const pkg = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as PackageJson;
    it(`${pkg.name} declares every package it imports and imports only the layers below it`, () => {
      const runtime = new Set(Object.keys(pkg.dependencies ?? {}));
      const dev = new Set(Object.keys(pkg.devDependencies ?? {}));
      const undeclared: string[] = [];
      const upward: string[] = [];
      for (const file of sourceFiles(join(ROOT, workspace))) {
        const path = relative(ROOT, file);
        for (const name of importedPackages(readFileSync(file, 'utf8'))) {
          if (name === pkg.name) continue;
          // A package that is only types (`geojson` from @types/geojson) is erased at build: declaring its @types is enough.
          const typesOnly = dev.has(`@types/${name}`) && !existsSync(join(ROOT, 'node_modules', name, 'package.json'));
          if (!runtime.has(name) && !(isDevOnly(path) && dev.has(name)) && !typesOnly) undeclared.push(`${path}: ${name}`);
          // Tests may open a test database of a lower layer (a declared devDependency) to set up their data.
          if (name.startsWith('@nj/') && !MAY_IMPORT[pkg.name]!.includes(name) && !(isDevOnly(path) && dev.has(name))) upward.push(`${path}: ${name}`);
        }
      }
      expect(undeclared).toEqual([]);
      expect(upward).toEqual([]);
    });
  }
});
