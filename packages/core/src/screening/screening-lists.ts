/** The public lists a person is screened against (issue 12 'Investigation'; decision 017). */
export const SCREENING_LISTS = {
  /**
   * The SAT's list of taxpayers of article 69-B of the Código Fiscal de la Federación (invoices for simulated
   * operations): 'Listado completo 69-B', a Latin-1 CSV with legend lines before the table (No, RFC, Nombre del
   * Contribuyente, Situación del contribuyente, then the official notices and publication dates of each situation).
   * Published on the SAT's open-data page (Datos abiertos, contribuyentes publicados).
   */
  'sat-69b': {
    kind: 'blacklist',
    name: 'SAT artículo 69-B (operaciones simuladas)',
    urls: ['http://omawww.sat.gob.mx/cifras_sat/Documents/Listado_Completo_69-B.csv'],
  },
  /**
   * OFAC's Specially Designated Nationals list in its legacy CSV files: sdn.csv (ent_num, SDN_Name, SDN_Type, Program,
   * Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks; no header row; '-0-' is null) and
   * alt.csv (ent_num, alt_num, alt_type, alt_name, alt_remarks) for the aliases. Mexican entries carry their R.F.C.
   * and C.U.R.P. in Remarks.
   */
  'ofac-sdn': {
    kind: 'pld',
    name: 'OFAC SDN (Tesoro de EE. UU.)',
    urls: ['https://www.treasury.gov/ofac/downloads/sdn.csv', 'https://www.treasury.gov/ofac/downloads/alt.csv'],
  },
} as const satisfies Record<string, { kind: 'blacklist' | 'pld'; name: string; urls: readonly string[] }>;

export type ScreeningListId = keyof typeof SCREENING_LISTS;

/** One entry (or one alias of an entry) of a list, ready to store. */
export type ScreeningEntry = {
  /** Unique within the file: the list's own number ('1234'; an OFAC alias '1234/a567'). */
  entryId: string;
  /** The list's number of the listed party (SAT 'No', OFAC ent_num), shared by an entry and its aliases. */
  listRef: string;
  /** The name as published. */
  name: string;
  rfc: string | null;
  curp: string | null;
  /** The list's status of the entry: the 69-B 'Situación del contribuyente' (Definitivo, Presunto, Desvirtuado,
   *  Sentencia Favorable), OFAC's program(s) such as 'SDNTK' or 'ILLICIT-DRUGS-EO14059'. */
  status: string | null;
  /** OFAC's SDN_Type ('individual', 'vessel', 'aircraft', or 'entity' where OFAC leaves it null); null for the SAT. */
  entityType: string | null;
};

/** A parsed file: its entries and the date the publisher states (YYYY-MM-DD) when it states one. */
export type ParsedScreeningList = { entries: ScreeningEntry[]; sourceDate: string | null };

/** 69-B situations that clear the taxpayer: kept in the list as published, never counted as a match. */
export const CLEARED_69B_SITUATIONS: ReadonlySet<string> = new Set(['DESVIRTUADO', 'SENTENCIA FAVORABLE']);
