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

/** The string literals of a source file ('…' and `…`), comments left out. */
function stringLiterals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/'((?:\\.|[^'\\\n])*)'|`((?:\\.|[^`\\])*)`/g)].map((match) => match[1] ?? match[2] ?? '');
}

describe('every Spanish sentence is defined in one messages file (issue 8 part 5)', () => {
  it('has no text of four words or more written in two files of the package', () => {
    const places = new Map<string, Set<string>>();
    for (const file of sourceFiles(import.meta.dirname)) {
      for (const text of stringLiterals(readFileSync(file, 'utf8'))) {
        if (text.trim().split(/\s+/).length < 4) continue;
        places.set(text, (places.get(text) ?? new Set()).add(relative(import.meta.dirname, file)));
      }
    }
    const twice = [...places].filter(([, files]) => files.size > 1).map(([text, files]) => `${text} (${[...files].join(', ')})`);
    expect(twice).toEqual([]);
  });
});
