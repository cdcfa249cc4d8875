import type { TAvalSummary, TMyInvitations, TRentProcess } from '@nj/contracts/rents/guarantor-schemas';
import type { AvalType, InvitationOption } from '@nj/contracts/rents/guarantor-constants';
import { api } from '../api/client.ts';

export type { TAvalSummary, TMyInvitations, TRentProcess };

/** React Query keys of the guarantor and second-renter data. */
export const GUARANTOR_KEYS_Q = {
  process: (ruid: string) => ['rent-process', ruid] as const,
  mine: ['my-invitations'] as const,
};

/** GET /api/v1/client/loadrentprocess?ruid — the rent with its guarantor and second renter (anyone in the rent). */
export const getRentProcess = (ruid: string, signal?: AbortSignal) => api<TRentProcess>('GET', '/v1/client/loadrentprocess', { query: { ruid }, signal });
/** POST /api/v1/rents/aval — the tenant names the guarantor (400 with data.fields.email / atype). */
export const postNameAval = (ruid: string, atype: AvalType, email?: string) =>
  api<TRentProcess>('POST', '/v1/rents/aval', { body: { ruid, atype, ...(email ? { email } : {}) } });
/** POST /api/v1/rents/second-renter — the tenant of a joint rent invites the second renter. */
export const postInviteSecondRenter = (ruid: string, email: string) => api<TRentProcess>('POST', '/v1/rents/second-renter', { body: { ruid, email } });
/** GET /api/v1/client/iamaval — the rent requests naming the signed-in client. */
export const getMyInvitations = (signal?: AbortSignal) => api<TMyInvitations>('GET', '/v1/client/iamaval', { signal });
/** POST /api/v1/rents/aval/{aval_uid} or /api/v1/rents/second-renter/{iuid} — the invitee's answer. */
export const postAnswer = (role: 'aval' | 'second_renter', uid: string, option: InvitationOption) =>
  api<TMyInvitations>('POST', `/v1/rents/${role === 'aval' ? 'aval' : 'second-renter'}/${encodeURIComponent(uid)}`, { body: { option } });
/** PUT /api/v1/rents/aval/{aval_uid}/guarantee — the aval's guarantee property (400 with data.fields). */
export const putGuarantee = (uid: string, fields: { addr: string; neighborhood: string; city: string; municipality: string; state: string; cp: string }) =>
  api<TMyInvitations>('PUT', `/v1/rents/aval/${encodeURIComponent(uid)}/guarantee`, { body: fields });
/** POST /api/v1/rents/aval/{aval_uid}/approval — support, or the owner while the proposal is on_offer, decides. */
export const postAvalApproval = (uid: string, isApproved: boolean | null) =>
  api<TAvalSummary>('POST', `/v1/rents/aval/${encodeURIComponent(uid)}/approval`, { body: { is_approved: isApproved } });
/** POST /api/v1/rents/aval/{aval_uid}/guarantee/document — the deed or predial (multipart field `file`). */
export const postGuaranteeDocument = (uid: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api<{ slug: string; filename: string }>('POST', `/v1/rents/aval/${encodeURIComponent(uid)}/guarantee/document`, { body: form });
};
