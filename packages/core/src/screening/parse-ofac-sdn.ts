import { AppError } from '../errors/app-error.ts';
import { decodeListFile, readCsvRecords } from './read-list-csv.ts';
import type { ParsedScreeningList, ScreeningEntry } from './screening-lists.ts';

/** OFAC's null. */
const value = (cell: string | undefined): string | null => {
  const text = (cell ?? '').replace(/\s+/g, ' ').trim();
  return text === '' || text === '-0-' ? null : text;
};

/** Mexican identifiers OFAC writes in Remarks: 'R.F.C. XXXX000000XXX (Mexico)', 'C.U.R.P. XXXX000000HXXXXX00'. */
function identifiers(remarks: string | null): { rfc: string | null; curp: string | null } {
  if (!remarks) return { rfc: null, curp: null };
  const rfc = /R\.\s?F\.\s?C\.\s*#?\s*([A-Z&Ñ]{3,4}[- ]?\d{6}[- ]?[A-Z0-9]{0,3})\b/i.exec(remarks);
  const curp = /C\.\s?U\.\s?R\.\s?P\.\s*#?\s*([A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d)\b/i.exec(remarks);
  return {
    rfc: rfc ? rfc[1]!.replace(/[- ]/g, '').toUpperCase() : null,
    curp: curp ? curp[1]!.toUpperCase() : null,
  };
}

/**
 * Parses OFAC's SDN list in its CSV files as published: `sdn` the bytes of sdn.csv (no header row; columns ent_num,
 * SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks; '-0-' is
 * null; records end with CR or CRLF and the file with Ctrl-Z) and optionally `alt` the bytes of alt.csv (ent_num,
 * alt_num, alt_type, alt_name, alt_remarks), each alias becoming an entry of its own with the listed party's
 * identifiers, type and program. R.F.C. and C.U.R.P. are read from Remarks. Vessels and aircraft are skipped (they
 * are not people or companies a tenant could be). The files carry no date: sourceDate is null.
 * @returns ParsedScreeningList (entryId ent_num, an alias 'ent_num/a{alt_num}'; listRef ent_num; status the program)
 * @throws AppError BAD_REQUEST when a record's first column is not a number (not OFAC's sdn.csv / alt.csv)
 */
export function parseOfacSdn(sdn: Uint8Array, alt?: Uint8Array): ParsedScreeningList {
  const notOfac = () => new AppError('BAD_REQUEST', 'El archivo no es el sdn.csv/alt.csv de OFAC: cada renglón empieza con el número de la entrada (ent_num)');
  const parties = new Map<string, { entry: ScreeningEntry }>();
  const entries: ScreeningEntry[] = [];
  for (const record of readCsvRecords(decodeListFile(sdn))) {
    const entNum = value(record[0]);
    if (!entNum || !/^\d+$/.test(entNum) || record.length < 4) throw notOfac();
    const type = value(record[2])?.toLowerCase() ?? 'entity';
    const name = value(record[1]);
    if (type === 'vessel' || type === 'aircraft' || !name) continue;
    const entry: ScreeningEntry = {
      entryId: entNum, listRef: entNum, name, ...identifiers(value(record[11])),
      status: value(record[3])?.replace(/\] \[/g, ", ") ?? null, entityType: type,
    };
    parties.set(entNum, { entry });
    entries.push(entry);
  }
  if (alt) {
    for (const record of readCsvRecords(decodeListFile(alt))) {
      const entNum = value(record[0]);
      const altNum = value(record[1]);
      if (!entNum || !/^\d+$/.test(entNum) || !altNum) throw notOfac();
      const party = parties.get(entNum);
      const name = value(record[3]);
      if (!party || !name) continue;
      entries.push({ ...party.entry, entryId: `${entNum}/a${altNum}`, name });
    }
  }
  return { entries, sourceDate: null };
}
