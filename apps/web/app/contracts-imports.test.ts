import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts/.tsx file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the web app imports contracts by feature file (issue 8 part 5)', () => {
  it("never imports the @nj/contracts index, which would put every feature's schemas and zod in a page", () => {
    const offenders = sourceFiles(import.meta.dirname)
      .filter((file) => /from\s+['"]@nj\/contracts['"]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(import.meta.dirname, file));
    expect(offenders).toEqual([]);
  });
});
