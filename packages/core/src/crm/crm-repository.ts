import { sql } from 'kysely';
import type { CrmStatus, CrmType, TCrmClient, TCrmProp, TCrmScope } from '@nj/contracts';
import type { AgencyDb } from '../agencies/agencies-tables.ts';
import { crmTables } from './crm-tables.ts';
import { visibleClients, type CrmScope } from './crm-scope.ts';

/** A CRM client row to insert (migration 047). */
export type NewCrmClient = {
  uid: string; auid: string | null; owner_cuid: string; name: string; email: string | null; phone: string | null;
  status: CrmStatus; type: CrmType; compliant: boolean; assigned_to: string | null; linked_cuid: string | null; source_ref: string | null;
};
/** Filters of GET /v1/crm/clients. */
export type CrmClientFilters = { s: string; cstatus?: CrmStatus | undefined; ctype?: CrmType | undefined; cassignedTo?: string | undefined; compliant?: boolean | undefined };

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function presentedQuery(db: AgencyDb) {
  return crmTables(db).selectFrom('crm_clients as c')
    .leftJoin('clients as g', 'g.cuid', 'c.assigned_to')
    .leftJoin('crm_clients as pc', 'pc.uid', 'c.partner_uid')
    .select(['c.uid', 'c.name', 'c.email', 'c.phone', 'c.status', 'c.type', 'c.compliant', 'c.assigned_to', 'g.nickname as assigned_nickname',
      'c.partner_uid', 'pc.name as partner_name', 'c.linked_cuid', 'c.created_at', 'c.updated_at',
      sql<number>`(SELECT count(*)::int FROM crm_client_props cp WHERE cp.uid = c.uid)`.as('props_count')]);
}
type PresentedRow = Awaited<ReturnType<ReturnType<typeof presentedQuery>['execute']>>[number];

