import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@nj/db';
import { STAFF_DB_COLUMNS, STAFF_DB_KEYS, type StaffDbTable } from '@nj/contracts';
import { ticketTables, type TicketDbOrTrx } from '../tickets/tickets-tables.ts';

/** A database handle or an open transaction. */
type Q = Database | Kysely<any>;
const k = (db: Q): Kysely<any> => ('db' in db && 'kind' in db ? (db as Database).db : (db as Kysely<any>));

/** A raw row of the view (values as the driver gives them). */
export type StaffDbRawRow = Record<string, unknown>;

/**
 * The SELECT list of each table: exactly the STAFF_DB_COLUMNS keys (decision 026). Never password_hash, sessions,
 * tokens or sealed documents. Clients' `phone` is country code + number.
 */
const SELECT: Record<StaffDbTable, RawBuilder<unknown>> = {
  clients: sql`c.cuid, c.email, c.nickname, nullif(concat_ws(' ', c.phone_country_code, c.phone_number), '') AS phone,
    c.is_agent, c.is_email_verified, c.is_phone_verified, c.is_identity_verified, c.privileges, c.bio, c.created_at`,
  properties: sql`p.puid, p.nj_uid, p.title, p.owner_cuid, p.property_type, p.is_active, p.is_renta, p.rent_price, p.rent_currency,
    p.is_venta, p.sale_price, p.sale_currency, p.monthly_maintenance_fee, p.rooms, p.bathrooms, p.half_bathrooms, p.parking_spots,
    p.neighborhood, p.municipality, p.state, p.folio_gob_mx, p.last_verified, p.description, p.updated_at`,
  transactions: sql`t.tuid, t.cuid, t.ruid, t.ttype, t.tstatus, t.amount_cents, t.emoney_used_cents, t.duedate, t.description,
    t.payment_method, t.transaction_created, t.paid_at, t.is_deleted`,
};

/** `text` for a LIKE pattern: lower-cased, with %, _ and \ escaped (PostgreSQL's default escape). */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The WHERE of a browse (decision 026): clients — registered ones only (an exact id finds an anonymous one too);
 * search matches the exact id, or e-mail / nickname containing it, or the phone's digits containing the search's
 * (3+ digits). Properties — the exact id, the code ('NJ-' + nj_uid, with or without the prefix, as a prefix), the
 * title or the colonia containing it. Transactions — the exact id, rent id or client id, or an id starting with it.
 */
function whereOf(table: StaffDbTable, search: string): RawBuilder<unknown> {
  const s = search.trim();
  if (table === 'clients') {
    if (!s) return sql`c.is_anonymous = false`;
    const digits = s.replace(/\D/g, '');
    const phone = digits.length >= 3
      ? sql`OR regexp_replace(coalesce(c.phone_country_code, '') || coalesce(c.phone_number, ''), '[^0-9]', '', 'g') LIKE ${`%${digits}%`}`
      : sql``;
    return sql`(c.cuid = ${s} OR (c.is_anonymous = false AND (lower(c.email) LIKE ${likeContains(s)} OR lower(c.nickname) LIKE ${likeContains(s)} ${phone})))`;
  }
  if (table === 'properties') {
    if (!s) return sql`true`;
    const code = s.replace(/^nj-?/i, '').toLowerCase();
    const codePrefix = /^[0-9a-f]+$/.test(code) ? sql`OR p.nj_uid LIKE ${`${code}%`}` : sql``;
    return sql`(p.puid = ${s} ${codePrefix} OR lower(p.title) LIKE ${likeContains(s)} OR lower(p.neighborhood) LIKE ${likeContains(s)})`;
  }
  if (!s) return sql`true`;
  const prefix = `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(t.tuid = ${s} OR t.ruid = ${s} OR t.cuid = ${s} OR t.tuid LIKE ${prefix})`;
}

const FROM: Record<StaffDbTable, RawBuilder<unknown>> = {
  clients: sql`clients c`,
  properties: sql`properties p`,
  transactions: sql`transactions t`,
};
const ORDER: Record<StaffDbTable, RawBuilder<unknown>> = {
  clients: sql`c.created_at DESC, c.cuid`,
  properties: sql`p.updated_at DESC, p.puid`,
  transactions: sql`t.transaction_created DESC, t.tuid`,
};
const KEY: Record<StaffDbTable, RawBuilder<unknown>> = { clients: sql`c.cuid`, properties: sql`p.puid`, transactions: sql`t.tuid` };

