import { z } from 'zod';
import { AGENCY_LIMITS, ZAgency } from '../agencies/schemas.ts';
import { ASSOCIATION_MESSAGES as M } from './messages.ts';

/** Agents per page of the association directory (GET /v1/associations/{asso_uid}/directory; decision 029). */
export const DIRECTORY_PAGE_SIZE = 20;
/** Member agencies per page of the association panel. */
export const ASSOCIATION_MEMBERS_PAGE_SIZE = 10;
/** What an association's administrator does to a member agency: approve a request, or remove (a request or a member). */
export const MEMBER_UPDATES = ['approve', 'remove'] as const;
export type MemberUpdate = (typeof MEMBER_UPDATES)[number];
/** States of an agency's membership of an association (migration 043). */
export const MEMBER_STATUSES = ['pending', 'approved', 'removed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

const id = (msg: string) => z.string({ error: msg }).trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: msg });
const page = z.coerce.number({ error: M.pageInvalid }).int({ error: M.pageInvalid }).min(1, { error: M.pageInvalid }).max(10_000, { error: M.pageInvalid }).default(1);

/** GET /v1/agencies/associations?mexican_state — a state's slug or name (any case or accents); absent: every state. */
export const ZAssociationsQuery = z.object({
  mexican_state: z.string({ error: M.stateUnknown }).trim().max(AGENCY_LIMITS.stateChars, { error: M.stateUnknown }).optional(),
});
/** An association as anyone sees it (spec 01 §3 'Association info': uid, name, logo, is_private, has_map, kind, website_content). */
export const ZAssociationInfo = z.object({
  uid: z.string(), name: z.string(), logo: z.string().nullable(), kind: z.literal('association'), is_private: z.boolean(), has_map: z.boolean(),
  website_content: z.string().nullable(), mexican_state: z.string().nullable(), base_domain: z.string().nullable(),
});
export type TAssociationInfo = z.infer<typeof ZAssociationInfo>;
/** The associations of each state, states by name (spec 03 §3 Agency 'associations grouped by mexican_state'). */
export const ZAssociationsByState = z.object({
  states: z.array(z.object({ mexican_state: z.string(), associations: z.array(ZAssociationInfo) })),
});
export type TAssociationsByState = z.infer<typeof ZAssociationsByState>;

/** /v1/associations/{asso_uid} paths. */
export const ZAssociationUidParams = z.object({ asso_uid: id(M.assoUidInvalid) });
/** /v1/associations/{asso_uid}/members/{auid} paths. */
export const ZAssociationMemberParams = z.object({ asso_uid: id(M.assoUidInvalid), auid: id(M.auidInvalid) });
/** POST /v1/associations/{asso_uid}/members/{auid}/{typeOfUpdate}. */
export const ZAssociationMemberUpdateParams = ZAssociationMemberParams.extend({ typeOfUpdate: z.enum(MEMBER_UPDATES, { error: M.memberUpdateInvalid }) });
/** GET /v1/associations/{asso_uid}/members?status&page. */
export const ZAssociationMembersQuery = z.object({ status: z.enum(['pending', 'approved'], { error: M.memberStatusInvalid }).default('approved'), page });
/** ?page of the directory and of a member's agents. */
export const ZAssociationPageQuery = z.object({ page });

/** The association the caller administers (GET /v1/associations/my): the agency fields, the super flag, member counts. */
export const ZAssociation = ZAgency.extend({ is_super: z.boolean(), members_approved: z.number(), members_pending: z.number() });
export type TAssociation = z.infer<typeof ZAssociation>;
/** GET /v1/associations/my. */
export const ZMyAssociation = z.object({ association: ZAssociation.nullable() });
export type TMyAssociation = z.infer<typeof ZMyAssociation>;

/** A member agency (or, for the super association, a member association) as the association's administrator sees it. */
export const ZAssociationMember = z.object({
  auid: z.string(), name: z.string(), kind: z.string(), logo: z.string().nullable(), mexican_state: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES), requested_at: z.string(), decided_at: z.string().nullable(),
  /** Approved agents of the agency. */
  agents_count: z.number(),
  /** Listings of the agency: published by its administrator or an approved agent, or assigned to one (decision 028). */
  listings_count: z.number(),
});
export type TAssociationMember = z.infer<typeof ZAssociationMember>;
export const ZAssociationMembersPage = z.object({ members: z.array(ZAssociationMember), page: z.number(), has_more: z.boolean() });
export type TAssociationMembersPage = z.infer<typeof ZAssociationMembersPage>;
/** One approved agent of a member agency (administrator's view). */
export const ZMemberAgent = z.object({ nickname: z.string().nullable(), photo: z.string().nullable(), verified: z.boolean() });
export const ZMemberAgentsPage = z.object({ agents: z.array(ZMemberAgent), page: z.number(), has_more: z.boolean() });
export type TMemberAgentsPage = z.infer<typeof ZMemberAgentsPage>;

/** One entry of the directory (spec 01 §3 'Directory entry'; §7 data.agents). */
export const ZDirectoryEntry = z.object({
  client: z.object({ nickname: z.string().nullable(), photo: z.string().nullable(), bio: z.string().nullable() }),
  agency: z.object({ uid: z.string(), name: z.string(), logo: z.string().nullable() }).nullable(),
});
export type TDirectoryEntry = z.infer<typeof ZDirectoryEntry>;
/** GET /v1/associations/{asso_uid}/directory?page — an empty `agents` means no more pages. */
export const ZDirectoryPage = z.object({ agents: z.array(ZDirectoryEntry), page: z.number() });
export type TDirectoryPage = z.infer<typeof ZDirectoryPage>;

/** An agency's membership of an association, as the agency's administrator sees it. */
export const ZAgencyAssociation = z.object({
  asso_uid: z.string(), name: z.string(), logo: z.string().nullable(), mexican_state: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES), requested_at: z.string(), decided_at: z.string().nullable(),
});
export type TAgencyAssociation = z.infer<typeof ZAgencyAssociation>;
/** GET /v1/agencies/{auid}/associations — the agency's requests and memberships, newest first. */
export const ZAgencyAssociations = z.object({ associations: z.array(ZAgencyAssociation) });
export type TAgencyAssociations = z.infer<typeof ZAgencyAssociations>;
