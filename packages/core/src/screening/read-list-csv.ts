/**
 * Decodes a list file's bytes: UTF-8 when the bytes are valid UTF-8 (a BOM dropped), else Latin-1 (ISO-8859-1), the
 * encoding the SAT publishes its CSV files in. Takes the file's bytes; returns the text. Never throws.
 */
export function decodeListFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * Splits CSV text into records of fields (RFC 4180: fields separated by commas, optionally quoted with '"', a quote
 * inside a quoted field doubled, line breaks allowed inside quotes). Records end at CR, LF or CRLF (OFAC's files use
 * CR, the SAT's CRLF); blank lines and a trailing end-of-file mark (Ctrl-Z, as OFAC's files end) are skipped.
 * Takes the decoded text; yields each record's fields, unquoted and untrimmed. Never throws: an unclosed quote runs
 * to the end of the text.
 */
export function* readCsvRecords(text: string): Generator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  const end = (): string[] | null => {
    record.push(field);
    field = '';
    const done = record;
    record = [];
    return done.length === 1 && done[0]!.replace(/\x1a/g, '').trim() === '' ? null : done;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      const done = end();
      if (done) yield done;
    } else {
      field += ch;
    }
    i += 1;
  }
  if (field !== '' || record.length > 0) {
    const done = end();
    if (done) yield done;
  }
}
