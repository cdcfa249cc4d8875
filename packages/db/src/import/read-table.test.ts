import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '@nj/contracts/common/app-error';
import { openTable, type OpenedTable, type TableLimits, type TableRow, type TableSource } from './read-table.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', 'tables', name);
const scratch = mkdtempSync(join(tmpdir(), 'read-table-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function allRows(table: OpenedTable): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  for await (const row of table.rows()) rows.push(row);
  return rows;
}

async function read(source: TableSource, limits?: Partial<TableLimits>) {
  const table = await openTable(source, limits);
  return { table, rows: await allRows(table) };
}

/** Expects openTable to refuse with AppError BAD_REQUEST carrying exactly `message`. */
async function expectRefusal(source: TableSource, message: string, limits?: Partial<TableLimits>): Promise<void> {
  const error = await openTable(source, limits).then(allRows).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('BAD_REQUEST');
  expect((error as AppError).msg).toBe(message);
}

const bytes = (text: string | Buffer, name = 'subido.csv'): TableSource => ({ bytes: typeof text === 'string' ? Buffer.from(text, 'utf8') : text, name });

/** CRC-32 (IEEE) of bytes, for the zips the tests build. */
function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A zip of deflated entries; `declare` may state another uncompressed size than the real one (a lying bomb). */
function buildZip(entries: { name: string; data: Buffer; declare?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declare } of entries) {
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name, 'utf8');
    const sizes = { crc: crc32(data), compressed: packed.length, plain: declare ?? data.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(sizes.crc, 14);
    local.writeUInt32LE(sizes.compressed, 18);
    local.writeUInt32LE(sizes.plain, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(sizes.crc, 16);
    central.writeUInt32LE(sizes.compressed, 20);
    central.writeUInt32LE(sizes.plain, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a minimal workbook whose first sheet holds `sheetXml`'s rows. */
function workbookParts(sheetData: string): { name: string; data: Buffer }[] {
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`, 'utf8');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return [
    { name: '[Content_Types].xml', data: xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: 'xl/workbook.xml', data: xml(`<workbook ${ns} xmlns:r="${rel}"><workbookPr date1904="1"/><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`) },
    { name: 'xl/styles.xml', data: xml(`<styleSheet ${ns}><numFmts count="1"><numFmt numFmtId="164" formatCode="d &quot;de&quot; mmmm &quot;de&quot; yyyy"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="4"/></cellXfs></styleSheet>`) },
    { name: 'xl/worksheets/sheet1.xml', data: xml(`<worksheet ${ns}><sheetData>${sheetData}</sheetData></worksheet>`) },
  ];
}

describe('openTable: what a file may look like (issue 10)', () => {
  it('reads a UTF-8 CSV with a BOM, CRLF, quoted commas, quotes and line breaks, giving each row the line where it starts', async () => {
    const { table, rows } = await read({ path: fixture('comma-bom-crlf-quoted.csv') });
    expect(table).toMatchObject({ fileName: 'comma-bom-crlf-quoted.csv', format: 'csv', encoding: 'utf-8', separator: ',' });
    expect(table.header).toEqual(['Título', 'Precio', 'Descripción', 'Recámaras']);
    expect(rows).toEqual([
      { line: 2, cells: ['Casa en Venta', '3,800,000', 'Bonita casa\r\ncon jardín', '3'] },
      { line: 5, cells: ['Depto "Centro"', '15000', 'Sin dato', '2'] },
    ]);
  });

  it('decodes a Windows-1252 file separated by semicolons so accents read right', async () => {
    const { table, rows } = await read({ path: fixture('semicolon-windows-1252.csv') });
    expect(table).toMatchObject({ encoding: 'windows-1252', separator: ';' });
    expect(table.header).toEqual(['Tipo', 'Recámaras', 'Baños', 'Precio', 'Colonia']);
    expect(rows).toEqual([
      { line: 2, cells: ['Casa en Venta', '3', '2,5', '$3.800.000', 'Jardines del Sol'] },
      { line: 3, cells: ['Departamento en Renta', '2', '1', '15 mil', 'Santa María la Ribera'] },
      { line: 4, cells: ['Terreno en Venta', 'sin dato', '-', '1,2 millones', 'Peñitas'] },
    ]);
  });

  it('reads tab-separated files even when quoted cells hold commas and tabs', async () => {
    const { table, rows } = await read({ path: fixture('tab-separated.tsv') });
    expect(table).toMatchObject({ encoding: 'utf-8', separator: '\t' });
    expect(table.header).toEqual(['operación', 'precio', 'ubicación', 'm2']);
    expect(rows).toEqual([
      { line: 2, cells: ['venta', '3,800,000', 'Calle 5 #12, Col. Centro, C.P. 44600, Guadalajara, Jalisco', '110 m2 totales'] },
      { line: 3, cells: ['renta', '12000', 'Zapopan,\tJalisco', '80'] },
    ]);
  });

  it('keeps UTF-8 when only a few bytes are stray, turning those into U+FFFD', async () => {
    const { table, rows } = await read({ path: fixture('utf8-stray-bytes.csv') });
    expect(table.encoding).toBe('utf-8');
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ line: 2, cells: ['Jardín 0', 'Álvaro Obregón', '0'] });
    expect(rows[3]).toEqual({ line: 5, cells: ['Jard\uFFFDn 3', 'Álvaro Obregón', '3'] });
  });

  it('reads a gzip’d CSV by its magic bytes, hashing the decompressed content', async () => {
    const path = fixture('semicolon.csv.gz');
    const { table, rows } = await read({ path });
    expect(table).toMatchObject({ fileName: 'semicolon.csv.gz', format: 'csv', separator: ';' });
    expect(table.header).toEqual(['id', 'operación', 'precio']);
    expect(rows).toEqual([
      { line: 2, cells: ['1', 'venta', '3800000'] },
      { line: 3, cells: ['2', 'renta', '15,000'] },
    ]);
    const plain = gunzipSync(readFileSync(path));
    expect(table.hash).toBe(createHash('sha256').update(plain).digest('hex'));
    const copy = await openTable(bytes(plain, 'semicolon.csv'));
    expect(copy.hash).toBe(table.hash);
  });

  it('yields rows whose cell count differs from the header as they are, dropping only empty cells past the header', async () => {
    const { table, rows } = await read({ path: fixture('shifted-rows.csv') });
    expect(table.header).toEqual(['source_id', 'op_type', 'price', 'colonia']);
    expect(rows).toEqual([
      { line: 2, cells: ['1', 'venta', '3800000', 'Centro'] },
      { line: 3, cells: ['2', 'venta', 'Casa', '3800000', 'Centro', 'extra'] },
      { line: 4, cells: ['3', 'renta', '12000'] },
    ]);
  });

  it('reads the first visible worksheet of an XLSX written by exceljs as a person sees it', async () => {
    const { table, rows } = await read({ path: fixture('inventario-exceljs.xlsx') });
    expect(table).toMatchObject({ format: 'xlsx', encoding: 'utf-8', separator: null });
    expect(table.header).toEqual(['Título', 'Tipo de operación', 'Precio:', 'Recámaras', 'Baños', 'Ubicación', 'Fecha de publicación', 'm² construidos']);
    expect(rows).toEqual([
      { line: 2, cells: ['Casa en Zapopan', 'Casa en Venta', '3800000', '3', '2.5', 'Jardines del Sol, Zapopan, Jalisco', '2024-11-17', '0.3'] },
      { line: 3, cells: ['Depto. Polanco «ático»', 'Departamento en Renta', '25000.5', '2', '1', 'Polanco, Miguel Hidalgo, CDMX', '2024-01-10', '110'] },
      { line: 5, cells: ['Terreno sin datos', '', '7600000', 'sin dato', 'VERDADERO', '', '', ''] },
    ]);
    const uploaded = await read({ bytes: readFileSync(fixture('inventario-exceljs.xlsx')), name: 'inventario.xlsx' });
    expect(uploaded.rows).toEqual(rows);
    expect(uploaded.table.hash).toBe(createHash('sha256').update(readFileSync(fixture('inventario-exceljs.xlsx'))).digest('hex'));
  });

  it('reads inline strings, 1904 dates with a custom format, gaps between cells and Excel escapes in an XLSX', async () => {
    const sheet =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Colonia</t></is></c><c r="C1" t="inlineStr"><is><t>Fecha</t></is></c><c r="D1" t="inlineStr"><is><t>Precio</t></is></c></row>' +
      '<row r="3"><c r="A3" t="inlineStr"><is><t>Del Valle_x000D_</t></is></c><c r="C3" s="1"><v>43784</v></c><c r="D3" s="2"><v>1234567.8900000001</v></c></row>';
    const { table, rows } = await read(bytes(buildZip(workbookParts(sheet)), 'hoja.xlsx'));
    expect(table.header).toEqual(['Colonia', '', 'Fecha', 'Precio']);
    expect(rows).toEqual([{ line: 3, cells: ['Del Valle\r', '', '2023-11-16', '1234567.89'] }]);
  });

  it('skips a title row above an XLSX header', async () => {
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const sheet = `<row r="1">${cell('A1', 'Inventario de junio')}</row><row r="3">${cell('A3', 'Colonia')}${cell('B3', 'Precio')}</row><row r="4">${cell('A4', 'Roma Norte')}<c r="B4"><v>15000</v></c></row>`;
    const { table, rows } = await read(bytes(buildZip(workbookParts(sheet)), 'con-titulo.xlsx'));
    expect(table.header).toEqual(['Colonia', 'Precio']);
    expect(rows).toEqual([{ line: 4, cells: ['Roma Norte', '15000'] }]);
  });

  it('skips title rows of one cell above a CSV header, but never cuts a one-column file', async () => {
    const { table, rows } = await read(bytes('Reporte de inventario;;\n;;\nGenerado el 17/11/2024;;\nColonia;Precio;Recámaras\nCentro;1000;2\nRoma;2000;3\n'));
    expect(table.header).toEqual(['Colonia', 'Precio', 'Recámaras']);
    expect(rows).toEqual([
      { line: 5, cells: ['Centro', '1000', '2'] },
      { line: 6, cells: ['Roma', '2000', '3'] },
    ]);
    const single = await read(bytes('colonia\nCentro\nRoma, Norte\nDel Valle\n'));
    expect(single.table.header).toEqual(['colonia']);
    expect(single.rows.map((row) => row.line)).toEqual([2, 3, 4]);
  });

  it('reads CR-only line ends, a last line without a break, and a one-column file', async () => {
    const { table, rows } = await read(bytes('colonia;precio\rCentro;1\r\rRoma;2'));
    expect(table.separator).toBe(';');
    expect(rows).toEqual([
      { line: 2, cells: ['Centro', '1'] },
      { line: 4, cells: ['Roma', '2'] },
    ]);
    const single = await read(bytes('colonia\nCentro\nRoma Norte\n'));
    expect(single.table).toMatchObject({ separator: ',', header: ['colonia'] });
    expect(single.rows.map((row) => row.cells)).toEqual([['Centro'], ['Roma Norte']]);
  });

  it('streams a large gzip’d Windows-1252 CSV with quoted line breaks across chunk boundaries', async () => {
    const lines = ['clave;descripción;baños'];
    for (let i = 0; i < 6000; i++) lines.push(`${i};"Baño ${i}\ncon vista; jardín";${i % 4}`);
    const gz = gzipSync(Buffer.from(lines.join('\n'), 'latin1'));
    const { table, rows } = await read(bytes(gz, 'grande.csv.gz'));
    expect(table).toMatchObject({ encoding: 'windows-1252', separator: ';' });
    expect(rows).toHaveLength(6000);
    expect(rows[5999]).toEqual({ line: 2 + 2 * 5999, cells: ['5999', 'Baño 5999\ncon vista; jardín', '3'] });
  });
});

describe('openTable: refusals (issue 10, "Performance and limits")', () => {
  it('refuses an empty file and one with only blank lines', async () => {
    await expectRefusal(bytes(''), M.emptyFile);
    await expectRefusal(bytes('\r\n\n\n'), M.emptyFile);
  });

  it('refuses images, PDFs, binaries, UTF-16 text and old .xls workbooks', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    await expectRefusal(bytes(png, 'foto.csv'), M.notATable(M.tableKinds.png));
    await expectRefusal(bytes('%PDF-1.7\n1 0 obj'), M.notATable(M.tableKinds.pdf));
    await expectRefusal(bytes(Buffer.from('a,b\n1,\u0000\u0000\u0001\n', 'latin1')), M.notATable(M.tableKinds.binary));
    await expectRefusal(bytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\n', 'utf16le')])), M.utf16Text);
    await expectRefusal(bytes(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])), M.legacyExcel);
    await expectRefusal(bytes(gzipSync(png), 'foto.csv.gz'), M.notATable(M.tableKinds.png));
    await expectRefusal(bytes('\uFEFF  <html><body><table><tr><td>Precio</td></tr></table>', 'export.xls'), M.notATable(M.tableKinds.markup));
  });

  it('refuses a zip that is not an XLSX workbook', async () => {
    const zip = buildZip([{ name: 'fotos/casa.txt', data: Buffer.from('no es una hoja') }]);
    await expectRefusal(bytes(zip, 'fotos.zip'), M.notATable(M.tableKinds.zip));
  });

  it('refuses a 2 GB file by its size, before reading it', async () => {
    const path = join(scratch, 'enorme.csv');
    writeFileSync(path, 'a,b\n');
    truncateSync(path, 2 * 1024 ** 3);
    await expectRefusal({ path }, M.fileTooLarge(200));
    await expectRefusal(bytes('a,b\n1,2\n'.repeat(1000)), M.fileTooLarge(1), { maxBytes: 1000 });
  });

  it('refuses a gzip bomb: expanding over 100 times, or past maxBytes', async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from('a,b\n'), Buffer.alloc(30 * 1024 * 1024, 0x20)]));
    await expectRefusal(bytes(bomb, 'bomba.csv.gz'), M.compressionBomb(200));
    const rows = Array.from({ length: 100_000 }, (_, i) => `${i},${(i * 7919) % 10007},${i.toString(36)}`);
    const plain = Buffer.from(`a,b,c\n${rows.join('\n')}`);
    const dense = gzipSync(plain);
    expect(plain.length).toBeGreaterThan(1024 * 1024);
    expect(dense.length).toBeLessThan(1024 * 1024);
    await expectRefusal(bytes(dense, 'denso.csv.gz'), M.compressionBomb(1), { maxBytes: 1024 * 1024 });
  });

  it('refuses a zip bomb by its declared sizes and one that lies about them while inflating', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024, 0x20);
    const honest = buildZip(workbookParts('<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row>').concat({ name: 'xl/media/relleno.xml', data: zeros }));
    await expectRefusal(bytes(honest, 'bomba.xlsx'), M.compressionBomb(200));
    const parts = workbookParts(`<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row>`);
    const lying = buildZip(parts.map((part) => (part.name.endsWith('sheet1.xml') ? { ...part, data: Buffer.concat([part.data, zeros]), declare: part.data.length } : part)));
    await expectRefusal(bytes(lying, 'mentira.xlsx'), M.compressionBomb(200));
  });

  it('refuses a CSV with 10,000 columns and an XLSX row past the column limit', async () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',');
    await expectRefusal(bytes(`${header}\n${'1,'.repeat(9_999)}1\n`), M.tooManyColumns('10000', 500));
    await expectRefusal(bytes(`a,b\n1,2\n${'x,'.repeat(600)}\n`), M.tooManyColumns('601', 500));
    const sheet = '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="ZZ1" t="inlineStr"><is><t>b</t></is></c></row>';
    await expectRefusal(bytes(buildZip(workbookParts(sheet)), 'ancha.xlsx'), M.tooManyColumns('702 o más', 500));
  });

  it('refuses a 1 MB cell, naming its line, in a CSV and in an XLSX', async () => {
    const big = randomBytes(800 * 1024).toString('base64');
    await expectRefusal(bytes(`a,b\n1,2\n3,"${big}"\n`), M.cellTooLarge(3, 64));
    const sheet = `<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>${big}</t></is></c></row>`;
    await expectRefusal(bytes(buildZip(workbookParts(sheet)), 'celda.xlsx'), M.cellTooLarge(2, 64));
  });

  it('refuses more rows than maxRows and a quote left open', async () => {
    await expectRefusal(bytes('a,b\n1,2\n3,4\n5,6\n'), M.tooManyRows(2), { maxRows: 2 });
    await expectRefusal(bytes('a,b\n1,2\n3,"sin cierre\n5,6\n'), M.unclosedQuote(3));
  });

  it('refuses a damaged gzip and a workbook with broken XML', async () => {
    const gz = gzipSync(Buffer.from('a,b\n1,2\n'.repeat(500)));
    await expectRefusal(bytes(gz.subarray(0, gz.length - 20), 'cortado.csv.gz'), M.badGzip);
    const parts = workbookParts('<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row>');
    const broken = parts.map((part) => (part.name.endsWith('sheet1.xml') ? { ...part, data: Buffer.from('<worksheet><sheetData><row r="1"><c r="A1"></row>') } : part));
    await expectRefusal(bytes(buildZip(broken), 'roto.xlsx'), M.badXlsx);
  });

  it('refuses a missing path with NOT_FOUND', async () => {
    const error = await openTable({ path: join(scratch, 'no-existe.csv') }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('NOT_FOUND');
  });
});
