import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '@nj/contracts/common/app-error';
import type { OpenedTable, TableLimits, TableRow, TableSource } from '../read-table.ts';
import { MAX_COMPRESSION_RATIO, megabytes, rawChunks } from './source-bytes.ts';

/** Below this many declared bytes an entry's compression ratio is not checked. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Largest workbook.xml, its relationships or styles.xml read whole (they are small in real workbooks). */
const MAX_SMALL_PART_BYTES = 16 * 1024 * 1024;

/** Built-in number formats that show a date (ECMA-376 §18.8.30 and the East Asian locale ids). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** What openXlsx learns once and rows() reuses: the first worksheet's part, shared strings, date styles. */
type Workbook = { sheetPath: string; sharedStrings: string[]; dateStyles: Set<number>; date1904: boolean };

/** Inflated-byte budget shared by every part read in one pass over the zip. */
type Budget = { inflated: number; max: number };

/**
 * Opens an XLSX workbook for streaming its first visible worksheet. Before inflating anything it checks the zip's
 * declared sizes: more than `limits.maxBytes` in total, or an entry expanding more than 100 times (above 1 MB), is a
 * bomb; while inflating it counts bytes (and yauzl checks each entry against its declared size). A zip without
 * xl/workbook.xml is not a table. Cells read as a person sees them (see cellText). The header is the first non-empty
 * row; `hash` is the sha256 of the file's bytes. Throws AppError BAD_REQUEST (notATable, compressionBomb, legacyExcel
 * for encrypted parts, badXlsx for damaged XML, tooManyColumns, cellTooLarge, tooManyRows, emptyFile). Title rows
 * above the header (one filled cell) are skipped.
 */
export async function openXlsx(source: TableSource, fileName: string, limits: TableLimits): Promise<OpenedTable> {
  const hash = createHash('sha256');
  for await (const chunk of rawChunks(source, limits.maxBytes)) hash.update(chunk);
  const workbook = await withZip(source, limits, async (zip, entries, budget) => {
    const part = (name: string) => entries.get(name);
    const workbookEntry = part('xl/workbook.xml') ?? part(await officeDocumentPath(zip, entries, budget));
    if (!workbookEntry) throw new AppError('BAD_REQUEST', M.notATable(M.tableKinds.zip));
    const workbookXml = await readSmallPart(zip, workbookEntry, budget);
    const relsPath = posix.join(posix.dirname(workbookEntry.fileName), '_rels', `${posix.basename(workbookEntry.fileName)}.rels`);
    const rels = relationships(await readSmallPart(zip, part(relsPath), budget), posix.dirname(workbookEntry.fileName));
    const { sheetRelId, date1904 } = firstSheet(workbookXml);
    const sheetPath = rels.byId.get(sheetRelId ?? '');
    if (!sheetPath || !part(sheetPath)) throw new AppError('BAD_REQUEST', M.emptyFile);
    const stylesXml = await readSmallPart(zip, part(rels.byType.get('styles') ?? 'xl/styles.xml'), budget);
    const sharedEntry = part(rels.byType.get('sharedStrings') ?? 'xl/sharedStrings.xml');
    const sharedStrings = sharedEntry ? await readSharedStrings(zip, sharedEntry, budget) : [];
    return { sheetPath, sharedStrings, dateStyles: dateStyles(stylesXml), date1904 };
  });

  let header: string[] = [];
  let headerLine = 0;
  await withZip(source, limits, async (zip, entries, budget) => {
    // A title row ('Inventario de junio') often sits above the header: the header is the first of the first 10
    // non-empty rows with at least two filled cells, or the first row when none has two.
    let seen = 0;
    for await (const row of sheetRows(zip, entries.get(workbook.sheetPath)!, budget, workbook, limits)) {
      const filled = row.cells.filter((cell) => cell.trim() !== '').length;
      if (seen === 0 || filled >= 2) {
        header = trimTrailingEmpty(row.cells);
        headerLine = row.line;
      }
      if (filled >= 2 || ++seen >= 10) break;
    }
  });
  if (header.length === 0) throw new AppError('BAD_REQUEST', M.emptyFile);

  let iterated = false;
  return {
    fileName,
    format: 'xlsx',
    encoding: 'utf-8',
    separator: null,
    header,
    hash: hash.digest('hex'),
    rows(): AsyncIterable<TableRow> {
      if (iterated) throw new Error('rows() of an opened table can be iterated once');
      iterated = true;
      return dataRows(source, limits, workbook, headerLine, header.length);
    },
  };
}

