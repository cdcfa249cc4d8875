import { PROPERTY_TYPE_LABELS } from '../catalogue/vocabularies.ts';
import { z } from '../common/zod-locale.ts';
import { PAYMENTS_MESSAGES } from '../payments/messages.ts';
import { STAFF_DB_MESSAGES as M } from './messages.ts';

/** The tables of the staff database view (spec 03 §3 'Staff edit request': clients, properties, transactions). */
export const STAFF_DB_TABLES = ['clients', 'properties', 'transactions'] as const;
export type StaffDbTable = (typeof STAFF_DB_TABLES)[number];

/** Each table's key column (the `rkey` of an edit, the `uid` of a hover). */
export const STAFF_DB_KEYS: Record<StaffDbTable, string> = { clients: 'cuid', properties: 'puid', transactions: 'tuid' };

/** Rows per page of the database view and of the audit log. */
export const STAFF_DB_PAGE_SIZE = 20;
/** The staff edit reason must be longer than this many characters (spec 03 §5, §9: more than 16). */
export const STAFF_EDIT_REASON_MIN = 16;
/** Longest staff edit reason. */
export const STAFF_EDIT_REASON_MAX = 2000;

/**
 * How a column is shown and, when editable, how `newval` is converted (spec 03 §5 'some keys are converted to
 * integer or float'): text/longtext (trimmed string), int, float (a number, or a string of digits with an optional
 * decimal point; thousands commas and '$' ignored), bool, date ('YYYY-MM-DD', Mexico City's day), enum (one of
 * `options`), datetime (ISO, read-only), cents (integer centavos MXN, read-only), list (read-only), id (a record id
 * with hover info of the table `ref`), code (a listing's code, shown as 'NJ-' + upper case).
 */
export type StaffDbColumnKind = 'id' | 'code' | 'text' | 'longtext' | 'int' | 'float' | 'bool' | 'date' | 'datetime' | 'enum' | 'cents' | 'list';

/** One column of the view: its key, Spanish label, kind; `editable` when on the allow-list (decision 026). */
export type StaffDbColumn = {
  key: string;
  label: string;
  kind: StaffDbColumnKind;
  editable?: boolean;
  /** Empty input stores null (only for nullable columns). */
  nullable?: boolean;
  options?: readonly string[];
  /** Inclusive bounds: characters of a text, value of a number. */
  min?: number;
  max?: number;
  /** For kind 'id': the table whose hover info it shows. */
  ref?: StaffDbTable;
  /** Spanish names of stored values (a type, a status), for display. */
  labels?: Readonly<Record<string, string>>;
};

/**
 * The columns the view shows per table and the allow-list of editable ones (decision 026). Never shown: password
 * hashes, sessions, tokens, sealed personal documents. Never editable: ids, e-mail and phone (verified by the
 * person), privileges (only `npm run privileges`), verification flags, money amounts and e-money.
 */
