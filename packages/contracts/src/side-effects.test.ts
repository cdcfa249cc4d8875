import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every non-test .ts file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Top-level lines of a module that start a statement run on import (a call such as `z.config(…)`), not a
 * declaration, import or export. A heuristic: a side effect inside a declaration's initialiser is not seen.
 */
function topLevelStatements(source: string): string[] {
  const declaration = /^(export |import |const |let |function |async function |type |interface |class |declare |enum )/;
  return source.split('\n').filter((line) => /^[A-Za-z_$]/.test(line) && !declaration.test(line));
}

describe('package.json sideEffects names every module that runs code on import (issue 8 part 5)', () => {
  it('lists exactly the files with top-level statements, so bundlers keep them and drop the rest when unused', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { sideEffects: string[] };
    const withStatements = sourceFiles(import.meta.dirname)
      .filter((file) => topLevelStatements(readFileSync(file, 'utf8')).length > 0)
      .map((file) => `./src/${relative(import.meta.dirname, file)}`);
    expect(withStatements.sort()).toEqual([...pkg.sideEffects].sort());
  });
});