/** The rows after the header, padded with '' to the header's width (trailing empty cells past it dropped). */
async function* dataRows(source: TableSource, limits: TableLimits, workbook: Workbook, headerLine: number, width: number): AsyncGenerator<TableRow> {
  const zip = await openZip(source);
  try {
    const entries = await listEntries(zip, limits);
    const budget: Budget = { inflated: 0, max: limits.maxBytes };
    let count = 0;
    for await (const row of sheetRows(zip, entries.get(workbook.sheetPath)!, budget, workbook, limits)) {
      if (row.line <= headerLine) continue;
      if (++count > limits.maxRows) throw new AppError('BAD_REQUEST', M.tooManyRows(limits.maxRows));
      const cells = row.cells.length > width ? trimTrailingEmpty(row.cells, width) : row.cells;
      while (cells.length < width) cells.push('');
      yield { line: row.line, cells };
    }
  } finally {
    zip.close();
  }
}

function trimTrailingEmpty(cells: string[], keep = 0): string[] {
  let end = cells.length;
  while (end > keep && (cells[end - 1] ?? '').trim() === '') end--;
  return cells.slice(0, end);
}

function openZip(source: TableSource): Promise<ZipFile> {
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: ZipFile) => (error || !zip ? reject(new AppError('BAD_REQUEST', M.badXlsx)) : resolve(zip));
    if ('bytes' in source) yauzl.fromBuffer(Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength), options, done);
    else yauzl.open(source.path, options, done);
  });
}

/**
 * Reads the zip's central directory (no inflating) and checks the declared sizes: AppError BAD_REQUEST
 * compressionBomb when they add up to more than `maxBytes` or an entry above 1 MB expands more than 100 times,
 * legacyExcel when a part is encrypted.
 */
function listEntries(zip: ZipFile, limits: TableLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let declared = 0;
    zip.on('error', () => reject(new AppError('BAD_REQUEST', M.badXlsx)));
    zip.on('entry', (entry: Entry) => {
      declared += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (declared > limits.maxBytes || (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > MAX_COMPRESSION_RATIO)) {
        reject(new AppError('BAD_REQUEST', M.compressionBomb(megabytes(limits.maxBytes))));
        return;
      }
      if (entry.isEncrypted()) {
        reject(new AppError('BAD_REQUEST', M.legacyExcel));
        return;
      }
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.readEntry();
  });
}

/** Opens the zip, lists and checks its entries, runs `use`, and closes the zip whatever happens. */
async function withZip<T>(source: TableSource, limits: TableLimits, use: (zip: ZipFile, entries: Map<string, Entry>, budget: Budget) => Promise<T>): Promise<T> {
  const zip = await openZip(source);
  try {
    const entries = await listEntries(zip, limits);
    return await use(zip, entries, { inflated: 0, max: limits.maxBytes });
  } finally {
    zip.close();
  }
}

/** The inflated bytes of one entry, counted against the pass's budget (AppError compressionBomb past it). */
async function* entryChunks(zip: ZipFile, entry: Entry, budget: Budget): AsyncGenerator<Buffer> {
  if (!entry.canDecodeFileData()) throw new AppError('BAD_REQUEST', M.badXlsx);
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) => (error ? reject(new AppError('BAD_REQUEST', M.badXlsx)) : resolve(readable))),
  );
  try {
    for await (const chunk of stream) {
      budget.inflated += (chunk as Buffer).length;
      if (budget.inflated > budget.max) throw new AppError('BAD_REQUEST', M.compressionBomb(megabytes(budget.max)));
      yield chunk as Buffer;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // yauzl stops an entry that inflates past its declared size: a zip bomb lying about its sizes.
    if (/too many bytes/.test((error as Error).message)) throw new AppError('BAD_REQUEST', M.compressionBomb(megabytes(budget.max)));
    throw new AppError('BAD_REQUEST', M.badXlsx);
  } finally {
    stream.destroy();
  }
}

/** A small XML part as text ('' when the part is absent); parts over 16 MB are refused as damaged. */
async function readSmallPart(zip: ZipFile, entry: Entry | undefined, budget: Budget): Promise<string> {
  if (!entry) return '';
  if (entry.uncompressedSize > MAX_SMALL_PART_BYTES) throw new AppError('BAD_REQUEST', M.badXlsx);
  const parts: Buffer[] = [];
  for await (const chunk of entryChunks(zip, entry, budget)) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

/** Runs a SAX parse over XML text, calling `onTag` for each opening tag (local name, attributes). */
function scanTags(xml: string, onTag: (name: string, attributes: Record<string, string>) => void): void {
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag: SaxesTagPlain) => onTag(localName(tag.name), tag.attributes as Record<string, string>));
  parser.on('error', () => {
    throw new AppError('BAD_REQUEST', M.badXlsx);
  });
  parser.write(xml).close();
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** The workbook part named by the package relationships (_rels/.rels), for files that keep it elsewhere. */
async function officeDocumentPath(zip: ZipFile, entries: Map<string, Entry>, budget: Budget): Promise<string> {
  const rels = relationships(await readSmallPart(zip, entries.get('_rels/.rels'), budget), '');
  return rels.byType.get('officeDocument') ?? '';
}

