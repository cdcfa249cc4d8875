import { sql } from 'kysely';
import { agencyTables, type AgencyDb } from '../agencies/agencies-tables.ts';
import type { AgencyRow } from '../agencies/agencies-repository.ts';

/** One row of association_members (migration 043). */
export type MemberRow = { asso_uid: string; auid: string; status: 'pending' | 'approved' | 'removed'; requested_at: Date; decided_at: Date | null };

const kysely = (db: AgencyDb) => agencyTables(db);
/** The client uids whose listings are agency `auid`'s: its administrator and its approved agents (decision 028). */
const agencyMembersSql = (auidRef: ReturnType<typeof sql.ref>) =>
  sql`(SELECT ag.admin_cuid FROM agencies ag WHERE ag.auid = ${auidRef} UNION SELECT g.cuid FROM agency_agents g WHERE g.auid = ${auidRef} AND g.status = 'approved')`;

/**
 * SQL of associations (rows of `agencies` with kind 'association'), their member agencies (association_members,
 * migration 043), their directory and the super association's change log (migration 044). Every function takes a
 * Database or an open transaction.
 */
export const associationsRepository = {
  /** Associations but the super association, by state then name; only those of `state` (a state's name) when given. */
  async listByState(db: AgencyDb, state: string | null): Promise<AgencyRow[]> {
    let q = kysely(db).selectFrom('agencies').selectAll().where('kind', '=', 'association').where('is_super', '=', false)
      .where('mexican_state', 'is not', null);
    if (state) q = q.where('mexican_state', '=', state);
    return (await q.orderBy('mexican_state').orderBy('name').orderBy('auid').execute()) as AgencyRow[];
  },

  /** The membership of `auid` in association `assoUid` (FOR UPDATE when `lock`), or undefined. */
  async findMember(db: AgencyDb, assoUid: string, auid: string, lock = false): Promise<MemberRow | undefined> {
    let q = kysely(db).selectFrom('association_members').select(['asso_uid', 'auid', 'status', 'requested_at', 'decided_at'])
      .where('asso_uid', '=', assoUid).where('auid', '=', auid);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** A new pending request, or a removed membership asked for again (back to pending, requested now). */
  async request(db: AgencyDb, assoUid: string, auid: string): Promise<void> {
    await kysely(db).insertInto('association_members').values({ asso_uid: assoUid, auid, status: 'pending', decided_at: null, decided_by: null })
      .onConflict((oc) => oc.columns(['asso_uid', 'auid']).doUpdateSet({ status: 'pending', requested_at: new Date(), decided_at: null, decided_by: null }))
      .execute();
  },

  /** Sets a membership's status with who decided and when. */
  async setStatus(db: AgencyDb, assoUid: string, auid: string, status: MemberRow['status'], by: string): Promise<void> {
    await kysely(db).updateTable('association_members').set({ status, decided_at: new Date(), decided_by: by })
      .where('asso_uid', '=', assoUid).where('auid', '=', auid).execute();
  },

  /** Approved and pending memberships of the association. */
  async countMembers(db: AgencyDb, assoUid: string): Promise<{ approved: number; pending: number }> {
    const rows = await kysely(db).selectFrom('association_members').select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('asso_uid', '=', assoUid).groupBy('status').execute();
    const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    return { approved: n('approved'), pending: n('pending') };
  },

  /**
   * A page of the association's memberships (of `status`, of agency `auid` when given; oldest request first), each with the member's public
   * fields, its approved agents and its listings (owner or assigned agent among its administrator and approved agents).
   */
  async listMembers(db: AgencyDb, assoUid: string, opts: { status?: 'pending' | 'approved'; auid?: string; limit: number; offset: number }) {
    const auid = sql.ref('a.auid');
    let q = kysely(db).selectFrom('association_members as m').innerJoin('agencies as a', 'a.auid', 'm.auid')
      .select(['a.auid', 'a.name', 'a.kind', 'a.logo_name', 'a.mexican_state', 'm.status', 'm.requested_at', 'm.decided_at',
        sql<string>`(SELECT count(*) FROM agency_agents g WHERE g.auid = a.auid AND g.status = 'approved')`.as('agents_count'),
        sql<string>`(SELECT count(*) FROM properties p WHERE p.owner_cuid IN ${agencyMembersSql(auid)} OR p.agent_cuid IN ${agencyMembersSql(auid)})`.as('listings_count')])
      .where('m.asso_uid', '=', assoUid);
    if (opts.status) q = q.where('m.status', '=', opts.status);
    if (opts.auid) q = q.where('m.auid', '=', opts.auid);
    return q.orderBy('m.requested_at').orderBy('a.auid').limit(opts.limit).offset(opts.offset).execute();
  },

  /** A page of the approved agents of agency `auid`, by nickname, with support's verification. */
  async memberAgents(db: AgencyDb, auid: string, limit: number, offset: number) {
    return kysely(db).selectFrom('agency_agents as g').innerJoin('clients as c', 'c.cuid', 'g.cuid')
      .select(['c.nickname', 'c.profile_photo_name', 'g.verified'])
      .where('g.auid', '=', auid).where('g.status', '=', 'approved')
      .orderBy('c.nickname').orderBy('g.agent_uid').limit(limit).offset(offset).execute();
  },

  /** A page of the association's approved member agencies whose name contains `search`, by name. */
  async approvedAgencies(db: AgencyDb, assoUid: string, search: string, limit: number, offset: number): Promise<AgencyRow[]> {
    let q = kysely(db).selectFrom('agencies as a').innerJoin('association_members as m', 'm.auid', 'a.auid').selectAll('a')
      .where('m.asso_uid', '=', assoUid).where('m.status', '=', 'approved');
    if (search) q = q.where('a.name', 'ilike', `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return (await q.orderBy('a.name').orderBy('a.auid').limit(limit).offset(offset).execute()) as AgencyRow[];
  },

  /** The associations agency `auid` asked to join, with their state, newest request first. */
  async agencyMemberships(db: AgencyDb, auid: string) {
    return kysely(db).selectFrom('association_members as m').innerJoin('agencies as a', 'a.auid', 'm.asso_uid')
      .select(['a.auid as asso_uid', 'a.name', 'a.logo_name', 'a.mexican_state', 'm.status', 'm.requested_at', 'm.decided_at'])
      .where('m.auid', '=', auid).orderBy('m.requested_at', 'desc').orderBy('a.auid').execute();
  },

  /**
   * A page of the association's directory (spec 01 §3): the administrators and approved agents of its approved member
   * agencies (registered clients), one entry per agency and nickname, by agency name then nickname.
   */
  async directory(db: AgencyDb, assoUid: string, limit: number, offset: number) {
    const k = 'db' in db && 'kind' in db ? (db as { db: unknown }).db : db;
    const rows = await sql<{ auid: string; agency_name: string; agency_logo: string | null; nickname: string | null; bio: string | null; profile_photo_name: string | null }>`
      SELECT * FROM (
        SELECT DISTINCT ON (a.auid, coalesce(c.nickname, '')) a.auid, a.name AS agency_name, a.logo_name AS agency_logo,
               c.nickname, c.bio, c.profile_photo_name, c.cuid
        FROM association_members m
        JOIN agencies a ON a.auid = m.auid AND a.kind = 'agency'
        JOIN (SELECT auid, admin_cuid AS cuid, 0 AS rank FROM agencies
              UNION ALL SELECT auid, cuid, 1 FROM agency_agents WHERE status = 'approved') p ON p.auid = a.auid
        JOIN clients c ON c.cuid = p.cuid AND c.is_anonymous = false
        WHERE m.asso_uid = ${assoUid} AND m.status = 'approved'
        ORDER BY a.auid, coalesce(c.nickname, ''), p.rank, c.cuid
      ) d
      ORDER BY lower(d.agency_name), d.auid, lower(coalesce(d.nickname, '')), d.cuid
      LIMIT ${limit} OFFSET ${offset}`.execute(k as never);
    return rows.rows;
  },

  /** The super association (at most one), or undefined. */
  async findSuper(db: AgencyDb): Promise<AgencyRow | undefined> {
    return (await kysely(db).selectFrom('agencies').selectAll().where('is_super', '=', true).executeTakeFirst()) as AgencyRow | undefined;
  },

  /** Sets agencies.is_super of `assoUid` and records the change (who, when) in association_super_changes. */
  async setSuper(db: AgencyDb, assoUid: string, isSuper: boolean, by: string): Promise<void> {
    await kysely(db).updateTable('agencies').set({ is_super: isSuper, updated_at: new Date() }).where('auid', '=', assoUid).execute();
    await kysely(db).insertInto('association_super_changes').values({ asso_uid: assoUid, action: isSuper ? 'set' : 'unset', changed_by: by }).execute();
  },
};