export const STAFF_DB_COLUMNS: Record<StaffDbTable, readonly StaffDbColumn[]> = {
  clients: [
    { key: 'cuid', label: 'Id', kind: 'id', ref: 'clients' },
    { key: 'email', label: 'Correo', kind: 'text' },
    { key: 'nickname', label: 'Apodo', kind: 'text', editable: true, min: 1, max: 60 },
    { key: 'phone', label: 'Teléfono', kind: 'text' },
    { key: 'is_agent', label: 'Agente', kind: 'bool', editable: true },
    { key: 'is_email_verified', label: 'Correo verificado', kind: 'bool' },
    { key: 'is_phone_verified', label: 'Teléfono verificado', kind: 'bool' },
    { key: 'is_identity_verified', label: 'Identidad verificada', kind: 'bool' },
    { key: 'privileges', label: 'Privilegios', kind: 'list' },
    { key: 'bio', label: 'Biografía', kind: 'longtext', editable: true, nullable: true, min: 1, max: 2000 },
    { key: 'created_at', label: 'Alta', kind: 'datetime' },
  ],
  properties: [
    { key: 'puid', label: 'Id', kind: 'id', ref: 'properties' },
    { key: 'nj_uid', label: 'Código', kind: 'code' },
    { key: 'title', label: 'Título', kind: 'text', editable: true, min: 1, max: 200 },
    { key: 'owner_cuid', label: 'Propietario', kind: 'id', ref: 'clients' },
    { key: 'property_type', label: 'Tipo', kind: 'text', labels: PROPERTY_TYPE_LABELS },
    { key: 'is_active', label: 'Activa', kind: 'bool', editable: true },
    { key: 'is_renta', label: 'En renta', kind: 'bool' },
    { key: 'rent_price', label: 'Renta mensual', kind: 'float', editable: true },
    { key: 'rent_currency', label: 'Moneda de la renta', kind: 'text' },
    { key: 'is_venta', label: 'En venta', kind: 'bool' },
    { key: 'sale_price', label: 'Precio de venta', kind: 'float', editable: true },
    { key: 'sale_currency', label: 'Moneda de la venta', kind: 'text' },
    { key: 'monthly_maintenance_fee', label: 'Mantenimiento mensual (MXN)', kind: 'float', editable: true, nullable: true, min: 0, max: 1e13 },
    { key: 'rooms', label: 'Recámaras', kind: 'int', editable: true, nullable: true, min: 0, max: 100 },
    { key: 'bathrooms', label: 'Baños', kind: 'int', editable: true, nullable: true, min: 0, max: 100 },
    { key: 'half_bathrooms', label: 'Medios baños', kind: 'int', editable: true, nullable: true, min: 0, max: 100 },
    { key: 'parking_spots', label: 'Estacionamientos', kind: 'int', editable: true, nullable: true, min: 0, max: 1000 },
    { key: 'neighborhood', label: 'Colonia', kind: 'text' },
    { key: 'municipality', label: 'Municipio', kind: 'text' },
    { key: 'state', label: 'Estado', kind: 'text' },
    { key: 'folio_gob_mx', label: 'Folio real', kind: 'text', editable: true, nullable: true, min: 1, max: 60 },
    { key: 'last_verified', label: 'Propietario verificado', kind: 'datetime' },
    { key: 'description', label: 'Descripción', kind: 'longtext', editable: true, nullable: true, min: 1, max: 5000 },
    { key: 'updated_at', label: 'Actualizada', kind: 'datetime' },
  ],
  transactions: [
    { key: 'tuid', label: 'Id', kind: 'id', ref: 'transactions' },
    { key: 'cuid', label: 'Cliente', kind: 'id', ref: 'clients' },
    { key: 'ruid', label: 'Renta', kind: 'text' },
    { key: 'ttype', label: 'Tipo', kind: 'enum', options: ['refer_deposit', 'ic', 'rent', 'owner_plan', 'safe_deposit'], labels: PAYMENTS_MESSAGES.typeLabels },
    { key: 'tstatus', label: 'Estado', kind: 'enum', options: ['completed', 'pending', 'failed', 'expired'], labels: PAYMENTS_MESSAGES.statusLabels },
    { key: 'amount_cents', label: 'Monto', kind: 'cents' },
    { key: 'emoney_used_cents', label: 'E-money usado', kind: 'cents' },
    { key: 'duedate', label: 'Vencimiento', kind: 'date', editable: true, nullable: true },
    { key: 'description', label: 'Concepto', kind: 'text', editable: true, nullable: true, min: 1, max: 200 },
    { key: 'payment_method', label: 'Método de pago', kind: 'text' },
    { key: 'transaction_created', label: 'Creada', kind: 'datetime' },
    { key: 'paid_at', label: 'Pagada', kind: 'datetime' },
    { key: 'is_deleted', label: 'Borrada', kind: 'bool' },
  ],
};

/** The column `key` of `table`, or undefined. */
export function staffDbColumn(table: StaffDbTable, key: string): StaffDbColumn | undefined {
  return STAFF_DB_COLUMNS[table].find((c) => c.key === key);
}

const rtable = z.enum(STAFF_DB_TABLES, { error: M.tableInvalid });
const page = z.coerce.number({ error: M.pageInvalid }).int({ error: M.pageInvalid }).min(1, { error: M.pageInvalid }).max(100_000, { error: M.pageInvalid }).default(1);
const recordKey = (msg: string) => z.string({ error: msg }).trim().min(1, { error: msg }).max(100, { error: msg });