/** A client row as the API shows it (ZCrmClient). */
export function presentCrmClient(r: PresentedRow): TCrmClient {
  return {
    uid: r.uid, name: r.name, email: r.email, phone: r.phone, status: r.status, type: r.type, compliant: r.compliant,
    assigned_to: r.assigned_to ? { cuid: r.assigned_to, nickname: r.assigned_nickname } : null,
    partner: r.partner_uid && r.partner_name ? { uid: r.partner_uid, name: r.partner_name } : null,
    linked: r.linked_cuid !== null, props_count: Number(r.props_count),
    created_at: new Date(r.created_at).toISOString(), updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** SQL of the CRM (migration 047): clients, their listings, notes and documents, scoped by crm-scope.ts. */
export const crmRepository = {
  /** One page of the clients the scope sees, newest first, with the filters; and how many match. */
  async list(db: AgencyDb, scope: CrmScope, f: CrmClientFilters, limit: number, offset: number): Promise<{ rows: PresentedRow[]; total: number }> {
    let q = presentedQuery(db).where(visibleClients(scope));
    if (f.s) {
      const p = like(f.s);
      q = q.where((eb) => eb.or([eb('c.name', 'ilike', p), eb('c.email', 'ilike', p), eb('c.phone', 'ilike', p)]));
    }
    if (f.cstatus) q = q.where('c.status', '=', f.cstatus);
    if (f.ctype) q = q.where('c.type', '=', f.ctype);
    if (f.cassignedTo) q = f.cassignedTo === 'none' ? q.where('c.assigned_to', 'is', null) : q.where('c.assigned_to', '=', f.cassignedTo);
    if (f.compliant !== undefined) q = q.where('c.compliant', '=', f.compliant);
    const total = await q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
    const rows = await q.orderBy('c.created_at', 'desc').orderBy('c.uid').limit(limit).offset(offset).execute();
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Client `uid` as presented, or undefined. */
  async findPresented(db: AgencyDb, uid: string): Promise<PresentedRow | undefined> {
    return presentedQuery(db).where('c.uid', '=', uid).executeTakeFirst();
  },

  /** The client of the scope converted from lead `ref` ('lead:<luid>' / 'rent:<ruid>'), if any. */
  async findBySource(db: AgencyDb, scope: CrmScope, ref: string): Promise<string | undefined> {
    let q = crmTables(db).selectFrom('crm_clients').select('uid').where('source_ref', '=', ref);
    q = scope.auid ? q.where('auid', '=', scope.auid) : q.where('auid', 'is', null).where('owner_cuid', '=', scope.cuid);
    return (await q.executeTakeFirst())?.uid;
  },

  /** Inserts a client; with a source_ref already converted in the same CRM nothing is inserted (returns false). */
  async insert(db: AgencyDb, row: NewCrmClient): Promise<boolean> {
    const r = await crmTables(db).insertInto('crm_clients').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Changes client `uid`'s fields (and updated_at). */
  async update(db: AgencyDb, uid: string, patch: Partial<Pick<NewCrmClient, 'name' | 'email' | 'phone' | 'status' | 'type' | 'compliant' | 'assigned_to' | 'linked_cuid'>>): Promise<void> {
    await crmTables(db).updateTable('crm_clients').set({ ...patch, updated_at: new Date() }).where('uid', '=', uid).execute();
  },

  /** Makes `a` and `b` each other's partner (b null: clears a's partner and whoever pointed at a). */
  async setPartner(db: AgencyDb, a: string, b: string | null): Promise<void> {
    const k = crmTables(db);
    await k.updateTable('crm_clients').set({ partner_uid: null, updated_at: new Date() })
      .where((eb) => eb.or([eb('partner_uid', '=', a), ...(b ? [eb('partner_uid', '=', b)] : [])])).execute();
    await k.updateTable('crm_clients').set({ partner_uid: b, updated_at: new Date() }).where('uid', '=', a).execute();
    if (b) await k.updateTable('crm_clients').set({ partner_uid: a, updated_at: new Date() }).where('uid', '=', b).execute();
  },

  /** The listings linked to client `uid`, newest link first. */
  async listProps(db: AgencyDb, uid: string): Promise<TCrmProp[]> {
    const rows = await crmTables(db).selectFrom('crm_client_props as cp').innerJoin('properties as p', 'p.puid', 'cp.puid')
      .select(['p.puid', 'p.title', 'p.slug', 'p.is_active', 'cp.created_at']).where('cp.uid', '=', uid).orderBy('cp.created_at', 'desc').execute();
    return rows.map((r) => ({ puid: r.puid, title: r.title ?? '', slug: r.slug ?? r.puid, is_active: !!r.is_active, created_at: new Date(r.created_at).toISOString() }));
  },

  /** Links listing `puid` to client `uid` (again: nothing). */
  async addProp(db: AgencyDb, uid: string, puid: string, by: string): Promise<void> {
    await crmTables(db).insertInto('crm_client_props').values({ uid, puid, added_by: by }).onConflict((oc) => oc.doNothing()).execute();
  },

  /** Unlinks listing `puid` from client `uid`; returns whether it was linked. */
  async removeProp(db: AgencyDb, uid: string, puid: string): Promise<boolean> {
    const r = await crmTables(db).deleteFrom('crm_client_props').where('uid', '=', uid).where('puid', '=', puid).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** Adds a note to client `uid`'s timeline. */
  async insertNote(db: AgencyDb, row: { nuid: string; uid: string; author_cuid: string; body: string }): Promise<void> {
    await crmTables(db).insertInto('crm_notes').values(row).execute();
  },

  /** The notes of client `uid` with their authors, newest first (at most 200). */
  async listNotes(db: AgencyDb, uid: string) {
    return crmTables(db).selectFrom('crm_notes as n').leftJoin('clients as a', 'a.cuid', 'n.author_cuid')
      .select(['n.nuid', 'n.body', 'n.created_at', 'a.nickname']).where('n.uid', '=', uid).orderBy('n.created_at', 'desc').limit(200).execute();
  },

  /**
   * What a client linked to product account `cuid` did with the scope's side (`members`: the CRM's clients): their
   * conversations (rents) on listings those members answer, with their visits; and the contact-form messages they
   * sent (by account, or by e-mail `email`) to them. At most 100 of each, newest first.
   */
  async productActivity(db: AgencyDb, members: ReturnType<typeof sql>, cuid: string | null, email: string | null) {
    const k = crmTables(db);
    const rents = cuid ? await k.selectFrom('rents as r').innerJoin('properties as p', 'p.puid', 'r.puid')
      .select(['r.ruid', 'r.step', 'r.created_at', 'r.updated_at', 'p.title'])
      .where('r.renter_cuid', '=', cuid).where(sql<boolean>`r.owner_cuid IN ${members}`).orderBy('r.created_at', 'desc').limit(100).execute() : [];
    const visits = cuid ? await k.selectFrom('appointments as a').innerJoin('rents as r', 'r.ruid', 'a.ruid').innerJoin('properties as p', 'p.puid', 'r.puid')
      .select(['a.auid', 'a.status', 'a.st', 'a.created_at', 'r.ruid', 'p.title'])
      .where('r.renter_cuid', '=', cuid).where(sql<boolean>`r.owner_cuid IN ${members}`).orderBy('a.created_at', 'desc').limit(100).execute() : [];
    const leads = cuid || email ? await k.selectFrom('leads as l').innerJoin('properties as p', 'p.puid', 'l.puid')
      .select(['l.luid', 'l.message', 'l.created_at', 'p.title'])
      .where((eb) => eb.or([...(cuid ? [eb('l.sender_cuid', '=', cuid)] : []), ...(email ? [eb(sql`lower(l.email)`, '=', email.toLowerCase())] : [])]))
      .where(sql<boolean>`l.owner_cuid IN ${members}`).orderBy('l.created_at', 'desc').limit(100).execute() : [];
    return { rents, visits, leads };
  },

  /** The people a client of the scope may be assigned to: the administrator and the approved agents (or the independent agent). */
  async assignable(db: AgencyDb, scope: CrmScope): Promise<TCrmScope['agents']> {
    const k = crmTables(db);
    if (!scope.auid) return k.selectFrom('clients').select(['cuid', 'nickname']).where('cuid', '=', scope.cuid).execute();
    return k.selectFrom('clients').select(['cuid', 'nickname'])
      .where(sql<boolean>`cuid IN (SELECT ${scope.adminCuid}::text UNION SELECT cuid FROM agency_agents WHERE auid = ${scope.auid} AND status = 'approved')`)
      .orderBy('nickname').limit(500).execute();
  },

  /** Bytes and files of the scope's documents space (every client of the agency, or of the independent agent). */
  async docsUsage(db: AgencyDb, scope: CrmScope): Promise<{ bytes: number; files: number }> {
    let q = crmTables(db).selectFrom('crm_documents as d').innerJoin('crm_clients as c', 'c.uid', 'd.uid')
      .select([sql<string>`coalesce(sum(d.size_bytes), 0)::text`.as('bytes'), sql<number>`count(*)::int`.as('files')]);
    q = scope.auid ? q.where('c.auid', '=', scope.auid) : q.where('c.auid', 'is', null).where('c.owner_cuid', '=', scope.cuid);
    const r = await q.executeTakeFirst();
    return { bytes: Number(r?.bytes ?? 0), files: Number(r?.files ?? 0) };
  },

  /**
   * Serialises the uploads of one documents space until the end of transaction `trx` (a transaction-scoped advisory
   * lock on the CRM's key), so two uploads cannot both fit in the space left for one.
   */
  async lockDocsSpace(trx: AgencyDb, scope: CrmScope): Promise<void> {
    const key = scope.auid ? `crm-docs:agency:${scope.auid}` : `crm-docs:agent:${scope.cuid}`;
    await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(crmTables(trx));
  },

  /** Adds a document of client `uid` (migration 047 + 056). */
  async insertDocument(db: AgencyDb, row: { duid: string; uid: string; name: string; size_bytes: number; storage_key: string; content_type: string; uploaded_by: string }): Promise<void> {
    await crmTables(db).insertInto('crm_documents').values(row).execute();
  },

  /** The documents of client `uid` with who uploaded them, newest first (at most 500). */
  async listDocuments(db: AgencyDb, uid: string) {
    return crmTables(db).selectFrom('crm_documents as d').leftJoin('clients as u', 'u.cuid', 'd.uploaded_by')
      .select(['d.duid', 'd.name', 'd.size_bytes', 'd.content_type', 'd.created_at', 'd.uploaded_by', 'u.nickname'])
      .where('d.uid', '=', uid).orderBy('d.created_at', 'desc').orderBy('d.duid').limit(500).execute();
  },

  /** Document `duid` of client `uid` (its stored file's key and type), or undefined. */
  async findDocument(db: AgencyDb, uid: string, duid: string) {
    return crmTables(db).selectFrom('crm_documents').select(['duid', 'name', 'size_bytes', 'content_type', 'storage_key'])
      .where('uid', '=', uid).where('duid', '=', duid).executeTakeFirst();
  },

  /**
   * Deletes client `uid` (its notes, listing links and document rows go with it, ON DELETE CASCADE; a partner's link
   * is cleared, ON DELETE SET NULL); returns the stored files' keys of its documents, for the caller to remove.
   */
  async deleteClient(db: AgencyDb, uid: string): Promise<string[]> {
    const k = crmTables(db);
    const docs = await k.selectFrom('crm_documents').select('storage_key').where('uid', '=', uid).execute();
    await k.deleteFrom('crm_clients').where('uid', '=', uid).execute();
    return docs.map((d) => d.storage_key);
  },

  /** Deletes document `duid` of client `uid`; returns its stored file's key, or undefined when there was none. */
  async deleteDocument(db: AgencyDb, uid: string, duid: string): Promise<string | undefined> {
    const r = await crmTables(db).deleteFrom('crm_documents').where('uid', '=', uid).where('duid', '=', duid).returning('storage_key').executeTakeFirst();
    return r?.storage_key;
  },
};
