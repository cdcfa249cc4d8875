import { sql, type Selectable } from 'kysely';
import { FREE_AGENCY_SEATS, MEDIA_URL_PREFIX, type AgentStatus, type TAgency, type TAgentProcess, type TAgencySummary } from '@nj/contracts';
import { agencyTables, type AgencyDb, type AgencyTables } from './agencies-tables.ts';
import { isDomainVerified, verificationRecordName } from '../sites/domain-verification.ts';

/** One row of `agencies`. */
export type AgencyRow = Selectable<AgencyTables['agencies']>;
/** One row of `agency_agents` with the agency's name. */
export type MembershipRow = { agent_uid: string; auid: string; cuid: string; status: AgentStatus; requested_at: Date; decided_at: Date | null; agency_name: string };

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The seats in force for `a` now: the plan's while it lasts, else FREE_AGENCY_SEATS. */
export function seatsInForce(a: Pick<AgencyRow, 'plan' | 'seats' | 'plan_expires_at'>, now = new Date()): number {
  return a.plan && a.plan_expires_at && a.plan_expires_at > now ? Math.max(a.seats, FREE_AGENCY_SEATS) : FREE_AGENCY_SEATS;
}

/** The public URL of a stored logo key, or null. */
export const logoUrl = (key: string | null): string | null => (key ? MEDIA_URL_PREFIX + key : null);

/** An agency as anyone sees it. */
export function presentAgencySummary(a: Pick<AgencyRow, 'auid' | 'name' | 'kind' | 'logo_name'>): TAgencySummary {
  return { auid: a.auid, name: a.name, kind: a.kind, logo: logoUrl(a.logo_name) };
}

/** An agency as its administrator or approved agent sees it (`seatsUsed`: its approved agents). */
export function presentAgency(a: AgencyRow, role: 'admin' | 'agent', seatsUsed: number): TAgency {
  return {
    ...presentAgencySummary(a), base_domain: a.base_domain, color_primary: a.color_primary, color_secondary: a.color_secondary,
    custom_page_name: a.custom_page_name, website_content: a.website_content, mexican_state: a.mexican_state,
    has_map: a.has_map, is_private: a.is_private, agents_edit_all: a.agents_edit_all, crm_agents_see_all: a.crm_agents_see_all,
    plan: a.plan, is_anual: a.is_anual, plan_expires_at: a.plan_expires_at ? a.plan_expires_at.toISOString() : null,
    seats: seatsInForce(a), seats_used: seatsUsed, role,
    base_domain_verified: isDomainVerified(a.base_domain, a.base_domain_verified_at),
    domain_verification: a.base_domain && role === 'admin' ? { record_name: verificationRecordName(a.base_domain), record_value: `nj-verificacion=${a.domain_verification_token}` } : null,
  };
}

/** A membership as its agent sees it. */
export function presentMembership(m: MembershipRow): TAgentProcess {
  return {
    agent_uid: m.agent_uid, auid: m.auid, agency_name: m.agency_name, status: m.status, approved: m.status === 'approved',
    requested_at: m.requested_at.toISOString(), decided_at: m.decided_at ? m.decided_at.toISOString() : null,
  };
}

/**
 * SQL of agencies, their agents and plan orders (migration 042). Every function takes a Database or an open
 * transaction, so callers keep theirs.
 */
