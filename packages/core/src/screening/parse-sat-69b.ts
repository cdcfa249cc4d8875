import { AppError } from '../errors/app-error.ts';
import { decodeListFile, readCsvRecords } from './read-list-csv.ts';
import type { ParsedScreeningList, ScreeningEntry } from './screening-lists.ts';

const MONTHS: Record<string, string> = {
  ENERO: '01', FEBRERO: '02', MARZO: '03', ABRIL: '04', MAYO: '05', JUNIO: '06', JULIO: '07', AGOSTO: '08',
  SEPTIEMBRE: '09', SETIEMBRE: '09', OCTUBRE: '10', NOVIEMBRE: '11', DICIEMBRE: '12',
};

const fold = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/\s+/g, ' ').trim();

/** 'Información actualizada al 31 de octubre de 2026' → '2026-10-31'; null when the legend says no date. */
function legendDate(text: string): string | null {
  const match = /AL (\d{1,2}) DE ([A-Z]+) DE (\d{4})/.exec(fold(text));
  const month = match ? MONTHS[match[2]!] : undefined;
  return match && month ? `${match[3]}-${month}-${match[1]!.padStart(2, '0')}` : null;
}

/**
 * Parses the SAT's 'Listado completo 69-B' CSV as published (bytes, Latin-1 or UTF-8): legend lines first (one says
 * 'Información actualizada al {día} de {mes} de {año}', the source date), then the header row found by its cells
 * (RFC, Nombre del Contribuyente, Situación del contribuyente; No when present), then one row per taxpayer; the
 * columns after Situación (notices and publication dates) are not kept. Rows without RFC and name are skipped.
 * @returns ParsedScreeningList (entryId and listRef the row's 'No', else its RFC; rfc upper-cased; status the
 *   situation as written, e.g. 'Definitivo')
 * @throws AppError BAD_REQUEST when no header row with RFC, name and situation is found (not the 69-B file)
 */
export function parseSat69b(bytes: Uint8Array): ParsedScreeningList {
  let sourceDate: string | null = null;
  let columns: { no: number; rfc: number; name: number; status: number } | null = null;
  const entries: ScreeningEntry[] = [];
  const seen = new Set<string>();
  for (const record of readCsvRecords(decodeListFile(bytes))) {
    if (!columns) {
      const cells = record.map(fold);
      const rfc = cells.indexOf('RFC');
      const name = cells.findIndex((c) => c.startsWith('NOMBRE DEL CONTRIBUYENTE'));
      const status = cells.findIndex((c) => c.startsWith('SITUACION DEL CONTRIBUYENTE'));
      if (rfc >= 0 && name >= 0 && status >= 0) {
        columns = { no: cells.findIndex((c) => c === 'NO' || c === 'NO.'), rfc, name, status };
      } else {
        sourceDate ??= legendDate(record.join(' '));
      }
      continue;
    }
    const rfc = (record[columns.rfc] ?? '').replace(/[\s-]+/g, '').toUpperCase();
    const name = (record[columns.name] ?? '').replace(/\s+/g, ' ').trim();
    if (!rfc || !name) continue;
    const no = columns.no >= 0 ? (record[columns.no] ?? '').trim() : '';
    let entryId = no || rfc;
    if (seen.has(entryId)) entryId = `${entryId}/${rfc}`;
    if (seen.has(entryId)) continue;
    seen.add(entryId);
    entries.push({
      entryId, listRef: no || rfc, name, rfc, curp: null,
      status: (record[columns.status] ?? '').replace(/\s+/g, ' ').trim() || null, entityType: null,
    });
  }
  if (!columns) throw new AppError('BAD_REQUEST', 'El archivo no es el listado 69-B del SAT: no tiene las columnas RFC, Nombre del Contribuyente y Situación del contribuyente');
  return { entries, sourceDate };
}
