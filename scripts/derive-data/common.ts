import { readFileSync, writeFileSync, statSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';

/** The repository root and the shared data folder beside it (`../shared/data`). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SHARED_DATA = join(REPO_ROOT, '..', 'shared', 'data');
export const OUT = join(REPO_ROOT, 'data');

/** Reads a CSV or gzipped CSV as text. */
export function readText(path: string): string {
  let bytes: Buffer = readFileSync(path);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** Reads a CSV file into objects keyed by the header. */
export function readCsv(path: string): Record<string, string>[] {
  return parse(readText(path), { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text with a header line, RFC 4180 quoting, '\n' line ends. */
export function toCsv(columns: readonly string[], rows: Record<string, unknown>[]): string {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}

/** Writes `text` to `path`; with `gzip` as `path` + '.gz' (deterministic: no name or time in the header). */
export function writeOut(path: string, text: string, gzip = false): string {
  if (gzip) {
    const target = `${path}.gz`;
    writeFileSync(target, gzipSync(Buffer.from(text), { level: 9 }));
    rmSync(path, { force: true });
    return target;
  }
  writeFileSync(path, text);
  rmSync(`${path}.gz`, { force: true });
  return path;
}

export function sizeMb(path: string): string {
  return `${(statSync(path).size / 1e6).toFixed(2)} MB`;
}

/** Rounds degrees to `decimals` places. */
export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
