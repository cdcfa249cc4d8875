import type { TOfferOverview, TOfferReview } from '@nj/contracts/rents/offer-schemas';
import type { TOfferKey } from '@nj/contracts/rents/offer-constants';
import type { TRentPersons } from '@nj/contracts/rents/person-schemas';
import { api } from '../api/client.ts';

export type { TOfferOverview, TOfferReview };
export type { TRentPersons };
export type TRentPerson = NonNullable<TRentPersons['renter']>;

/** React Query keys of a rent's proposal. */
export const OFFER_KEYS_Q = {
  overview: (ruid: string) => ['offer', ruid] as const,
  review: (ruid: string) => ['offer-review', ruid] as const,
  persons: (ruid: string) => ['rent-persons', ruid] as const,
};

/** GET /api/v1/rents/offer/overview?ruid — the proposal (the owner only once it is sent: 403 before). */
export const getOffer = (ruid: string, signal?: AbortSignal) => api<TOfferOverview>('GET', '/v1/rents/offer/overview', { query: { ruid }, signal });
/** GET /api/v1/rents/review?ruid — the 'Solicitud de renta': proposal, renter's public profile, investigation. */
export const getOfferReview = (ruid: string, signal?: AbortSignal) => api<TOfferReview>('GET', '/v1/rents/review', { query: { ruid }, signal });
/** POST /api/v1/rents/offer — the renter starts a proposal. */
export const postStartOffer = (ruid: string) => api<TOfferOverview>('POST', '/v1/rents/offer', { body: { ruid } });
/** PUT /api/v1/rents/{ruid} — several terms at once (400 with data.fields: key → message; nothing written). */
export const putOfferTerms = (ruid: string, batch: { key: TOfferKey; value: string | number }[]) =>
  api<TOfferOverview>('PUT', `/v1/rents/${encodeURIComponent(ruid)}`, { body: { batch } });
/** PUT /api/v1/rents/{ruid}/plan */
export const putOfferPlan = (ruid: string, plan: 'basic' | 'neo') => api<TOfferOverview>('PUT', `/v1/rents/${encodeURIComponent(ruid)}/plan`, { body: { plan } });
/** POST /api/v1/rents/send — both checkboxes of the final screen. */
export const postSendOffer = (ruid: string, dataDeclaredTrue: boolean, termsAccepted: boolean) =>
  api<TOfferOverview>('POST', '/v1/rents/send', { body: { ruid, data_declared_true: dataDeclaredTrue, terms_accepted: termsAccepted } });
/** POST /api/v1/rents/review — the owner accepts, or rejects with a reason over 26 characters. */
export const postOfferDecision = (ruid: string, decision: 'accept' | 'reject', reason?: string) =>
  api<TOfferOverview>('POST', '/v1/rents/review', { body: { ruid, decision, ...(reason ? { reason } : {}) } });
/** GET /api/v1/rents/{ruid}/persons — the renter's own data (and, later, the second renter's and the aval's). */
export const getPersons = (ruid: string, signal?: AbortSignal) => api<TRentPersons>('GET', `/v1/rents/${encodeURIComponent(ruid)}/persons`, { signal });
/** PUT /api/v1/rents/{ruid}/person — one field of the caller's own data, by their role (400 with data.fields[field]). */
export const putPersonField = (ruid: string, field: string, value: string, person: 'renter' | 'second_renter' | 'aval' = 'renter') =>
  api<TRentPersons>('PUT', `/v1/rents/${encodeURIComponent(ruid)}/person`, { body: { person, field, value } });
