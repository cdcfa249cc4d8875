import type {
  MemberUpdate, TAgencyAssociations, TAssociationMember, TAssociationMembersPage, TAssociationsByState, TMemberAgentsPage, TMyAssociation,
} from '@nj/contracts/associations/schemas';
import type { TAgency } from '@nj/contracts/agencies/schemas';
import { api } from '../api/client.ts';

/** React Query keys of the association pages (all under 'associations', invalidated together). */
export const ASSOCIATION_KEYS = {
  my: ['associations', 'my'] as const,
  members: (assoUid: string, status: string, page: number) => ['associations', assoUid, 'members', status, page] as const,
  agents: (assoUid: string, auid: string, page: number) => ['associations', assoUid, 'agents', auid, page] as const,
  byState: (state: string) => ['associations', 'by-state', state] as const,
  ofAgency: (auid: string) => ['associations', 'of-agency', auid] as const,
};

/** GET /api/v1/associations/my — the association I administer (association_admin). */
export const getMyAssociation = (signal?: AbortSignal) => api<TMyAssociation>('GET', '/v1/associations/my', { signal });
/** POST /api/v1/agencies with kind 'association' — create my association. */
export const createAssociation = (body: { name: string; mexican_state: string; base_domain?: string | null }) =>
  api<TAgency>('POST', '/v1/agencies', { body: { ...body, kind: 'association' } });
/** GET /api/v1/associations/{asso_uid}/members?status&page. */
export const getMembers = (assoUid: string, status: 'approved' | 'pending', page: number, signal?: AbortSignal) =>
  api<TAssociationMembersPage>('GET', `/v1/associations/${encodeURIComponent(assoUid)}/members`, { query: { status, page }, signal });
/** GET /api/v1/associations/{asso_uid}/members/{auid}/agents?page. */
export const getMemberAgents = (assoUid: string, auid: string, page: number, signal?: AbortSignal) =>
  api<TMemberAgentsPage>('GET', `/v1/associations/${encodeURIComponent(assoUid)}/members/${encodeURIComponent(auid)}/agents`, { query: { page }, signal });
/** POST /api/v1/associations/{asso_uid}/members/{auid}/{approve|remove}. */
export const decideMember = (assoUid: string, auid: string, update: MemberUpdate) =>
  api<TAssociationMember>('POST', `/v1/associations/${encodeURIComponent(assoUid)}/members/${encodeURIComponent(auid)}/${update}`);
/** GET /api/v1/agencies/associations?mexican_state — associations by state (public). */
export const getAssociationsByState = (state: string, signal?: AbortSignal) =>
  api<TAssociationsByState>('GET', '/v1/agencies/associations', { query: { mexican_state: state || undefined }, signal });
/** GET /api/v1/agencies/{auid}/associations — my agency's requests and memberships. */
export const getAgencyAssociations = (auid: string, signal?: AbortSignal) =>
  api<TAgencyAssociations>('GET', `/v1/agencies/${encodeURIComponent(auid)}/associations`, { signal });
/** POST /api/v1/associations/{asso_uid}/register — my agency asks to join. */
export const askToJoin = (assoUid: string) => api<TAgencyAssociations>('POST', `/v1/associations/${encodeURIComponent(assoUid)}/register`);
