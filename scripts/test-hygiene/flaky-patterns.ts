import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Finds the patterns that make tests flaky (issue 8 §6, "Flaky patterns out of the suite"): fixed sleeps instead of
 * waiting for a condition, `force: true` actions that skip Playwright's checks that a person could act, and steps
 * of an end-to-end story that run only when the page happens to be in some state.
 */

/** One finding: the file (relative to the repository root, with `/`), the 1-based line, the rule and the line. */
export type FlakyFinding = { file: string; line: number; rule: string; text: string };

type Rule = { rule: string; pattern: RegExp; only?: (file: string) => boolean; unless?: RegExp };

const isStory = (file: string) => file.startsWith('e2e/');

/** The rules, each matched against one line at a time. */
export const FLAKY_RULES: readonly Rule[] = [
  { rule: 'waitForTimeout: wait for what the page should show instead', pattern: /\bwaitForTimeout\s*\(/ },
  {
    rule: 'force: true skips the checks that a person could act; act on what a person would click',
    pattern: /\bforce\s*:\s*true\b/,
    // Deleting files with rm/rmSync's `force` is not an action on a page.
    unless: /\b(rm|rmSync|rmdir|rmdirSync)\s*\(/,
  },
  {
    rule: 'fixed sleep (a promise resolved by a timer): wait for the condition, or use a fake clock',
    pattern: /new Promise(?:<[^>]*>)?\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*\{?\s*(?:void\s+)?setTimeout\(\s*(?:\1\s*,|\(\)\s*=>\s*\1\(\))/,
  },
  {
    rule: 'fixed sleep (a resolver handed to a timer): wait for the condition, or use a fake clock',
    pattern: /\bsetTimeout\(\s*(resolve|res|r|done|wake)\s*,/,
  },
  {
    rule: 'fixed sleep (timers/promises): wait for the condition, or use a fake clock',
    pattern: /from\s+['"](node:)?timers\/promises['"]/,
  },
  {
    rule: 'conditional step in a story: assert the state the story expects instead of branching on it',
    pattern: /\bif\s*\(\s*!?\s*\(?\s*await\b|\.(isVisible|isHidden|isChecked|isEnabled|isDisabled|isEditable)\s*\(/,
    only: isStory,
  },
  {
    rule: 'conditional step in a story (on the page, its address or an answer): assert the state instead',
    pattern: /\bif\s*\(.*(\bpage\.|\.url\(\)|\.ok\(\)|\.status\(\))/,
    only: (file) => file.startsWith('e2e/specs/'),
  },
];

/** The lines of `text` (a file at `file`, relative, with `/`) that break a rule, each once with the first rule. */
export function findFlakyPatterns(file: string, text: string): FlakyFinding[] {
  const findings: FlakyFinding[] = [];
  text.split('\n').forEach((line, i) => {
    // One finding per line: the first rule it breaks.
    const broken = FLAKY_RULES.find((r) => (!r.only || r.only(file)) && r.pattern.test(line) && !(r.unless?.test(line) ?? false));
    if (broken) findings.push({ file, line: i + 1, rule: broken.rule, text: line.trim() });
  });
  return findings;
}

const SKIPPED_DIRS = new Set(['node_modules', 'build', 'dist', '.react-router', 'test-results', 'screenshots']);

/**
 * The test files under `root` (a repository checkout): every `*.test.ts(x)` in apps, packages, scripts and test, and
 * every TypeScript file of the end-to-end stories (`e2e/`). Returns paths relative to `root`, with `/`.
 */
export function listTestFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name));
        continue;
      }
      const path = relative(root, join(dir, entry.name)).split(sep).join('/');
      const isTest = /\.test\.tsx?$/.test(entry.name);
      const isStoryCode = path.startsWith('e2e/') && /\.tsx?$/.test(entry.name);
      if (isTest || isStoryCode) files.push(path);
    }
  };
  for (const top of ['apps', 'packages', 'scripts', 'test', 'e2e']) walk(join(root, top));
  return files.sort();
}

/** Every finding in the test files of `root`, except in the files named in `exempt` (relative paths). */
export function scanTestFiles(root: string, exempt: readonly string[] = []): FlakyFinding[] {
  return listTestFiles(root)
    .filter((file) => !exempt.includes(file))
    .flatMap((file) => findFlakyPatterns(file, readFileSync(join(root, file), 'utf8')));
}
