/**
 * Reading an import file as a table, streaming (issue 10, "What a file may look like" and "Performance and
 * limits"): CSV with ',' ';' or tab separators, quoted line breaks, a BOM, UTF-8 (stray bytes → U+FFFD) or
 * Windows-1252; gzip'd CSV; XLSX (first visible worksheet). Whatever is not a readable table within the limits is
 * refused by openTable with a Spanish AppError before a single row is handed out, so nothing is ever written for it.
 * Design: docs of issue 10, part 1 ("reader"); the engine (import-listings.ts) calls openTable first.
 */
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '@nj/contracts/common/app-error';
import { openCsv } from './read-table/read-csv.ts';
import { openXlsx } from './read-table/read-xlsx.ts';
import { checkSource, rawChunks, sniffMagic } from './read-table/source-bytes.ts';

/** A data row: its cells as text, and `line`, the 1-based line of the file where the row starts (header = 1); for XLSX the sheet's row number. */
export type TableRow = { line: number; cells: string[] };

/** Where a table comes from: a file on disk, or bytes already in memory (an upload) with the file's name. */
export type TableSource = { path: string } | { bytes: Uint8Array; name: string };

/**
 * What a table may be: `maxBytes` of the file and of its decompressed content (gzip, or the XLSX's parts added up),
 * `maxColumns` per row, `maxCellBytes` per cell (UTF-8 bytes), `maxRows` data rows.
 */
export type TableLimits = { maxBytes: number; maxColumns: number; maxCellBytes: number; maxRows: number };

/** The limits used for what a caller does not set: 200 MB, 500 columns, 64 kB cells, 1,000,000 rows. */
export const DEFAULT_TABLE_LIMITS: TableLimits = {
  maxBytes: 200 * 1024 * 1024,
  maxColumns: 500,
  maxCellBytes: 64 * 1024,
  maxRows: 1_000_000,
};

/**
 * An opened table. `header` holds the header's cells (trailing empty ones dropped; in an XLSX, a title row of one
 * cell above the header is skipped); `hash` is the sha256 (hex) of
 * the decompressed content of a CSV (a file and its gzip'd copy hash alike) or of an XLSX file's bytes, for resuming
 * runs of the same file. `rows()` streams the data rows (empty lines/rows left out) and can be iterated once; rows
 * whose cell count differs from the header's are yielded as they are, except that empty cells past the header's
 * width are dropped (and XLSX rows are padded with '' to it).
 */
export type OpenedTable = {
  fileName: string;
  format: 'csv' | 'xlsx';
  encoding: 'utf-8' | 'windows-1252';
  separator: ',' | ';' | '\t' | null;
  header: string[];
  hash: string;
  rows(): AsyncIterable<TableRow>;
};

/**
 * Opens a CSV, gzip'd CSV or XLSX (recognised by its first bytes, never by its name) for streaming. It reads the
 * file to check it (memory stays flat: the content is streamed, at most the first 64 kB and the header are held;
 * for XLSX the shared strings): size first (a path by its size on disk), then what the bytes are, then, for a CSV,
 * the encoding, separator, widest row, largest cell, row count and quotes over the whole content.
 * Takes the source and limits over DEFAULT_TABLE_LIMITS. Returns the OpenedTable.
 * Throws AppError NOT_FOUND (fileNotFound) for a missing path, and BAD_REQUEST with an IMPORT_MESSAGES text for:
 * not a table (image, PDF, archive, a zip that is not XLSX, NUL bytes, UTF-16, old .xls or protected workbook),
 * over maxBytes (fileTooLarge), a zip/gzip bomb (decompressed over maxBytes or expanding over 100 times:
 * compressionBomb), more than maxColumns columns, a cell over maxCellBytes, more than maxRows rows, an unclosed
 * quote, a damaged gzip or workbook, an empty file or no header (emptyFile). rows() may throw the same AppErrors if
 * the file changes after it was opened.
 */
export async function openTable(source: TableSource, limits: Partial<TableLimits> = {}): Promise<OpenedTable> {
  const effective: TableLimits = { ...DEFAULT_TABLE_LIMITS, ...limits };
  const { fileName, size } = await checkSource(source, effective);
  if (size === 0) throw new AppError('BAD_REQUEST', M.emptyFile);
  const head = await firstBytes(source, effective);
  const kind = sniffMagic(head);
  if (kind === 'zip') return openXlsx(source, fileName, effective);
  if (kind === 'gzip') return openCsv(source, fileName, effective, true);
  if (kind === 'text' || kind === 'utf16' || kind === 'ole') return openCsv(source, fileName, effective, false);
  throw new AppError('BAD_REQUEST', M.notATable(M.tableKinds[kind]));
}

/** The first 16 bytes of a source (for its magic number). */
async function firstBytes(source: TableSource, limits: TableLimits): Promise<Buffer> {
  for await (const chunk of rawChunks(source, limits.maxBytes)) return chunk.subarray(0, 16);
  return Buffer.alloc(0);
}