/** Relationship targets by id and by the last word of their type ('styles', 'sharedStrings', …), as zip paths. */
function relationships(xml: string, baseDir: string): { byId: Map<string, string>; byType: Map<string, string> } {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  if (!xml) return { byId, byType };
  scanTags(xml, (name, attributes) => {
    if (name !== 'Relationship' || !attributes.Target || attributes.TargetMode === 'External') return;
    const target = attributes.Target.startsWith('/') ? attributes.Target.slice(1) : posix.normalize(posix.join(baseDir, attributes.Target));
    byId.set(attributes.Id ?? '', target);
    const type = (attributes.Type ?? '').split('/').pop() ?? '';
    if (!byType.has(type)) byType.set(type, target);
  });
  return { byId, byType };
}

/** The relationship id of the first visible sheet, and whether dates count from 1904. */
function firstSheet(xml: string): { sheetRelId: string | null; date1904: boolean } {
  let sheetRelId: string | null = null;
  let date1904 = false;
  scanTags(xml, (name, attributes) => {
    if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
    if (name !== 'sheet' || sheetRelId !== null || attributes.state === 'hidden' || attributes.state === 'veryHidden') return;
    const id = Object.entries(attributes).find(([key]) => localName(key) === 'id');
    sheetRelId = id?.[1] ?? null;
  });
  return { sheetRelId, date1904 };
}

/** Indexes of the cell styles (cellXfs) whose number format shows a date. */
function dateStyles(xml: string): Set<number> {
  const customDates = new Set<number>();
  const styles = new Set<number>();
  let inCellXfs = false;
  let index = 0;
  if (!xml) return styles;
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    const attributes = tag.attributes as Record<string, string>;
    if (name === 'numFmt' && isDateFormatCode(attributes.formatCode ?? '')) customDates.add(Number(attributes.numFmtId));
    if (name === 'cellXfs') inCellXfs = true;
    if (name === 'xf' && inCellXfs) {
      const id = Number(attributes.numFmtId ?? 0);
      if (BUILTIN_DATE_FORMATS.has(id) || customDates.has(id)) styles.add(index);
      index++;
    }
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    if (localName(tag.name) === 'cellXfs') inCellXfs = false;
  });
  parser.on('error', () => {
    throw new AppError('BAD_REQUEST', M.badXlsx);
  });
  parser.write(xml).close();
  return styles;
}

/** Whether a custom number format shows a date: it has a day or year token outside quotes, brackets and escapes. */
function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, '');
  return /[dy]/i.test(bare);
}

/** Excel's escapes for control characters in strings: _x000D_ → a carriage return. */
function unescapeOoxml(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** Streams the shared string table (rich text runs joined, phonetic hints left out). */
async function readSharedStrings(zip: ZipFile, entry: Entry, budget: Budget): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 'si') current = '';
    else if (name === 'rPh') inPhonetic = true;
    else if (name === 't' && !inPhonetic) inText = true;
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 'si') {
      strings.push(unescapeOoxml(current ?? ''));
      current = null;
    } else if (name === 'rPh') inPhonetic = false;
    else if (name === 't') inText = false;
  });
  parser.on('text', (text: string) => {
    if (inText && current !== null) current += text;
  });
  await feed(parser, entryChunks(zip, entry, budget));
  return strings;
}

/** Feeds inflated chunks to a SAX parser as UTF-8 text; damaged XML becomes AppError badXlsx. */
async function feed(parser: SaxesParser, chunks: AsyncIterable<Buffer>, afterChunk?: () => void): Promise<void> {
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failed) throw new AppError('BAD_REQUEST', M.badXlsx);
    afterChunk?.();
  }
  parser.write(decoder.decode()).close();
  if (failed) throw new AppError('BAD_REQUEST', M.badXlsx);
}

/** Zero-based column of a cell reference ('B7' → 1), or -1 when the reference has no letters. */
function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
  }
  return i === 0 ? -1 : column - 1;
}