export const agenciesRepository = {
  /** One agency by auid (FOR UPDATE when `lock`), or undefined. */
  async find(db: AgencyDb, auid: string, lock = false): Promise<AgencyRow | undefined> {
    let q = agencyTables(db).selectFrom('agencies').selectAll().where('auid', '=', auid);
    if (lock) q = q.forUpdate();
    return (await q.executeTakeFirst()) as AgencyRow | undefined;
  },

  /**
   * The agency (kind 'agency', the default) or the association (kind 'association') `cuid` administers, or undefined
   * (one of each per administrator, migration 043).
   */
  async findByAdmin(db: AgencyDb, cuid: string, kind: AgencyRow['kind'] = 'agency'): Promise<AgencyRow | undefined> {
    return (await agencyTables(db).selectFrom('agencies').selectAll().where('admin_cuid', '=', cuid).where('kind', '=', kind).executeTakeFirst()) as AgencyRow | undefined;
  },

  /** Inserts an agency or an association. */
  async insert(db: AgencyDb, row: {
    auid: string; name: string; kind: AgencyRow['kind']; admin_cuid: string; base_domain: string | null; color_primary: string | null; color_secondary: string | null;
    mexican_state?: string | null;
  }): Promise<void> {
    await agencyTables(db).insertInto('agencies').values({
      custom_page_name: null, website_content: null, logo_name: null, plan: null, plan_expires_at: null, ...row, mexican_state: row.mexican_state ?? null,
    }).execute();
  },

  /** Sets the given columns of agency `auid` (and updated_at). */
  async update(db: AgencyDb, auid: string, patch: Partial<Omit<AgencyRow, 'auid' | 'admin_cuid' | 'created_at' | 'updated_at'>>): Promise<void> {
    await agencyTables(db).updateTable('agencies').set({ ...patch, updated_at: new Date() }).where('auid', '=', auid).execute();
  },

  /** Stamps `auid`'s base domain as verified at `at`, only while it is still `domain` (migration 054). */
  async stampDomainVerified(db: AgencyDb, auid: string, domain: string, at: Date): Promise<void> {
    await agencyTables(db).updateTable('agencies').set({ base_domain_verified_at: at }).where('auid', '=', auid).where('base_domain', '=', domain).execute();
  },

  /** True when another agency than `auid` has this name (case-insensitive) or base domain. */
  async clash(db: AgencyDb, field: 'name' | 'base_domain', value: string, auid: string | null): Promise<boolean> {
    let q = agencyTables(db).selectFrom('agencies').select('auid');
    q = field === 'name' ? q.where(sql<boolean>`lower(name) = lower(${value})`) : q.where('base_domain', '=', value);
    if (auid) q = q.where('auid', '<>', auid);
    return !!(await q.executeTakeFirst());
  },

  /** Agencies (kind agency) whose name contains `search`, by name; `limit` + 1 rows to tell if there are more. */
  async search(db: AgencyDb, search: string, limit: number, offset: number): Promise<AgencyRow[]> {
    let q = agencyTables(db).selectFrom('agencies').selectAll().where('kind', '=', 'agency');
    if (search) q = q.where('name', 'ilike', like(search));
    return (await q.orderBy('name').orderBy('auid').limit(limit).offset(offset).execute()) as AgencyRow[];
  },

  /** The client's membership that is not removed (at most one), with the agency's name. */
  async currentMembership(db: AgencyDb, cuid: string): Promise<MembershipRow | undefined> {
    return agencyTables(db).selectFrom('agency_agents as m').innerJoin('agencies as a', 'a.auid', 'm.auid')
      .select(['m.agent_uid', 'm.auid', 'm.cuid', 'm.status', 'm.requested_at', 'm.decided_at', 'a.name as agency_name'])
      .where('m.cuid', '=', cuid).where('m.status', '<>', 'removed').executeTakeFirst();
  },

  /** The client's latest membership in agency `auid` (any status), with the agency's name. */
  async membershipIn(db: AgencyDb, auid: string, cuid: string): Promise<MembershipRow | undefined> {
    return agencyTables(db).selectFrom('agency_agents as m').innerJoin('agencies as a', 'a.auid', 'm.auid')
      .select(['m.agent_uid', 'm.auid', 'm.cuid', 'm.status', 'm.requested_at', 'm.decided_at', 'a.name as agency_name'])
      .where('m.cuid', '=', cuid).where('m.auid', '=', auid).orderBy(sql`m.status = 'removed'`).orderBy('m.requested_at', 'desc').executeTakeFirst();
  },

  /** One membership by agent_uid (FOR UPDATE when `lock`). */
  async findMembership(db: AgencyDb, agentUid: string, lock = false): Promise<MembershipRow | undefined> {
    let q = agencyTables(db).selectFrom('agency_agents as m').innerJoin('agencies as a', 'a.auid', 'm.auid')
      .select(['m.agent_uid', 'm.auid', 'm.cuid', 'm.status', 'm.requested_at', 'm.decided_at', 'a.name as agency_name'])
      .where('m.agent_uid', '=', agentUid);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** Inserts a pending membership. */
  async insertMembership(db: AgencyDb, row: { agent_uid: string; auid: string; cuid: string }): Promise<void> {
    await agencyTables(db).insertInto('agency_agents').values({ ...row, status: 'pending', decided_at: null, decided_by: null }).execute();
  },

  /** Sets a membership's status, with who decided and when. */
  async setStatus(db: AgencyDb, agentUid: string, status: AgentStatus, by: string): Promise<void> {
    await agencyTables(db).updateTable('agency_agents').set({ status, decided_at: new Date(), decided_by: by }).where('agent_uid', '=', agentUid).execute();
  },

  /** Approved agents of agency `auid` (the seats in use). */
  async countApproved(db: AgencyDb, auid: string): Promise<number> {
    const r = await agencyTables(db).selectFrom('agency_agents').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('auid', '=', auid).where('status', '=', 'approved').executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** A page of the agency's agents (removed ones left out), oldest request first; `approved` filters. */
  async listAgents(db: AgencyDb, auid: string, opts: { approved?: boolean; limit: number; offset: number }) {
    let q = agencyTables(db).selectFrom('agency_agents as m').innerJoin('clients as c', 'c.cuid', 'm.cuid')
      .select(['m.agent_uid', 'm.cuid', 'm.status', 'm.requested_at', 'm.verified', 'c.nickname', 'c.email', 'c.profile_photo_name'])
      .where('m.auid', '=', auid).where('m.status', '<>', 'removed');
    if (opts.approved === true) q = q.where('m.status', '=', 'approved');
    if (opts.approved === false) q = q.where('m.status', 'in', ['pending', 'suspended']);
    return q.orderBy('m.requested_at').orderBy('m.agent_uid').limit(opts.limit).offset(opts.offset).execute();
  },

  /** Sets clients.is_agent of `cuid` (spec 01 §6: the agent flag in settings). */
  async setAgentFlag(db: AgencyDb, cuid: string, isAgent: boolean): Promise<void> {
    await agencyTables(db).updateTable('clients').set({ is_agent: isAgent }).where('cuid', '=', cuid).execute();
  },

  /**
   * A page of the agency's listings: those published by its administrator or an approved agent, or assigned to one
   * of its approved agents. `status` active/inactive/all; `search` in the title; newest first.
   */
  async listProperties(db: AgencyDb, agency: Pick<AgencyRow, 'auid' | 'admin_cuid'>, opts: { search: string; status: 'active' | 'inactive' | 'all'; limit: number; offset: number; puid?: string; agentCuid?: string }) {
    const members = sql`(SELECT ${agency.admin_cuid}::text UNION SELECT cuid FROM agency_agents WHERE auid = ${agency.auid} AND status = 'approved')`;
    let q = agencyTables(db).selectFrom('properties as p')
      .leftJoin('clients as o', 'o.cuid', 'p.owner_cuid')
      .leftJoin('clients as g', 'g.cuid', 'p.agent_cuid')
      .leftJoin('agency_agents as ga', (j) => j.onRef('ga.cuid', '=', 'p.agent_cuid').on('ga.auid', '=', agency.auid).on('ga.status', '=', 'approved'))
      .select(['p.puid', 'p.title', 'p.slug', 'p.images', 'p.is_active', 'p.rent_price', 'p.sale_price', 'p.owner_cuid', 'p.agent_cuid',
        'o.nickname as owner_nickname', 'g.nickname as agent_nickname', 'ga.agent_uid as agent_uid',
        sql<boolean>`(p.owner_cuid IN ${members})`.as('owner_member')])
      .where(sql<boolean>`(p.owner_cuid IN ${members} OR p.agent_cuid IN ${members})`);
    if (opts.puid) q = q.where('p.puid', '=', opts.puid);
    if (opts.agentCuid) q = q.where('p.agent_cuid', '=', opts.agentCuid);
    if (opts.status !== 'all') q = q.where('p.is_active', '=', opts.status === 'active');
    if (opts.search) q = q.where('p.title', 'ilike', like(opts.search));
    return q.orderBy('p.created_at', 'desc').orderBy('p.puid').limit(opts.limit).offset(opts.offset).execute();
  },
};
