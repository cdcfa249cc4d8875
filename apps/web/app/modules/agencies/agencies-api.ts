import type { AgencyPlan } from '@nj/contracts/agencies/plans';
import type {
  AgentUpdate, TAgency, TAgenciesPage, TAgencyAgentsPage, TAgencyPropertiesPage, TAgencyProperty, TAgentProcess, TMyAgency,
  TUpdateAgencyBody,
} from '@nj/contracts/agencies/schemas';
import type { TCheckoutResult } from '@nj/contracts/payments/schemas';
import { api } from '../api/client.ts';

export type { AgencyPlan };

/** React Query keys of the agency pages. */
export const AGENCY_KEYS = {
  my: ['agencies', 'my'] as const,
  agents: (auid: string, filter: string, page: number) => ['agencies', auid, 'agents', filter, page] as const,
  properties: (auid: string, q: string, page: number, assigned: boolean) => ['agencies', auid, 'properties', q, page, assigned] as const,
  search: (q: string) => ['agencies', 'search', q] as const,
};

/** GET /api/v1/agencies/my — the agency I administer and my agent membership. */
export const getMyAgency = (signal?: AbortSignal) => api<TMyAgency>('GET', '/v1/agencies/my', { signal });
/** GET /api/v1/agencies?search — agencies by name (public fields). */
export const searchAgencies = (search: string, signal?: AbortSignal) => api<TAgenciesPage>('GET', '/v1/agencies', { query: { search }, signal });
/** POST /api/v1/agencies — create my agency. */
export const createAgency = (body: { name: string; base_domain?: string | null; color_primary?: string | null; color_secondary?: string | null }) =>
  api<TAgency>('POST', '/v1/agencies', { body });
/** PUT /api/v1/agencies/{auid} — settings. */
export const updateAgency = (auid: string, body: TUpdateAgencyBody) => api<TAgency>('PUT', `/v1/agencies/${encodeURIComponent(auid)}`, { body });
/** POST /api/v1/agencies/{auid}/profilephoto — the logo (multipart `profilephoto`). */
export const uploadLogo = (auid: string, file: File) => {
  const form = new FormData();
  form.append('profilephoto', file);
  return api<TAgency>('POST', `/v1/agencies/${encodeURIComponent(auid)}/profilephoto`, { body: form });
};
/** POST /api/v1/agencies/{auid}/register — ask to join as an agent. */
export const joinAgency = (auid: string) => api<TAgentProcess>('POST', `/v1/agencies/${encodeURIComponent(auid)}/register`);
/** GET /api/v1/agencies/{auid}/agents?page&approved. */
export const getAgents = (auid: string, page: number, approved: 'true' | 'false' | undefined, signal?: AbortSignal) =>
  api<TAgencyAgentsPage>('GET', `/v1/agencies/${encodeURIComponent(auid)}/agents`, { query: { page, approved }, signal });
/** POST /api/v1/agencies/{agent_uid}/{typeOfUpdate}. */
export const decideAgent = (agentUid: string, update: AgentUpdate) => api<TAgentProcess>('POST', `/v1/agencies/${encodeURIComponent(agentUid)}/${update}`);
/** GET /api/v1/agencies/{auid}/properties?page&search&status[&assigned=me]. */
export const getAgencyProperties = (auid: string, query: { page: number; search?: string; assigned?: boolean }, signal?: AbortSignal) =>
  api<TAgencyPropertiesPage>('GET', `/v1/agencies/${encodeURIComponent(auid)}/properties`, {
    query: { page: query.page, search: query.search, assigned: query.assigned ? 'me' : undefined }, signal,
  });
/** POST /api/v1/agencies/{auid}/properties/{puid}/assign `{ agent_uid | null }`. */
export const assignProperty = (auid: string, puid: string, agentUid: string | null) =>
  api<TAgencyProperty>('POST', `/v1/agencies/${encodeURIComponent(auid)}/properties/${encodeURIComponent(puid)}/assign`, { body: { agent_uid: agentUid } });
/** PUT /api/v1/agencies/{auid}/properties/{puid}/is_active — activate or deactivate a listing of the agency. */
export const setPropertyActive = (auid: string, puid: string, isActive: boolean) =>
  api<TAgencyProperty>('PUT', `/v1/agencies/${encodeURIComponent(auid)}/properties/${encodeURIComponent(puid)}/is_active`, { body: { is_active: isActive } });
/** POST /api/v1/agencies/{auid}/plans or …/plans/renew — a checkout of the plan. */
export const buyPlan = (auid: string, body: { plan?: AgencyPlan; seats: number; is_anual: boolean }) =>
  api<TCheckoutResult>('POST', `/v1/agencies/${encodeURIComponent(auid)}/plans${body.plan ? '' : '/renew'}`, { body });
/** Whole pesos as '$1,234'. */
export const pesos = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', maximumFractionDigits: 0 }).format(n);
/** An ISO date as '27 nov 2026'. */
export const day = (iso: string) => new Date(iso).toLocaleDateString('es-MX', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'America/Mexico_City' });
