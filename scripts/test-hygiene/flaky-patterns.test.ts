import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFlakyPatterns, listTestFiles, scanTestFiles } from './flaky-patterns.ts';

const root = resolve(import.meta.dirname, '../..');
// This file and the rules quote the patterns they look for.
const SELF = ['scripts/test-hygiene/flaky-patterns.test.ts'];

describe('flaky patterns (issue 8 §6)', () => {
  it('no test sleeps for a fixed time, forces a click, or branches a story on the page state', () => {
    const findings = scanTestFiles(root, SELF).map((f) => `${f.file}:${f.line}: ${f.rule}\n    ${f.text}`);
    expect(findings, findings.join('\n')).toEqual([]);
  });

  it('scans the unit, API and end-to-end test files', () => {
    const files = listTestFiles(root);
    expect(files).toContain('e2e/specs/listings.spec.ts');
    expect(files).toContain('e2e/start-server.ts');
    expect(files).toContain('scripts/test-hygiene/flaky-patterns.test.ts');
    expect(files.some((f) => f.startsWith('apps/server/src/') && f.endsWith('.test.ts'))).toBe(true);
    expect(files.some((f) => f.startsWith('packages/core/src/') && f.endsWith('.test.ts'))).toBe(true);
    expect(files.some((f) => f.includes('node_modules'))).toBe(false);
  });

  it('recognises each pattern and leaves the look-alikes alone', () => {
    const flagged = (file: string, line: string) => findFlakyPatterns(file, line).length > 0;
    for (const sleep of [
      'await new Promise((r) => setTimeout(r, 20));',
      'await new Promise<void>((resolve) => setTimeout(resolve, 300));',
      'await new Promise(r => setTimeout(r, 5))',
      'await new Promise((done) => { setTimeout(() => done(), 50); });',
      '  setTimeout(resolve, 300);',
      "import { setTimeout as sleep } from 'node:timers/promises';",
      'await page.waitForTimeout(1500);',
      "await toggle.click({ force: true });",
    ]) expect(flagged('apps/server/src/x.test.ts', sleep), sleep).toBe(true);
    for (const step of [
      'if (await menu.isVisible()) await menu.click();',
      "if (!(await page.getByLabel('Municipio').inputValue())) {",
      "if (!page.url().includes('/propiedades')) await searchButton.click();",
      'if (search.ok()) {',
    ]) {
      expect(flagged('e2e/specs/x.spec.ts', step), step).toBe(true);
    }
    for (const fine of [
      'rmSync(dir, { recursive: true, force: true });',
      'await rm(path, { force: true });',
      'const timer = setTimeout(() => fail(new Error("did not start")), 120_000);',
      'await vi.waitFor(() => expect(started).toEqual([0, 1]));',
      'if (await isReady()) return;', // outside the stories, an ordinary condition
    ]) expect(flagged('apps/server/src/x.test.ts', fine), fine).toBe(false);
  });
});