/** A number as a person reads it: no float noise (15 significant digits), no exponent for ordinary values. */
export function numberText(raw: string): string {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw.trim();
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
  return String(Number(value.toPrecision(15)));
}

/** An Excel date serial (days since 1899-12-30, or since 1904-01-01) as YYYY-MM-DD; the time of day is dropped. */
export function serialDateText(serial: number, date1904: boolean): string {
  const days = Math.floor(serial + 1e-9) + (date1904 ? 1462 : 0);
  return new Date(Date.UTC(1899, 11, 30) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The rows of a worksheet part, streamed: each with its sheet row number and cells as text (see cellText), gaps in
 * the row filled with ''. Empty rows are left out. Cells past `maxColumns` or over `maxCellBytes` throw AppError
 * BAD_REQUEST.
 */
async function* sheetRows(zip: ZipFile, entry: Entry, budget: Budget, workbook: Workbook, limits: TableLimits): AsyncGenerator<TableRow> {
  const ready: TableRow[] = [];
  let rowNumber = 0;
  let cells: string[] = [];
  let column = -1;
  let cell: { type: string; style: number; value: string; inline: string } | null = null;
  let capture: 'value' | 'inline' | null = null;
  let inPhonetic = false;
  let failure: AppError | null = null;
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    const attributes = tag.attributes as Record<string, string>;
    if (name === 'row') {
      rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
      cells = [];
      column = -1;
    } else if (name === 'c') {
      const at = attributes.r ? columnOf(attributes.r) : -1;
      column = at >= 0 ? at : column + 1;
      if (column >= limits.maxColumns) failure ??= new AppError('BAD_REQUEST', M.tooManyColumns(`${column + 1} o más`, limits.maxColumns));
      cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: '', inline: '' };
    } else if (name === 'v' && cell) capture = 'value';
    else if (name === 'rPh') inPhonetic = true;
    else if (name === 't' && cell && !inPhonetic) capture = 'inline';
  });
  parser.on('text', (text: string) => {
    if (!cell || capture === null) return;
    if (capture === 'value') cell.value += text;
    else cell.inline += text;
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 'v' || name === 't') capture = null;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === 'c' && cell) {
      const text = cellText(cell, workbook);
      if (text.length * 3 > limits.maxCellBytes && Buffer.byteLength(text) > limits.maxCellBytes) {
        failure ??= new AppError('BAD_REQUEST', M.cellTooLarge(rowNumber, Math.round(limits.maxCellBytes / 1024)));
      }
      if (failure === null && column < limits.maxColumns) {
        while (cells.length < column) cells.push('');
        cells[column] = text;
      }
      cell = null;
    } else if (name === 'row') {
      if (cells.some((text) => text.trim() !== '')) ready.push({ line: rowNumber, cells });
      cells = [];
    }
  });
  const chunks = entryChunks(zip, entry, budget)[Symbol.asyncIterator]();
  const decoder = new TextDecoder('utf-8');
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  try {
    for (;;) {
      const next = await chunks.next();
      parser.write(next.done ? decoder.decode() : decoder.decode(next.value, { stream: true }));
      if (next.done) parser.close();
      if (failed) throw new AppError('BAD_REQUEST', M.badXlsx);
      while (ready.length > 0) {
        if (failure) throw failure;
        yield ready.shift()!;
      }
      if (failure) throw failure;
      if (next.done) return;
    }
  } finally {
    await chunks.return?.(undefined);
  }
}

/**
 * A cell as the text a person sees: shared and inline strings as written, numbers without float noise, numbers
 * styled as dates as YYYY-MM-DD, booleans as VERDADERO/FALSO, error values (#N/A, …) as ''.
 */
function cellText(cell: { type: string; style: number; value: string; inline: string }, workbook: Workbook): string {
  switch (cell.type) {
    case 's':
      return cell.value.trim() === '' ? '' : (workbook.sharedStrings[Number(cell.value)] ?? '');
    case 'inlineStr':
      return unescapeOoxml(cell.inline);
    case 'str':
      return unescapeOoxml(cell.value);
    case 'b':
      return cell.value === '1' ? 'VERDADERO' : cell.value === '0' ? 'FALSO' : '';
    case 'e':
      return '';
    case 'd':
      return cell.value.slice(0, 10);
    default: {
      if (cell.value.trim() === '') return '';
      const serial = Number(cell.value);
      if (workbook.dateStyles.has(cell.style) && Number.isFinite(serial) && serial >= 1) return serialDateText(serial, workbook.date1904);
      return numberText(cell.value);
    }
  }
}
