import { z } from 'zod';
import { AGENCY_MESSAGES as M } from './messages.ts';
import { AGENCY_PLANS } from './plans.ts';

/** Limits of the agency fields (migration 042). */
export const AGENCY_LIMITS = { nameChars: 120, pageNameChars: 120, contentChars: 5000, stateChars: 60, searchChars: 100, pageSize: 10 } as const;

/** What an administrator does to an agent: POST /v1/agencies/{agent_uid}/{typeOfUpdate} (spec 03 §7). */
export const AGENT_UPDATES = ['approve', 'suspend', 'remove'] as const;
export type AgentUpdate = (typeof AGENT_UPDATES)[number];
/** An agent's membership states. */
export const AGENT_STATUSES = ['pending', 'approved', 'suspended', 'removed'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

const DOMAIN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const id = (msg: string) => z.string({ error: msg }).trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: msg });
const name = z.string({ error: M.nameInvalid }).trim().min(2, { error: M.nameInvalid }).max(AGENCY_LIMITS.nameChars, { error: M.nameInvalid });
/** A host name: lower-cased, without scheme, path or port ('https://' and a trailing '/' are dropped). */
const domain = z.string({ error: M.domainInvalid }).trim().toLowerCase()
  .transform((v) => v.replace(/^https?:\/\//, '').replace(/\/$/, '').replace(/^www\./, ''))
  .refine((v) => DOMAIN.test(v), { error: M.domainInvalid });
const color = z.string({ error: M.colorInvalid }).trim().toLowerCase().regex(/^#[0-9a-f]{6}$/, { error: M.colorInvalid });
const flag = z.boolean({ error: M.flagInvalid });
const page = z.coerce.number({ error: M.pageInvalid }).int({ error: M.pageInvalid }).min(1, { error: M.pageInvalid }).max(10_000, { error: M.pageInvalid }).default(1);
const search = z.string({ error: M.searchInvalid }).trim().max(AGENCY_LIMITS.searchChars, { error: M.searchInvalid }).default('');

/** POST /v1/agencies — a new agency administered by the caller. Logo: POST …/{auid}/profilephoto afterwards. */
export const ZCreateAgencyBody = z.object({
  name,
  base_domain: domain.nullable().optional(),
  color_primary: color.nullable().optional(),
  color_secondary: color.nullable().optional(),
  /** 'association' only for holders of the association_admin privilege (decision 029), with `mexican_state`. */
  kind: z.enum(['agency', 'association'], { error: M.kindInvalid }).default('agency'),
  mexican_state: z.string({ error: M.stateInvalid }).trim().max(AGENCY_LIMITS.stateChars, { error: M.stateInvalid }).optional(),
});
/** PUT /v1/agencies/{auid} — the agency's settings; at least one field. */
export const ZUpdateAgencyBody = z.object({
  name: name.optional(),
  base_domain: domain.nullable().optional(),
  color_primary: color.nullable().optional(),
  color_secondary: color.nullable().optional(),
  custom_page_name: z.string({ error: M.pageNameInvalid }).trim().max(AGENCY_LIMITS.pageNameChars, { error: M.pageNameInvalid }).nullable().optional(),
  website_content: z.string({ error: M.contentInvalid }).max(AGENCY_LIMITS.contentChars, { error: M.contentInvalid }).nullable().optional(),
  mexican_state: z.string({ error: M.stateInvalid }).trim().max(AGENCY_LIMITS.stateChars, { error: M.stateInvalid }).nullable().optional(),
  has_map: flag.optional(),
  is_private: flag.optional(),
  agents_edit_all: flag.optional(),
  /** Decision 032: the agency's agents see every CRM client of the agency, not only their own and assigned ones. */
  crm_agents_see_all: flag.optional(),
}).refine((b) => Object.values(b).some((v) => v !== undefined), { error: M.nothingToUpdate });
export type TUpdateAgencyBody = z.infer<typeof ZUpdateAgencyBody>;

/** /v1/agencies/{auid} paths. */
export const ZAgencyAuidParams = z.object({ auid: id(M.auidInvalid) });
/** POST /v1/agencies/{agent_uid}/{typeOfUpdate}. */
export const ZAgentUpdateParams = z.object({ agent_uid: id(M.agentUidInvalid), typeOfUpdate: z.enum(AGENT_UPDATES, { error: M.updateTypeInvalid }) });
/** POST /v1/agencies/{auid}/properties/{puid}/assign path. */
export const ZAgencyPropertyParams = z.object({ auid: id(M.auidInvalid), puid: id(M.puidInvalid) });
/** POST …/assign body: the approved agent to assign (its agent_uid), or null to take the agent off. */
export const ZAssignAgencyPropertyBody = z.object({ agent_uid: id(M.agentUidInvalid).nullable() });
/** PUT /v1/agencies/{auid}/properties/{puid}/is_active — activate or deactivate a listing of the agency. */
export const ZAgencyPropertyActiveBody = z.object({ is_active: z.boolean({ error: M.activeInvalid }) });
/**
 * GET /v1/agencies?search&page — agencies by name (the join search); with `asso` (an association's uid) the
 * association's approved member agencies instead (spec 03 §7 GET /v1/agencies?asso).
 */
export const ZAgenciesQuery = z.object({ search, page, asso: id(M.assoInvalid).optional() });
/** GET /v1/agencies/{auid}/agents?page&approved. */
export const ZAgencyAgentsQuery = z.object({
  page,
  approved: z.enum(['true', 'false'], { error: M.approvedInvalid }).optional(),
});
/** GET /v1/agencies/{auid}/properties?page&search&status (and `assigned=me`: only those assigned to the caller). */
export const ZAgencyPropertiesQuery = z.object({
  page, search,
  status: z.enum(['active', 'inactive', 'all'], { error: M.statusInvalid }).default('all'),
  assigned: z.literal('me', { error: M.assignedInvalid }).optional(),
});
/** GET /v1/client/agent-process?agency_uid. */
export const ZAgentProcessQuery = z.object({ agency_uid: id(M.auidInvalid).optional() });
const seats = z.number({ error: M.seatsNumber }).int({ error: M.seatsNumber }).min(1, { error: M.seatsNumber }).max(1000, { error: M.seatsNumber });
/** POST /v1/agencies/{auid}/plans — buy a plan with `seats` seats, monthly or annual (`is_anual`). */
export const ZBuyAgencyPlanBody = z.object({ plan: z.enum(AGENCY_PLANS, { error: M.planInvalid }), seats, is_anual: flag.default(false) });
/** POST /v1/agencies/{auid}/plans/renew — renew the current plan with `seats` and `is_anual` (spec 03 §7, §9). */
export const ZRenewAgencyPlanBody = z.object({ seats, is_anual: flag.default(false) });

/** An agency as anyone sees it (search results, the agent's agency). */
export const ZAgencySummary = z.object({ auid: z.string(), name: z.string(), kind: z.string(), logo: z.string().nullable() });
export type TAgencySummary = z.infer<typeof ZAgencySummary>;
/** The caller's agency as its administrator (or approved agent) sees it. `seats`: the seats in force now. */
export const ZAgency = ZAgencySummary.extend({
  base_domain: z.string().nullable(), color_primary: z.string().nullable(), color_secondary: z.string().nullable(),
  custom_page_name: z.string().nullable(), website_content: z.string().nullable(), mexican_state: z.string().nullable(),
  has_map: z.boolean(), is_private: z.boolean(), agents_edit_all: z.boolean(), crm_agents_see_all: z.boolean(),
  plan: z.enum(AGENCY_PLANS).nullable(), is_anual: z.boolean(), plan_expires_at: z.string().nullable(),
  seats: z.number(), seats_used: z.number(), role: z.enum(['admin', 'agent']),
  /** Decision 030: the base domain serves the site only once verified (a DNS TXT record; `.localhost`/`.test` outside production). */
  base_domain_verified: z.boolean(),
  /** The TXT record that verifies the domain: its name `_nj-verificacion.<domain>` and value (null without a domain). */
  domain_verification: z.object({ record_name: z.string(), record_value: z.string() }).nullable(),
});
export type TAgency = z.infer<typeof ZAgency>;
/** A client's request to be an agent of an agency, and its state (GET /v1/client/agent-process). */
export const ZAgentProcess = z.object({
  agent_uid: z.string(), auid: z.string(), agency_name: z.string(), status: z.enum(AGENT_STATUSES), approved: z.boolean(),
  requested_at: z.string(), decided_at: z.string().nullable(),
});
export type TAgentProcess = z.infer<typeof ZAgentProcess>;
/** GET /v1/agencies/my — the agency the caller administers and the caller's own membership as an agent. */
export const ZMyAgency = z.object({ agency: ZAgency.nullable(), membership: ZAgentProcess.nullable(), member_agency: ZAgency.nullable() });
export type TMyAgency = z.infer<typeof ZMyAgency>;
/** One page of agencies. */
export const ZAgenciesPage = z.object({ agencies: z.array(ZAgencySummary), page: z.number(), has_more: z.boolean() });
export type TAgenciesPage = z.infer<typeof ZAgenciesPage>;
/** One agent of an agency as its administrator sees them. */
export const ZAgencyAgent = z.object({
  agent_uid: z.string(), cuid: z.string(), nickname: z.string().nullable(), email: z.string().nullable(), photo: z.string().nullable(),
  status: z.enum(AGENT_STATUSES), approved: z.boolean(), requested_at: z.string(),
  /** Support's verification of the agent through the AG ticket (decision 029): null not decided yet. */
  verified: z.boolean().nullable(),
});
export type TAgencyAgent = z.infer<typeof ZAgencyAgent>;
/** GET /v1/agencies/{auid}/agents — a page of agents and the seats (in force, used by approved agents). */
export const ZAgencyAgentsPage = z.object({
  agents: z.array(ZAgencyAgent), page: z.number(), has_more: z.boolean(), seats: z.object({ bought: z.number(), used: z.number() }),
});
export type TAgencyAgentsPage = z.infer<typeof ZAgencyAgentsPage>;
/** One listing of the agency: who published it, its agent, and whether the reader may change it. */
export const ZAgencyProperty = z.object({
  puid: z.string(), title: z.string(), slug: z.string(), photo: z.string().nullable(), is_active: z.boolean(),
  rent_price: z.number().nullable(), sale_price: z.number().nullable(),
  owner: z.object({ cuid: z.string(), nickname: z.string().nullable() }).nullable(),
  agent: z.object({ cuid: z.string(), nickname: z.string().nullable(), agent_uid: z.string().nullable() }).nullable(),
  can_edit: z.boolean(),
});
export type TAgencyProperty = z.infer<typeof ZAgencyProperty>;
/** GET /v1/agencies/{auid}/properties — a page of the agency's listings. */
export const ZAgencyPropertiesPage = z.object({ properties: z.array(ZAgencyProperty), page: z.number(), has_more: z.boolean() });
export type TAgencyPropertiesPage = z.infer<typeof ZAgencyPropertiesPage>;
