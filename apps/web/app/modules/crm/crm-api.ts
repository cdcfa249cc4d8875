import type {
  TCrmClient, TCrmClientBody, TCrmClientDetail, TCrmClientPatch, TCrmClientsPage, TCrmDocsSpace, TCrmDocument, TCrmDocuments, TCrmImportResult,
  TLeadInteractionsPage,
} from '@nj/contracts/crm/schemas';
import { api, apiUrl } from '../api/client.ts';

/** The CRM table's filters as kept in the URL (GET /v1/crm/clients). */
export type CrmFilters = { page: number; s: string; cstatus: string; ctype: string; cassigned_to: string; compliant: string };

/** React Query keys of the CRM and the lead history. */
export const CRM_KEYS = {
  all: ['crm'] as const,
  clients: (f: CrmFilters) => ['crm', 'clients', f] as const,
  client: (uid: string) => ['crm', 'client', uid] as const,
  space: ['crm', 'space'] as const,
  docs: (uid: string) => ['crm', 'docs', uid] as const,
  leads: (page: number, agency: string | null) => ['crm', 'leads', page, agency] as const,
};

const path = (uid: string) => `/v1/crm/clients/${encodeURIComponent(uid)}`;
const orUndefined = (v: string) => v || undefined;

/** GET /api/v1/crm/clients?page&s&cstatus&ctype&cassigned_to&compliant. */
export const getCrmClients = (f: CrmFilters, signal?: AbortSignal) => api<TCrmClientsPage>('GET', '/v1/crm/clients', {
  query: { page: f.page, s: orUndefined(f.s), cstatus: orUndefined(f.cstatus), ctype: orUndefined(f.ctype), cassigned_to: orUndefined(f.cassigned_to), compliant: orUndefined(f.compliant) }, signal,
});
/** POST /api/v1/crm/clients. */
export const createCrmClient = (body: TCrmClientBody) => api<TCrmClient>('POST', '/v1/crm/clients', { body });
/** GET /api/v1/crm/clients/{uid} — the client, its listings and timeline. */
export const getCrmClient = (uid: string, signal?: AbortSignal) => api<TCrmClientDetail>('GET', path(uid), { signal });
/** PUT /api/v1/crm/clients/{uid}. */
export const updateCrmClient = (uid: string, body: TCrmClientPatch) => api<TCrmClient>('PUT', path(uid), { body });
/** DELETE /api/v1/crm/clients/{uid} — the client with its notes, links and documents. */
export const deleteCrmClient = (uid: string) => api<null>('DELETE', path(uid));
/** PUT /api/v1/crm/clients/{uid}/assigned_to. */
export const assignCrmClient = (uid: string, assignedTo: string | null) => api<TCrmClient>('PUT', `${path(uid)}/assigned_to`, { body: { assigned_to: assignedTo } });
/** POST /api/v1/crm/clients/{uid}/props. */
export const linkCrmProperty = (uid: string, puid: string) => api<{ props: unknown[] }>('POST', `${path(uid)}/props`, { body: { puid } });
/** DELETE /api/v1/crm/clients/{uid}/props/{puid}. */
export const unlinkCrmProperty = (uid: string, puid: string) => api<{ props: unknown[] }>('DELETE', `${path(uid)}/props/${encodeURIComponent(puid)}`);
/** POST /api/v1/crm/clients/{uid}/notes. */
export const addCrmNote = (uid: string, body: string) => api<TCrmClientDetail>('POST', `${path(uid)}/notes`, { body: { body } });
/** POST /api/v1/crm/clients/import — the CSV's text. */
export const importCrmClients = (csv: string) => api<TCrmImportResult>('POST', '/v1/crm/clients/import', { body: { csv } });
/** GET /api/v1/crm/docs/space. */
export const getCrmDocsSpace = (signal?: AbortSignal) => api<TCrmDocsSpace>('GET', '/v1/crm/docs/space', { signal });
/** GET /api/v1/crm/clients/{uid}/docs — the client's documents and the CRM's documents space. */
export const getCrmDocuments = (uid: string, signal?: AbortSignal) => api<TCrmDocuments>('GET', `${path(uid)}/docs`, { signal });
/** POST /api/v1/crm/clients/{uid}/docs — multipart field `file`. */
export const uploadCrmDocument = (uid: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api<TCrmDocument>('POST', `${path(uid)}/docs`, { body: form });
};
/** DELETE /api/v1/crm/clients/{uid}/docs/{duid}. */
export const deleteCrmDocument = (uid: string, duid: string) => api<TCrmDocuments>('DELETE', `${path(uid)}/docs/${encodeURIComponent(duid)}`);
/** The download link of a client's document (GET /api/v1/crm/clients/{uid}/docs/{duid}; the session cookie is the credential). */
export const crmDocumentUrl = (uid: string, duid: string) => apiUrl(`${path(uid)}/docs/${encodeURIComponent(duid)}`);
/** GET /api/v1/leads/interactions?page&agency. */
export const getLeadInteractions = (page: number, agency: string | null, signal?: AbortSignal) =>
  api<TLeadInteractionsPage>('GET', '/v1/leads/interactions', { query: { page, agency: agency ?? undefined }, signal });
/** POST /api/v1/leads/interactions/convert — 'Convertir en cliente' (idempotent). */
export const convertLead = (ref: string) => api<TCrmClient>('POST', '/v1/leads/interactions/convert', { body: { ref } });
