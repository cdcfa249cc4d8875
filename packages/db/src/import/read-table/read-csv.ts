import { createHash } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '@nj/contracts/common/app-error';
import type { OpenedTable, TableLimits, TableRow, TableSource } from '../read-table.ts';
import { CsvScanner, HEAD_RECORDS, sniffSeparator, type CsvSeparator } from './csv-scan.ts';
import { contentChunks, sniffMagic, Utf8Census } from './source-bytes.ts';

/** Bytes of the start of a file used to recognise it and guess its separator (64 kB). */
const SNIFF_BYTES = 64 * 1024;
/** The header must end within this many bytes (1 MB). */
const MAX_HEADER_BYTES = 1024 * 1024;
const BOM = [0xef, 0xbb, 0xbf];

/**
 * Opens a CSV (or gzip'd CSV) for streaming: reads its first 64 kB to refuse what is not text and to guess the
 * separator, then streams the whole content once to hash it (sha256 of the decompressed bytes), to choose UTF-8 or
 * Windows-1252, and to refuse, before any row is used, a file whose records are too many, too wide, hold a cell
 * over the limit or leave a quote open. Returns the opened table (see openTable). Throws AppError BAD_REQUEST
 * with an IMPORT_MESSAGES text for each refusal; emptyFile when there is no header.
 */
export async function openCsv(source: TableSource, fileName: string, limits: TableLimits, gzip: boolean): Promise<OpenedTable> {
  const prefix = await readPrefix(source, limits, gzip);
  const kind = sniffMagic(prefix);
  if (kind === 'utf16') throw new AppError('BAD_REQUEST', M.utf16Text);
  if (kind === 'ole') throw new AppError('BAD_REQUEST', M.legacyExcel);
  if (kind === 'gzip' || kind === 'zip') throw new AppError('BAD_REQUEST', M.notATable(M.tableKinds.archive));
  if (kind !== 'text') throw new AppError('BAD_REQUEST', M.notATable(M.tableKinds[kind]));
  if (prefix.includes(0)) throw new AppError('BAD_REQUEST', M.notATable(M.tableKinds.binary));
  const separator = sniffSeparator(prefix.toString('latin1'));

  const hash = createHash('sha256');
  const census = new Utf8Census();
  const scanner = new CsvScanner(separator, limits.maxCellBytes);
  const headerParts: Buffer[] = [];
  let headerBytes = 0;
  for await (const chunk of contentChunks(source, limits, gzip)) {
    hash.update(chunk);
    census.scan(chunk);
    scanner.scan(chunk);
    if (headerBytes < MAX_HEADER_BYTES && (scanner.headEnds.length < HEAD_RECORDS || headerBytes < scanner.headEnds.at(-1)!)) {
      headerParts.push(chunk);
      headerBytes += chunk.length;
    }
    if (scanner.widest > limits.maxColumns) {
      throw new AppError('BAD_REQUEST', M.tooManyColumns(String(scanner.widest), limits.maxColumns));
    }
  }
  const unclosedLine = scanner.finish();
  if (scanner.widest > limits.maxColumns) throw new AppError('BAD_REQUEST', M.tooManyColumns(String(scanner.widest), limits.maxColumns));
  if (scanner.bigCellLine > 0) throw new AppError('BAD_REQUEST', M.cellTooLarge(scanner.bigCellLine, Math.round(limits.maxCellBytes / 1024)));
  if (unclosedLine > 0) throw new AppError('BAD_REQUEST', M.unclosedQuote(unclosedLine));
  if (scanner.headEnds.length === 0) throw new AppError('BAD_REQUEST', M.emptyFile);
  if (scanner.headEnds[0]! > MAX_HEADER_BYTES) throw new AppError('BAD_REQUEST', M.cellTooLarge(1, Math.round(limits.maxCellBytes / 1024)));

  const encoding = census.verdict();
  const headBytes = scanner.headEnds.filter((end) => end <= Math.min(headerBytes, MAX_HEADER_BYTES)).at(-1)!;
  const headText = new TextDecoder(encoding).decode(stripBom(Buffer.concat(headerParts).subarray(0, headBytes)));
  const { header: rawHeader, index: headerIndex } = findHeader(parseHead(headText, separator));
  const header = trimTrailingEmpty(rawHeader);
  if (header.length === 0) throw new AppError('BAD_REQUEST', M.emptyFile);
  if (scanner.records - 1 - headerIndex > limits.maxRows) throw new AppError('BAD_REQUEST', M.tooManyRows(limits.maxRows));

  let iterated = false;
  return {
    fileName,
    format: 'csv',
    encoding,
    separator,
    header,
    hash: hash.digest('hex'),
    rows(): AsyncIterable<TableRow> {
      if (iterated) throw new Error('rows() of an opened table can be iterated once');
      iterated = true;
      return csvRows(source, limits, gzip, encoding, separator, header.length, headerIndex);
    },
  };
}

