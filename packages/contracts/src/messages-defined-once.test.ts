import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

describe('contracts modules import each other without cycles', () => {
  it('has no cycle: a text taken from another file in a cycle would read an uninitialised object at import', () => {
    const files = sourceFiles(import.meta.dirname);
    const imports = new Map(files.map((file) => [file, [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*from '(\.[^']+)';/gm)]
      .map((match) => resolve(dirname(file), match[1]!))]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(import.meta.dirname, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