/** POST /v1/tickets/db — one page of `rtable`, filtered by `search` (see decision 026 for the columns searched). */
export const ZStaffDbBrowseBody = z.object({
  rtable,
  page,
  search: z.string({ error: M.searchTooLong }).trim().max(100, { error: M.searchTooLong }).default(''),
});

/** A cell's value as the view shows it (dates as ISO text, a 'date' column as 'YYYY-MM-DD', money in centavos). */
export const ZStaffDbValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type StaffDbValue = z.infer<typeof ZStaffDbValue>;

/** One page of a table: `rows` carry the table's STAFF_DB_COLUMNS keys. */
export const ZStaffDbPage = z.object({
  rtable,
  page: z.number(),
  pages: z.number(),
  total: z.number(),
  page_size: z.number(),
  rows: z.array(z.record(z.string(), ZStaffDbValue)),
});
export type StaffDbPage = z.infer<typeof ZStaffDbPage>;

/** GET /v1/tickets/db/hover?uid&rtable — a record's short summary. */
export const ZStaffDbHoverQuery = z.object({ uid: recordKey(M.uidInvalid), rtable });
/** A record's short summary: a title and a few labelled lines. */
export const ZStaffDbHover = z.object({
  rtable, uid: z.string(), title: z.string(), lines: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type StaffDbHover = z.infer<typeof ZStaffDbHover>;

/**
 * POST /v1/tickets/db/edit — spec 03 §3 'Staff edit request' (action 'write', rtable, rkey, newval, comment) plus
 * `rcolumn`, the column (the spec's key), and an optional `tuid`, the ticket that asked for it. `newval` is converted
 * by the column's kind; `comment` must be longer than 16 characters.
 */
export const ZStaffDbEditBody = z.object({
  action: z.literal('write', { error: M.actionInvalid }),
  rtable,
  rkey: recordKey(M.keyInvalid),
  rcolumn: z.string({ error: M.columnNotEditable }).trim().min(1, { error: M.columnNotEditable }).max(64, { error: M.columnNotEditable }),
  newval: z.union([z.string().max(10_000, { error: M.valueInvalid }), z.number(), z.boolean(), z.null()], { error: M.valueInvalid }),
  comment: z.string({ error: M.reasonTooShort }).trim().max(STAFF_EDIT_REASON_MAX, { error: M.reasonTooLong })
    .refine((v) => v.length > STAFF_EDIT_REASON_MIN, { error: M.reasonTooShort }),
  tuid: z.string().trim().max(100).optional().transform((v) => (v ? v : undefined)),
});
export type StaffDbEditBody = z.input<typeof ZStaffDbEditBody>;

/** One row of the audit log (who, when, table, key, column, old and new value, reason, ticket). */
export const ZStaffAuditEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_cuid: z.string(),
  actor_name: z.string().nullable(),
  action: z.string(),
  rtable: z.string(),
  rkey: z.string(),
  rcolumn: z.string().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  reason: z.string().nullable(),
  tuid: z.string().nullable(),
});
export type StaffAuditEntry = z.infer<typeof ZStaffAuditEntry>;

/** The answer of an edit: the change and its audit row. */
export const ZStaffDbEdit = z.object({
  rtable, rkey: z.string(), rcolumn: z.string(), old_value: z.unknown(), new_value: z.unknown(), audit: ZStaffAuditEntry,
});

/** GET /v1/tickets/db/audit?page&rtable&rkey — the audit log newest first, of one table or one record. */
export const ZStaffAuditQuery = z.object({
  page,
  rtable: z.string().trim().max(40, { error: M.tableInvalid }).regex(/^[a-z_]*$/, { error: M.tableInvalid }).optional().transform((v) => (v ? v : undefined)),
  rkey: z.string().trim().max(100, { error: M.keyInvalid }).optional().transform((v) => (v ? v : undefined)),
});
/** One page of the audit log. */
export const ZStaffAuditPage = z.object({ page: z.number(), pages: z.number(), total: z.number(), page_size: z.number(), entries: z.array(ZStaffAuditEntry) });
export type StaffAuditPage = z.infer<typeof ZStaffAuditPage>;