/** The first 64 kB of the (decompressed) content. */
async function readPrefix(source: TableSource, limits: TableLimits, gzip: boolean): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of contentChunks(source, limits, gzip)) {
    parts.push(chunk);
    size += chunk.length;
    if (size >= SNIFF_BYTES) break;
  }
  return Buffer.concat(parts).subarray(0, SNIFF_BYTES);
}

function stripBom(bytes: Buffer): Buffer {
  return BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
}

/** The records of the head of a file (its first complete records). */
function parseHead(text: string, separator: CsvSeparator): string[][] {
  return parseSync(text, {
    delimiter: separator,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  }) as string[][];
}

/**
 * The header among the first records: the first one, unless it and the records after it up to the first with two
 * filled cells are title rows of one filled cell ('Reporte de inventario;;;;'), followed by more records of two
 * or more fields (so a one-column file is never cut). Returns the header's cells and its index among the records.
 */
function findHeader(records: string[][]): { header: string[]; index: number } {
  const filled = (record: string[]) => record.filter((cell) => cell.trim() !== '').length;
  const index = records.findIndex((record) => filled(record) >= 2);
  const after = index < 0 ? [] : records.slice(index + 1);
  if (index > 0 && after.length > 0 && after.every((record) => record.length >= 2)) return { header: records[index]!, index };
  return { header: records[0] ?? [], index: 0 };
}

/** Drops the empty cells at the end of a row (spreadsheets often export a few empty columns). */
function trimTrailingEmpty(cells: string[], keep = 0): string[] {
  let end = cells.length;
  while (end > keep && (cells[end - 1] ?? '').trim() === '') end--;
  return end === cells.length ? cells : cells.slice(0, end);
}

/** Line breaks inside a record's cells (CRLF counts once), to find the line where the record starts. */
function innerLineBreaks(cells: string[]): number {
  let count = 0;
  for (const cell of cells) {
    if (!cell.includes('\n') && !cell.includes('\r')) continue;
    count += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return count;
}

/** CRLF pairs inside a record's cells. */
function quotedCrlfs(cells: string[]): number {
  let count = 0;
  for (const cell of cells) if (cell.includes('\r\n')) count += cell.split('\r\n').length - 1;
  return count;
}

/**
 * Streams the data rows of a CSV already checked by openCsv: content chunks → decoder → csv-parse, with the header
 * record and any title rows above it left out. Each row's line is where it starts in the file; empty cells past the header's width are dropped.
 * The limits are checked again (the file could have changed since it was opened): AppError BAD_REQUEST.
 */
async function* csvRows(source: TableSource, limits: TableLimits, gzip: boolean, encoding: 'utf-8' | 'windows-1252', separator: CsvSeparator, width: number, headerIndex: number): AsyncGenerator<TableRow> {
  const text = (async function* () {
    const decoder = new TextDecoder(encoding);
    let first = true;
    for await (let chunk of contentChunks(source, limits, gzip)) {
      if (first) {
        chunk = stripBom(chunk);
        first = false;
      }
      yield decoder.decode(chunk, { stream: true });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  })();
  const parser = parse({
    delimiter: separator,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    info: true,
    max_record_size: Math.min(limits.maxBytes, limits.maxColumns * limits.maxCellBytes),
  });
  pipeline(Readable.from(text), parser, (error) => {
    if (error) parser.destroy(error);
  });
  let index = 0;
  // csv-parse counts a CRLF inside quotes as two lines, in this record and every later one: undo that.
  let doubleCounted = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      doubleCounted += quotedCrlfs(record);
      if (index++ <= headerIndex) continue;
      const line = info.lines - doubleCounted - innerLineBreaks(record);
      if (record.length > limits.maxColumns) throw new AppError('BAD_REQUEST', M.tooManyColumns(String(record.length), limits.maxColumns));
      for (const cell of record) {
        if (cell.length * 3 > limits.maxCellBytes && Buffer.byteLength(cell) > limits.maxCellBytes) {
          throw new AppError('BAD_REQUEST', M.cellTooLarge(line, Math.round(limits.maxCellBytes / 1024)));
        }
      }
      if (index - 1 - headerIndex > limits.maxRows) throw new AppError('BAD_REQUEST', M.tooManyRows(limits.maxRows));
      yield { line, cells: record.length > width ? trimTrailingEmpty(record, width) : record };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const lines = (error as { lines?: number }).lines ?? 0;
    throw new AppError('BAD_REQUEST', M.badCsv(lines));
  } finally {
    parser.destroy();
  }
}
