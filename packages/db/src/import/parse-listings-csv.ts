import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '@nj/contracts/common/app-error';
import { RowError, type ListingFacts } from './listing-fields.ts';
import { detectLayout, type Layout } from './layouts.ts';

/**
 * The whole-text reader of the fixed layouts (our normalised file, Inmuebles24 scrapes, Properati datasets), kept for
 * the data derivation (scripts/derive-data) and the layouts' tests: it reads a CSV text at once, which is right for
 * those bounded files. Imports of any file go through importListings (streaming, any layout, geocoding).
 */

/** A data row read from a file: its facts and cells, or why it is skipped. Lines count from 1 (the header). */
export type ParsedRow = { line: number; facts: ListingFacts; cells: Record<string, string> } | { line: number; reason: string };

/** Reads a CSV or gzipped CSV file as text (gzip recognised by its magic bytes; stray non-UTF-8 bytes → U+FFFD). */
export function readCsvText(path: string): { text: string; hash: string } {
  if (!existsSync(path)) throw new AppError('NOT_FOUND', M.fileNotFound(path));
  let bytes: Buffer = readFileSync(path);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  const hash = createHash('sha256').update(bytes).digest('hex');
  return { text: new TextDecoder('utf-8').decode(bytes), hash };
}

/**
 * Parses a whole CSV text with the layout its header names. Returns the layout, and for each data row its line
 * number (of the row's first line; the header is line 1) with either its facts or the Spanish reason it is skipped.
 * Malformed CSV lines and repeated (source, source_id) are skipped too; nothing throws for a bad row.
 * Throws AppError BAD_REQUEST when the file is empty or its header is not recognised (see detectLayout).
 */
export function parseListingsCsv(text: string, fileName: string, options: { map?: Record<string, string>; source?: string } = {}): { layout: Layout; rows: ParsedRow[] } {
  const rows: ParsedRow[] = [];
  const skippedLines: ParsedRow[] = [];
  const records = parse(text, {
    info: true,
    raw: true,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err, raw) => {
      const line = (err as { lines?: number } | undefined)?.lines ?? 0;
      skippedLines.push({ line, reason: M.malformedLine(err?.message ?? String(raw ?? '').slice(0, 80)) });
      return undefined;
    },
  }) as unknown as { record: string[]; raw: string; info: { lines: number } }[];
  const header = records[0];
  if (!header) throw new AppError('BAD_REQUEST', M.emptyFile);
  const { layout, columns } = detectLayout(header.record, options.map ?? {});
  const seen = new Map<string, number>();
  for (let i = 1; i < records.length; i++) {
    const r = records[i]!;
    // info.lines is the record's last line; a quoted field may span several lines.
    const line = r.info.lines - (r.raw.replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0);
    const row: Record<string, string> = {};
    columns.forEach((name, idx) => {
      if (name) row[name] = r.record[idx] ?? '';
    });
    try {
      const facts = layout.parse(row, { fileName, rawLine: r.raw.replace(/\r?\n$/, ''), source: options.source });
      const key = `${facts.source}\u0000${facts.sourceId}`;
      const first = seen.get(key);
      if (first !== undefined) {
        rows.push({ line, reason: M.duplicateInFile(first) });
        continue;
      }
      seen.set(key, line);
      rows.push({ line, facts, cells: row });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      rows.push({ line, reason: error.message });
    }
  }
  rows.push(...skippedLines);
  return { layout, rows };
}
