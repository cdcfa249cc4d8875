/** The field separators a CSV may use (issue 10: comma, semicolon or tab). */
export type CsvSeparator = ',' | ';' | '\t';

/** How many records from the top may be looked at to find the header (title rows may sit above it). */
export const HEAD_RECORDS = 10;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Walks the bytes of a CSV, chunk by chunk, with the quoting rules csv-parse applies (a quote opens a quoted field
 * only at the start of a field, '""' inside it is a quote, line breaks inside quotes belong to the field), without
 * decoding: quotes, separators and line breaks are ASCII in UTF-8 and Windows-1252 alike. It learns the number of
 * non-empty records, the widest record (fields), the first cell longer than a limit (its line), an unclosed quote
 * (its line), and where each of the first 10 records ends (the header is one of them).
 */
export class CsvScanner {
  /** Non-empty records seen (header included). */
  records = 0;
  /** Most fields in one record. */
  widest = 0;
  /** Byte offsets just past the line break of each of the first HEAD_RECORDS records (where the header is looked for). */
  readonly headEnds: number[] = [];
  /** Line (1-based) where the first cell longer than the limit starts (0 when none). */
  bigCellLine = 0;
  private readonly sep: number;
  private line = 1;
  private offset = 0;
  private inQuotes = false;
  private quoteSeen = false;
  private atFieldStart = true;
  private lineHasContent = false;
  private fields = 0;
  private fieldBytes = 0;
  private fieldLine = 1;
  private quoteLine = 0;
  private prevCR = false;

  constructor(separator: CsvSeparator, private readonly maxCellBytes: number) {
    this.sep = separator.charCodeAt(0);
  }

  /** Feeds the next chunk of the file. */
  scan(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++, this.offset++) {
      const b = chunk[i]!;
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (b === QUOTE) {
          this.addFieldByte();
          continue;
        }
        this.inQuotes = false;
      }
      if (b === LF && this.prevCR) {
        this.prevCR = false;
        const last = this.headEnds.length - 1;
        if (!this.inQuotes && last >= 0 && this.headEnds[last] === this.offset) this.headEnds[last] = this.offset + 1;
        continue;
      }
      this.prevCR = b === CR;
      if (this.inQuotes) {
        if (b === QUOTE) this.quoteSeen = true;
        else {
          if (b === CR || b === LF) this.line++;
          this.addFieldByte();
        }
        continue;
      }
      if (b === CR || b === LF) {
        this.endRecord(this.offset + 1);
        this.line++;
        continue;
      }
      if (!this.lineHasContent) {
        this.lineHasContent = true;
        this.fields = 1;
        this.startField();
      }
      if (b === this.sep) {
        this.fields++;
        this.startField();
      } else if (b === QUOTE && this.atFieldStart) {
        this.inQuotes = true;
        this.quoteLine = this.line;
        this.atFieldStart = false;
      } else {
        this.atFieldStart = false;
        this.addFieldByte();
      }
    }
  }

  /** Ends the scan (after the last chunk). Returns the line where an unclosed quote starts, or 0. */
  finish(): number {
    if (this.quoteSeen) {
      this.quoteSeen = false;
      this.inQuotes = false;
    }
    if (this.inQuotes) return this.quoteLine;
    this.endRecord(this.offset);
    return 0;
  }

  private startField(): void {
    this.atFieldStart = true;
    this.fieldBytes = 0;
    this.fieldLine = this.line;
  }

  private addFieldByte(): void {
    this.fieldBytes++;
    if (this.fieldBytes > this.maxCellBytes && this.bigCellLine === 0) this.bigCellLine = this.fieldLine;
  }

  private endRecord(end: number): void {
    if (!this.lineHasContent) return;
    this.records++;
    if (this.fields > this.widest) this.widest = this.fields;
    if (this.headEnds.length < HEAD_RECORDS) this.headEnds.push(end);
    this.lineHasContent = false;
  }
}

/**
 * Guesses the separator of a CSV from its first bytes (up to 64 kB, decoded as Latin-1: only ASCII matters):
 * for each of ',', ';' and tab, counts the fields of the first 50 records (respecting quotes); the separator that
 * splits the header and gives most records the header's field count wins, ties going to more fields. A file
 * where none splits the header is read with ','.
 */
export function sniffSeparator(prefix: string): CsvSeparator {
  let best: { separator: CsvSeparator; consistent: number; fields: number } | null = null;
  for (const separator of [',', ';', '\t'] as const) {
    const counts = fieldCounts(prefix, separator, 50);
    const fields = counts[0] ?? 1;
    if (fields < 2) continue;
    const consistent = counts.filter((count) => count === fields).length;
    if (!best || consistent > best.consistent || (consistent === best.consistent && fields > best.fields)) {
      best = { separator, consistent, fields };
    }
  }
  return best?.separator ?? ',';
}

/** Field counts of the first `max` complete non-empty records of a text (the last, maybe cut, record is left out). */
function fieldCounts(text: string, separator: string, max: number): number[] {
  const counts: number[] = [];
  let inQuotes = false;
  let atFieldStart = true;
  let fields = 0;
  for (let i = 0; i < text.length && counts.length < max; i++) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (c === '\r' || c === '\n') {
      if (fields > 0) counts.push(fields);
      fields = 0;
      atFieldStart = true;
      continue;
    }
    if (fields === 0) fields = 1;
    if (c === separator) {
      fields++;
      atFieldStart = true;
    } else if (c === '"' && atFieldStart) {
      inQuotes = true;
      atFieldStart = false;
    } else atFieldStart = false;
  }
  return counts;
}