/** Reads and writes of the staff database view and the staff audit log (the view's only SQL). */
export const staffDbRepository = {
  /** One page of `table` (newest first) matching `search`, and the count of all matches. */
  async browse(db: Q, table: StaffDbTable, search: string, limit: number, offset: number): Promise<{ rows: StaffDbRawRow[]; total: number }> {
    const where = whereOf(table, search);
    const [rows, count] = await Promise.all([
      sql<StaffDbRawRow>`SELECT ${SELECT[table]} FROM ${FROM[table]} WHERE ${where} ORDER BY ${ORDER[table]} LIMIT ${limit} OFFSET ${offset}`.execute(k(db)),
      sql<{ n: string }>`SELECT count(*) AS n FROM ${FROM[table]} WHERE ${where}`.execute(k(db)),
    ]);
    return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
  },

  /** The view's row of one record (the table's STAFF_DB_COLUMNS), or undefined; `lock` takes FOR UPDATE. */
  async findOne(db: Q, table: StaffDbTable, key: string, lock = false): Promise<StaffDbRawRow | undefined> {
    const forUpdate = lock ? sql`FOR UPDATE` : sql``;
    const r = await sql<StaffDbRawRow>`SELECT ${SELECT[table]} FROM ${FROM[table]} WHERE ${KEY[table]} = ${key} ${forUpdate}`.execute(k(db));
    return r.rows[0];
  },

  /** The listing's type, operations, area and currencies: what the price bounds look at. */
  async listingPricing(db: Q, puid: string) {
    const r = await sql<{
      property_type: string; is_renta: boolean; is_venta: boolean; rent_price: number | null; rent_currency: string; rent_based_on: string;
      sale_price: number | null; sale_currency: string; sale_based_on: string; construction_area: number | null; land_area: number | null;
      land_unit: string; monthly_maintenance_fee: number | null;
    }>`SELECT property_type, is_renta, is_venta, rent_price, rent_currency, rent_based_on, sale_price, sale_currency, sale_based_on,
        construction_area, land_area, land_unit, monthly_maintenance_fee FROM properties WHERE puid = ${puid}`.execute(k(db));
    return r.rows[0];
  },

  /**
   * Sets one column of one record. `column` must be an editable key of STAFF_DB_COLUMNS[table] (the caller checks
   * the allow-list; the identifier is never taken from elsewhere). Clients also get updated_at; properties' trigger
   * sets updated_at and change_seq (the search index and the page cache follow).
   */
  async setColumn(db: Q, table: StaffDbTable, key: string, column: string, value: unknown): Promise<number> {
    const allowed = STAFF_DB_COLUMNS[table].some((c) => c.key === column && c.editable);
    if (!allowed) throw new Error(`staff db: ${table}.${column} is not on the allow-list`);
    const touch = table === 'clients' ? sql`, updated_at = now()` : sql``;
    const r = await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${value}${touch} WHERE ${sql.ref(STAFF_DB_KEYS[table])} = ${key}`.execute(k(db));
    return Number(r.numAffectedRows ?? 0);
  },

  /** True when ticket `tuid` exists. */
  async ticketExists(db: TicketDbOrTrx, tuid: string): Promise<boolean> {
    const row = await ticketTables(db).selectFrom('tickets').select('tuid').where('tuid', '=', tuid).executeTakeFirst();
    return row !== undefined;
  },

  /** Owned listings of a client (hover info). */
  async listingCount(db: Q, cuid: string): Promise<number> {
    const r = await sql<{ n: string }>`SELECT count(*) AS n FROM properties WHERE owner_cuid = ${cuid}`.execute(k(db));
    return Number(r.rows[0]?.n ?? 0);
  },

  /** A client's display name (nickname, else e-mail), or null. */
  async clientName(db: Q, cuid: string | null): Promise<string | null> {
    if (!cuid) return null;
    const r = await sql<{ name: string | null }>`SELECT coalesce(nickname, email) AS name FROM clients WHERE cuid = ${cuid}`.execute(k(db));
    return r.rows[0]?.name ?? null;
  },

  /**
   * A page of the audit log, newest first, optionally of one table (`rtable`) and one record (`rkey`), with the
   * staff member's name (nickname, else e-mail; null when the client is gone).
   */
  async auditPage(db: TicketDbOrTrx, q: { rtable?: string; rkey?: string; limit: number; offset: number }) {
    let base = ticketTables(db).selectFrom('staff_audit_log as a');
    if (q.rtable) base = base.where('a.rtable', '=', q.rtable);
    if (q.rkey) base = base.where('a.rkey', '=', q.rkey);
    const [rows, count] = await Promise.all([
      base.leftJoin('clients as c', 'c.cuid', 'a.actor_cuid')
        .select(['a.id', 'a.created_at', 'a.actor_cuid', 'a.action', 'a.rtable', 'a.rkey', 'a.rcolumn', 'a.old_value', 'a.new_value', 'a.reason', 'a.tuid'])
        .select(sql<string | null>`coalesce(c.nickname, c.email)`.as('actor_name'))
        .orderBy('a.id', 'desc').limit(q.limit).offset(q.offset).execute(),
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  /** One audit row by id (the answer of an edit). */
  async auditRow(db: TicketDbOrTrx, id: string) {
    return ticketTables(db).selectFrom('staff_audit_log as a').leftJoin('clients as c', 'c.cuid', 'a.actor_cuid')
      .select(['a.id', 'a.created_at', 'a.actor_cuid', 'a.action', 'a.rtable', 'a.rkey', 'a.rcolumn', 'a.old_value', 'a.new_value', 'a.reason', 'a.tuid'])
      .select(sql<string | null>`coalesce(c.nickname, c.email)`.as('actor_name'))
      .where('a.id', '=', id).executeTakeFirstOrThrow();
  },
};
