import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword, POLICIES, type PolicyModel } from '@nj/core';
import { sealBytes } from '@nj/core/security/seal-bytes';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { useTestApp } from './testing/test-app.ts';
import { csrfFor } from './testing/test-browser.ts';
import type { RegisteredRoute } from './app.ts';

/**
 * The authorization matrix (issue 8 §6): every API route × {visitor, anonymous client, another registered client,
 * a support user} with the owner's objects in its path, query and body, then the owner. Generated from the route
 * table: a route without a declared policy (`preValidation: can(model, action)`) or without a case here fails.
 * An unauthorised success is any of: a route for signed-in clients answering a visitor or anonymous client with
 * anything but 401; a route naming the owner's object answering someone else with anything but a refusal (401, 403,
 * 404, 410 — a 400 would mean the case never reached the decision); any 2xx answer to someone
 * else carrying one of the owner's private values; any change to the owner's rows. Counted, and must be 0.
 */
const t = useTestApp();

type Actor = 'visitor' | 'anonymous' | 'other' | 'support' | 'owner';
type Fixture = {
  ownerEmail: string; ownerCuid: string; listing: string; inactive: string; draft: string; draftPhoto: string;
  listingPhoto: string; referencePhone: string; png: Buffer; listingImport: string; rent: string; rentMessage: string; appointment: string; rentAttachment: string;
  /** Issue 15: the owner's agency and a pending agent of it. */
  agency: string; agencyAgent: string;
  /** Issue 15 (decision 029): the owner's private association, the owner's agency a pending member of it. */
  association: string;
  /** Issue 16: a client of the owner's agency's CRM, and a document of it (decision 032). */
  crmClient: string; crmDoc: string;
  /** Issue 17: the owner's saved search. */
  savedSearch?: string;
};
type Request = { url: string; payload?: unknown; multipart?: boolean };
/**
 * One route's case: the request naming the owner's objects; `owned`: only the owner may succeed (others must be
 * refused); `owner`: what the owner gets ('ok' < 400, 'skip' when the owner's call would change the objects the
 * later cases need or has nothing to prove).
 */
type Case = { request: (f: Fixture) => Request; owned?: boolean; owner?: 'ok' | 'skip' };

const SKIP = { owner: 'skip' } as const;
const CASES: Record<string, Case> = {
  // Accounts: credentials are the authorization; wrong ones change nothing.
  'POST /api/v1/signup': { request: (f) => ({ url: '/api/v1/signup', payload: { email: f.ownerEmail, nickname: 'X', password: 'otra-clave-larga-1' } }), ...SKIP },
  'POST /api/v1/signup/resend-pin': { request: (f) => ({ url: '/api/v1/signup/resend-pin', payload: { email: f.ownerEmail } }), ...SKIP },
  'POST /api/v1/login': { request: (f) => ({ url: '/api/v1/login', payload: { email: f.ownerEmail, password: 'no-es-la-clave' } }), ...SKIP },
  'POST /api/v1/logout': { request: () => ({ url: '/api/v1/logout' }), ...SKIP },
  'POST /api/v1/client/session': { request: () => ({ url: '/api/v1/client/session' }), owner: 'ok' },
  'POST /api/v1/client/anonymous': { request: () => ({ url: '/api/v1/client/anonymous' }), ...SKIP },
  'GET /api/v1/auth/forgot-password': { request: (f) => ({ url: `/api/v1/auth/forgot-password?email=${encodeURIComponent(f.ownerEmail)}` }), ...SKIP },
  'POST /api/v1/auth/update-password': { request: () => ({ url: '/api/v1/auth/update-password', payload: { token: 'x'.repeat(40), password: 'otra-clave-larga-1' } }), ...SKIP },
  'GET /api/v1/client': { request: () => ({ url: '/api/v1/client' }), owner: 'ok' },
  'POST /api/v1/client': { request: (f) => ({ url: '/api/v1/client', payload: { key: 'nickname', value: 'Intruso', cuid: f.ownerCuid } }), owned: true, ...SKIP },
  'PUT /api/v1/client': { request: (f) => ({ url: '/api/v1/client', payload: { key: 'bio', value: 'Intruso', uid: f.ownerCuid } }), owned: true, ...SKIP },
  'POST /api/dev/appointments/:auid/elapse': { request: (f) => ({ url: `/api/dev/appointments/${f.appointment}/elapse` }), ...SKIP },
  'GET /api/dev/outbox': { request: (f) => ({ url: `/api/dev/outbox?to=${encodeURIComponent(f.ownerEmail)}` }), ...SKIP },
  'GET /api/v1/oauth/providers': { request: () => ({ url: '/api/v1/oauth/providers' }), owner: 'ok' },
  'GET /api/v1/oauth/:provider/start': { request: () => ({ url: '/api/v1/oauth/google/start' }), ...SKIP },
  'GET /api/v1/oauth/:provider/callback': { request: () => ({ url: '/api/v1/oauth/google/callback?code=x&state=y' }), ...SKIP },
  'POST /api/v1/oauth/login': { request: () => ({ url: '/api/v1/oauth/login', payload: { provider: 'google', accessToken: 'falso' } }), ...SKIP },
  'GET /api/v1/health': { request: () => ({ url: '/api/v1/health' }), owner: 'ok' },
  // Central login of branded sites (issue 15, decision 031): start is open, continue needs a signed-in client, the
  // exchange is authorized by its one-time token; an unregistered return_to and a made-up token change nothing.
  'POST /api/v1/auth/start': { request: () => ({ url: '/api/v1/auth/start', payload: { return_to: 'evil.com', state: 'AbC123xyZ789' } }), ...SKIP },
  'POST /api/v1/auth/continue': { request: () => ({ url: '/api/v1/auth/continue', payload: { return_to: 'evil.com', state: 'AbC123xyZ789' } }), ...SKIP },
  // White-label sites (issue 15, decision 030): public; a domain no site has is a 404 and changes nothing.
  'POST /api/domain/info': { request: () => ({ url: '/api/domain/info', payload: { domain: 'nadie.test' } }), ...SKIP },
  'POST /api/v1/auth/loginwithtoken': { request: () => ({ url: '/api/v1/auth/loginwithtoken', payload: { token: 'A'.repeat(43), state: 'AbC123xyZ789' } }), ...SKIP },
  // Public profile (issue 11 /perfil?u=): anyone reads it; the answer must carry none of the owner's private values.
  'GET /api/v1/clients/:uid/profile': { request: (f) => ({ url: `/api/v1/clients/${f.ownerCuid}/profile` }), owner: 'ok' },
  // Catalogue.
  'POST /api/v1/properties/search': { request: () => ({ url: '/api/v1/properties/search?north=33&south=14&east=-86&west=-118&status=inactive' }), owner: 'ok' },
  'GET /api/v1/properties/:id': { request: (f) => ({ url: `/api/v1/properties/${f.inactive}` }), owned: true, owner: 'ok' },
  'GET /api/v1/places/autocomplete': { request: () => ({ url: '/api/v1/places/autocomplete?q=guadalajara' }), owner: 'ok' },
  'GET /api/v1/places/:slug': { request: () => ({ url: '/api/v1/places/jalisco' }), ...SKIP },
  'GET /api/v1/places/:slug/outline': { request: () => ({ url: '/api/v1/places/guadalajara/outline' }), owner: 'ok' },
  'GET /api/v1/map/style.json': { request: () => ({ url: '/api/v1/map/style.json' }), owner: 'ok' },
  'GET /api/v1/map/boundaries/:file': { request: () => ({ url: '/api/v1/map/boundaries/states.geojson' }), owner: 'ok' },
  'GET /api/v1/map/tiles/:z/:x/:y': { request: () => ({ url: '/api/v1/map/tiles/6/13/28.pbf' }), owner: 'ok' },
  'GET /api/v1/map/fonts/:fontstack/:range': { request: () => ({ url: '/api/v1/map/fonts/Noto%20Sans%20Regular/0-255.pbf' }), owner: 'ok' },
  'GET /api/v1/map/sprites/:file': { request: () => ({ url: '/api/v1/map/sprites/light.json' }), owner: 'ok' },
  // Public like the rest of the map; without MAP_PMTILES_PATH (as here) a Spanish 404 for everyone.
  'GET /api/v1/map/pmtiles/base.pmtiles': { request: () => ({ url: '/api/v1/map/pmtiles/base.pmtiles' }), ...SKIP },
  // Likes, rewards, referrals, references: the owner's own.
  'PUT /api/v1/properties/:id/like': { request: (f) => ({ url: `/api/v1/properties/${f.listing}/like?cuid=${f.ownerCuid}` }), owned: true, ...SKIP },
  'GET /api/v1/properties/liked': { request: () => ({ url: '/api/v1/properties/liked' }), owner: 'ok' },
  'GET /api/v1/client/rewards/welcome': { request: () => ({ url: '/api/v1/client/rewards/welcome' }), owner: 'ok' },
  'POST /api/v1/client/rewards/welcome': { request: () => ({ url: '/api/v1/client/rewards/welcome' }), ...SKIP },
  // Payments (issue 13): the payer's own transactions; the webhook is authorized by its signature; the sandbox page by its session id.
  'POST /api/v1/payments/checkout': { request: () => ({ url: '/api/v1/payments/checkout', payload: { tuids: ['no-existe'], use_emoney: true } }), ...SKIP },
  'POST /api/v1/payments/webhook': { request: () => ({ url: '/api/v1/payments/webhook', payload: { id: 'evt_x', type: 'checkout.session.completed' } }), ...SKIP },
  'GET /api/v1/client/payments': { request: () => ({ url: '/api/v1/client/payments' }), owner: 'ok' },
  'GET /api/v1/client/payments/:tuid/receipt': { request: () => ({ url: '/api/v1/client/payments/no-existe/receipt' }), ...SKIP },
  'GET /api/v1/payments/sandbox/:id': { request: () => ({ url: '/api/v1/payments/sandbox/cs_test_no_existe' }), ...SKIP },
  'POST /api/v1/payments/sandbox/:id': { request: () => ({ url: '/api/v1/payments/sandbox/cs_test_no_existe', payload: { action: 'expire_session' } }), ...SKIP },
  'GET /api/v1/client/emoney': { request: () => ({ url: '/api/v1/client/emoney' }), owner: 'ok' },
  'POST /api/v1/client/ucode': { request: () => ({ url: '/api/v1/client/ucode', payload: { ucode: 'NOEXISTE1' } }), ...SKIP },
  'GET /api/v1/client/ucode/:ucode': { request: () => ({ url: '/api/v1/client/ucode/NOEXISTE1' }), ...SKIP },
  'GET /api/v1/client/referrals': { request: () => ({ url: '/api/v1/client/referrals' }), owner: 'ok' },
  'GET /api/v1/client/references': { request: () => ({ url: '/api/v1/client/references' }), owner: 'ok' },
  'POST /api/v1/client/references': { request: (f) => ({ url: '/api/v1/client/references', payload: [{ name: 'Intruso', phone_number: f.referencePhone }] }), ...SKIP },
  'DELETE /api/v1/client/references': { request: (f) => ({ url: `/api/v1/client/references?phone_number=${encodeURIComponent(f.referencePhone)}` }), ...SKIP },
  'POST /api/v1/client/references/remind': { request: (f) => ({ url: `/api/v1/client/references/remind?phone_number=${encodeURIComponent(f.referencePhone)}` }), ...SKIP },
  'GET /api/v1/client/reference': { request: () => ({ url: `/api/v1/client/reference?token=${'x'.repeat(40)}` }), ...SKIP },
  'POST /api/v1/client/reference/confirm': { request: () => ({ url: `/api/v1/client/reference/confirm?token=${'x'.repeat(40)}` }), ...SKIP },
  // Identity validation (issue 12): the signed-in client's own attempts; no call names another client.
  'POST /api/v1/client/identity': { request: () => ({ url: '/api/v1/client/identity', payload: { cic: '123456789', citizen_id: '987654321' } }), ...SKIP },
  'GET /api/v1/client/identity/resend': { request: () => ({ url: '/api/v1/client/identity/resend' }), ...SKIP },
  'GET /api/v1/client/identity/processes': { request: () => ({ url: '/api/v1/client/identity/processes' }), owner: 'ok' },
  // Contact verification: the path names the owner.
  'GET /api/v1/client/:id/send-contact-confirmation/email': { request: (f) => ({ url: `/api/v1/client/${f.ownerCuid}/send-contact-confirmation/email` }), owned: true, ...SKIP },
  'GET /api/v1/client/is_email_verified': { request: () => ({ url: '/api/v1/client/is_email_verified' }), owner: 'ok' },
  'GET /api/v1/client/verify-email': { request: () => ({ url: `/api/v1/client/verify-email?token=${'x'.repeat(40)}` }), ...SKIP },
  'GET /api/v1/client/:id/send-contact-confirmation/phone': { request: (f) => ({ url: `/api/v1/client/${f.ownerCuid}/send-contact-confirmation/phone?phone_number=3312345678` }), owned: true, ...SKIP },
  'POST /api/v1/client/phone_auth': { request: () => ({ url: '/api/v1/client/phone_auth', payload: { code: '123456' } }), ...SKIP },
  'POST /api/v1/client/profilephoto': { request: (f) => ({ url: '/api/v1/client/profilephoto', payload: { field: 'image', file: f.png }, multipart: true }), ...SKIP },
  // Media: the owner's draft photo.
  'GET /media/*': { request: (f) => ({ url: `/media/drafts/${f.draft}/${f.draftPhoto}.webp` }), owned: true, ...SKIP },
  // Listings and drafts of the owner.
  'GET /api/v1/properties/my': { request: () => ({ url: '/api/v1/properties/my' }), owner: 'ok' },
  'GET /api/v2/properties/my': { request: () => ({ url: '/api/v2/properties/my' }), owner: 'ok' },
  'GET /api/v1/property/:puid/stats': { request: (f) => ({ url: `/api/v1/property/${f.listing}/stats` }), owned: true, owner: 'ok' },
  'POST /api/v1/properties/views': { request: (f) => ({ url: '/api/v1/properties/views', payload: { push_id: `p${randomBytes(6).toString('hex')}`, data: {}, cuid: f.ownerCuid } }), owner: 'ok' },
  'POST /api/v2/properties/appear': { request: (f) => ({ url: '/api/v2/properties/appear', payload: { push_id: `a${randomBytes(6).toString('hex')}`, puids: [], cuid: f.ownerCuid } }), owner: 'ok' },
  'POST /api/v1/properties/:id/share': { request: (f) => ({ url: `/api/v1/properties/${f.listing}/share`, payload: { channel: 'whatsapp' } }), ...SKIP },
  'GET /api/v1/properties/:id/location.svg': { request: (f) => ({ url: `/api/v1/properties/${f.inactive}/location.svg` }), owned: true, owner: 'ok' },
  'POST /api/v1/properties/:id/report': { request: (f) => ({ url: `/api/v1/properties/${f.listing}/report`, payload: { reason: 'fraud', details: 'Prueba de la matriz' } }), owner: 'ok' },
  // Rents and their chat (issue 11): only the two parties; the fixture's rent is the owner's listing's.
  'POST /api/v1/rents': { request: (f) => ({ url: '/api/v1/rents', payload: { puid: f.listing, text: 'Hola, me interesa' } }), ...SKIP },
  'GET /api/v1/rents': { request: (f) => ({ url: `/api/v1/rents?t=owner&only_active=true&puid=${f.listing}` }), owned: true, owner: 'ok' },
  'GET /api/v1/client/rents': { request: () => ({ url: '/api/v1/client/rents' }), owner: 'ok' },
  'GET /api/v1/rents/:id': { request: (f) => ({ url: `/api/v1/rents/${f.rent}` }), owned: true, owner: 'ok' },
  'POST /api/v1/rents/:ruid/discard': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/discard`, payload: { reason: 'Ya no está disponible para este interesado' } }), owned: true, ...SKIP },
  'POST /api/v1/rents/:ruid/block': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/block` }), owned: true, ...SKIP },
  'POST /api/v1/rents/:ruid/unblock': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/unblock` }), owned: true, ...SKIP },
  'GET /api/v1/leads': { request: () => ({ url: '/api/v1/leads' }), owner: 'ok' },
  'GET /api/v1/messages/auth': { request: () => ({ url: '/api/v1/messages/auth' }), owner: 'ok' },
  'GET /api/v1/messages/chats': { request: (f) => ({ url: `/api/v1/messages/chats?chat=${f.rent}` }), owner: 'ok' },
  'GET /api/v1/messages/:ruid': { request: (f) => ({ url: `/api/v1/messages/${f.rent}` }), owned: true, owner: 'ok' },
  'POST /api/v1/messages/:ruid': { request: (f) => ({ url: `/api/v1/messages/${f.rent}`, payload: { text: 'Intruso' } }), owned: true, ...SKIP },
  'PUT /api/v1/messages/:ruid/seen': { request: (f) => ({ url: `/api/v1/messages/${f.rent}/seen` }), owned: true, ...SKIP },
  'PUT /api/v1/messages/so': { request: (f) => ({ url: `/api/v1/messages/so?muid=${f.rentMessage}&so=si` }), owned: true, ...SKIP },
  'POST /api/v1/messages/:ruid/attachment': { request: (f) => ({ url: `/api/v1/messages/${f.rent}/attachment`, payload: { field: 'file', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'GET /api/v1/messages/:ruid/attachment/:muid': { request: (f) => ({ url: `/api/v1/messages/${f.rent}/attachment/${f.rentAttachment}` }), owned: true, owner: 'ok' },
  // The signed token of the e-mail's link is the credential (anyone holding it); a forged one changes nothing.
  'GET /api/v1/notifications/chat/unsubscribe': { request: (f) => ({ url: `/api/v1/notifications/chat/unsubscribe?token=${f.rent}.${f.ownerCuid}.falso` }), ...SKIP },
  // Saved searches (issue 17): each client's own; the unsubscribe link's token is the credential.
  'POST /api/v1/saved-searches': { request: () => ({ url: '/api/v1/saved-searches', payload: { name: 'Intrusa', query: 'opType=renta' } }), ...SKIP },
  'GET /api/v1/saved-searches': { request: () => ({ url: '/api/v1/saved-searches' }), owner: 'ok' },
  'PATCH /api/v1/saved-searches/:id': { request: (f) => ({ url: `/api/v1/saved-searches/${f.savedSearch}`, payload: { name: 'Intrusa', frequency: 'off' } }), owned: true, ...SKIP },
  'DELETE /api/v1/saved-searches/:id': { request: (f) => ({ url: `/api/v1/saved-searches/${f.savedSearch}` }), owned: true, ...SKIP },
  'POST /api/v1/saved-searches/unsubscribe': { request: (f) => ({ url: `/api/v1/saved-searches/unsubscribe?token=${f.savedSearch}.falso` }), ...SKIP },
  'POST /api/v1/notifications/chat/unsubscribe': { request: (f) => ({ url: `/api/v1/notifications/chat/unsubscribe?token=${f.rent}.${f.ownerCuid}.falso` }), ...SKIP },
  'GET /api/v1/rents/:ruid/appointment': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/appointment` }), owned: true, owner: 'ok' },
  'POST /api/v1/rents/:ruid/appointment': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/appointment` }), owned: true, ...SKIP },
  'POST /api/v1/rents/:ruid/appointment/times': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/appointment/times`, payload: { times: [{ date: '2030-01-02', time: '10:00' }], time_zone: 'America/Mexico_City' } }), owned: true, ...SKIP },
  'POST /api/v1/rents/:ruid/appointment/confirm': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/appointment/confirm`, payload: { st: '2030-01-02T16:00:00.000Z' } }), owned: true, ...SKIP },
  'POST /api/v1/rents/:ruid/appointment/cancel': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/appointment/cancel` }), owned: true, ...SKIP },
  // The tenant's proposal (issue 12): only the rent's parties; the owner's own calls are refused by the step table.
  'POST /api/v1/rents/offer': { request: (f) => ({ url: '/api/v1/rents/offer', payload: { ruid: f.rent } }), owned: true, ...SKIP },
  'GET /api/v1/rents/offer/overview': { request: (f) => ({ url: `/api/v1/rents/offer/overview?ruid=${f.rent}` }), owned: true, ...SKIP },
  'PUT /api/v1/rents/:ruid': { request: (f) => ({ url: `/api/v1/rents/${f.rent}`, payload: { key: 'price', value: 9500 } }), owned: true, ...SKIP },
  'PUT /api/v1/rents/:ruid/plan': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/plan`, payload: { plan: 'neo' } }), owned: true, ...SKIP },
  'GET /api/v1/rents/review': { request: (f) => ({ url: `/api/v1/rents/review?ruid=${f.rent}` }), owned: true, ...SKIP },
  'POST /api/v1/rents/review': { request: (f) => ({ url: '/api/v1/rents/review', payload: { ruid: f.rent, decision: 'accept' } }), owned: true, ...SKIP },
  // The credit investigation (issue 12 'Investigation'): only the renter runs it; both parties read it.
  'POST /api/v1/rents/creditinvestigation': { request: (f) => ({ url: `/api/v1/rents/creditinvestigation?ruid=${f.rent}`, payload: { field: 'proof_of_address', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'GET /api/v1/rents/creditinvestigation': { request: (f) => ({ url: `/api/v1/rents/creditinvestigation?ruid=${f.rent}` }), owned: true, ...SKIP },
  'GET /api/v1/rents/creditinvestigation/pdf': { request: (f) => ({ url: `/api/v1/rents/creditinvestigation/pdf?ruid=${f.rent}` }), owned: true, ...SKIP },
  'GET /api/v1/rents/:ruid/persons': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/persons` }), owned: true, ...SKIP },
  // The caller's own erasure request (decision 019): nothing of the owner's is named; another client's call is about themselves.
  'GET /api/v1/client/personal-data/erasure': { request: () => ({ url: '/api/v1/client/personal-data/erasure' }), owner: 'ok' },
  'POST /api/v1/client/personal-data/erasure': { request: (f) => ({ url: '/api/v1/client/personal-data/erasure', payload: { cuid: f.ownerCuid } }), ...SKIP },
  // The caller's own authorization of the bureau query (decision 020): nothing of the owner's is named.
  'GET /api/v1/client/multiburopin': { request: () => ({ url: '/api/v1/client/multiburopin' }), owner: 'ok' },
  'POST /api/v1/client/multiburopin': { request: () => ({ url: '/api/v1/client/multiburopin', payload: { pin: '123456' } }), ...SKIP },
  'POST /api/v1/client/multiburopinresend': { request: () => ({ url: '/api/v1/client/multiburopinresend', payload: {} }), ...SKIP },
  'POST /api/v1/messages/:ruid/validate-identity/:cuid': { request: (f) => ({ url: `/api/v1/messages/${f.rent}/validate-identity/${f.ownerCuid}` }), owned: true, ...SKIP },
  'GET /api/v1/rents/:ruid/tenant-file': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/tenant-file` }), owned: true, ...SKIP },
  'POST /api/v1/rents/:ruid/tenant-file': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/tenant-file`, payload: {} }), owned: true, ...SKIP },
  'PUT /api/v1/rents/:ruid/person': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/person`, payload: { person: 'renter', field: 'first_name', value: 'Intruso' } }), owned: true, ...SKIP },
  // Personal documents (issue 12): a client's own INE; a rent person's proofs and income; files only to their person,
  // support, and the listing's owner once the proposal is sent (a watermarked copy).
  'GET /api/v1/client/document/dtype': { request: () => ({ url: '/api/v1/client/document/dtype?dtype=ine_front' }), owner: 'ok' },
  'POST /api/v1/client/document': { request: (f) => ({ url: '/api/v1/client/document?dtype=ine_back', payload: { field: 'document', file: f.png }, multipart: true }), ...SKIP },
  'POST /api/v1/client/document/:documentId': { request: (f) => ({ url: '/api/v1/client/document/noexiste0000', payload: { field: 'document', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'PUT /api/v1/client/document/:documentId': { request: (f) => ({ url: '/api/v1/client/document/noexiste0000', payload: { field: 'document', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'POST /api/v1/client/:cuid/poa': { request: (f) => ({ url: `/api/v1/client/${f.ownerCuid}/poa`, payload: { field: 'file', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'POST /api/v1/rents/:ruid/documents/:kind': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/documents/poi`, payload: { field: 'file', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'PUT /api/v1/rents/:ruid/income': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/income`, payload: { total_income: 1000 } }), owned: true, ...SKIP },
  'GET /api/v1/rents/:ruid/documents': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/documents` }), owned: true, ...SKIP },
  'POST /api/v1/documents/link': { request: (f) => ({ url: '/api/v1/documents/link', payload: { slug: 'noexiste0000', ruid: f.rent } }), owned: true, ...SKIP },
  'GET /api/v1/documents/:slug': { request: (f) => ({ url: `/api/v1/documents/noexiste0000?ruid=${f.rent}` }), owned: true, ...SKIP },
  // The guarantor and the second renter (issue 12): the tenant names them (the listing's owner is refused by policy), only
  // the invitee answers (an id nobody was invited to: 404 for all), support or the owner decides; support also reads the process.
  'POST /api/v1/rents/aval': { request: (f) => ({ url: '/api/v1/rents/aval', payload: { ruid: f.rent, atype: 'aval', email: 'aval-matriz@example.com' } }), owned: true, ...SKIP },
  'POST /api/v1/rents/aval/:aval_uid': { request: () => ({ url: '/api/v1/rents/aval/av_sin_invitacion', payload: { option: 'accept' } }), owned: true, ...SKIP },
  'PUT /api/v1/rents/aval/:aval_uid/guarantee': { request: () => ({ url: '/api/v1/rents/aval/av_sin_invitacion/guarantee', payload: { addr: 'Calle 1', neighborhood: 'Centro', city: 'Colima', municipality: 'Colima', state: 'Colima', cp: '28000' } }), owned: true, ...SKIP },
  'POST /api/v1/rents/aval/:aval_uid/guarantee/document': { request: (f) => ({ url: '/api/v1/rents/aval/av_sin_invitacion/guarantee/document', payload: { field: 'file', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'POST /api/v1/rents/aval/:aval_uid/approval': { request: () => ({ url: '/api/v1/rents/aval/av_sin_invitacion/approval', payload: { is_approved: true } }), owned: true, ...SKIP },
  'POST /api/v1/rents/second-renter': { request: (f) => ({ url: '/api/v1/rents/second-renter', payload: { ruid: f.rent, email: 'segundo-matriz@example.com' } }), owned: true, ...SKIP },
  'POST /api/v1/rents/second-renter/:iuid': { request: () => ({ url: '/api/v1/rents/second-renter/sr_sin_invitacion', payload: { option: 'accept' } }), owned: true, ...SKIP },
  'GET /api/v1/client/iamaval': { request: () => ({ url: '/api/v1/client/iamaval' }), owner: 'ok' },
  'GET /api/v1/client/loadrentprocess': { request: (f) => ({ url: `/api/v1/client/loadrentprocess?ruid=${f.rent}` }), owner: 'ok' },
  'POST /api/v1/rents/send': { request: (f) => ({ url: '/api/v1/rents/send', payload: { ruid: f.rent, data_declared_true: true, terms_accepted: true } }), owned: true, ...SKIP },
  // Lease contract (issue 13): the lease's parties only; the DocuSeal webhook by its secret header; the sandbox signing page by its slug.
  'POST /api/v1/rents/contract': { request: (f) => ({ url: '/api/v1/rents/contract', payload: { ruid: f.rent } }), owned: true, ...SKIP },
  'POST /api/v1/rents/send-link-to-sign': { request: (f) => ({ url: '/api/v1/rents/send-link-to-sign', payload: { ruid: f.rent } }), owned: true, ...SKIP },
  'POST /api/v1/rents/sign': { request: (f) => ({ url: '/api/v1/rents/sign', payload: { ruid: f.rent } }), owned: true, ...SKIP },
  'GET /api/v1/rents/:ruid/contract': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/contract` }), owned: true, owner: 'ok' },
  'GET /api/v1/rents/:ruid/contract/pdf': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/contract/pdf` }), owned: true, ...SKIP },
  'GET /api/v1/rents/:ruid/contract/signed': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/contract/signed` }), owned: true, ...SKIP },
  'GET /api/v1/rents/:ruid/contract/audit': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/contract/audit` }), owned: true, ...SKIP },
  // Inventory (issue 13): the rent's renter, owner and second renter read it; renter and owner change it; photos to the parties only.
  'GET /api/v1/rents/inventory': { request: (f) => ({ url: `/api/v1/rents/inventory?ruid=${f.rent}` }), owned: true, owner: 'ok' },
  'POST /api/v1/rents/inventory': { request: (f) => ({ url: `/api/v1/rents/inventory?ruid=${f.rent}&room=room_inexistente`, payload: { field: 'photo', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'DELETE /api/v1/rents/inventory': { request: (f) => ({ url: '/api/v1/rents/inventory', payload: { ruid: f.rent, img_link: 'ph_inexistente' } }), owned: true, ...SKIP },
  'POST /api/v1/rents/inventory/rooms': { request: (f) => ({ url: '/api/v1/rents/inventory/rooms', payload: { ruid: f.rent, phase: 'move_in', name: 'Intrusa' } }), owned: true, ...SKIP },
  'PUT /api/v1/rents/inventory/rooms/:id': { request: () => ({ url: '/api/v1/rents/inventory/rooms/room_inexistente', payload: { name: 'Intrusa' } }), owned: true, ...SKIP },
  'DELETE /api/v1/rents/inventory/rooms/:id': { request: () => ({ url: '/api/v1/rents/inventory/rooms/room_inexistente' }), owned: true, ...SKIP },
  'POST /api/v1/rents/inventory/confirm': { request: (f) => ({ url: '/api/v1/rents/inventory/confirm', payload: { ruid: f.rent, phase: 'move_in' } }), owned: true, ...SKIP },
  'GET /api/v1/rents/:ruid/inventory/photos/:id': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/inventory/photos/ph_inexistente` }), owned: true, ...SKIP },
  // Bank accounts (issue 13): each client their own; the rent's owner links one of theirs; the parties read the linked one.
  'GET /api/v1/client/:cuid/bank-accounts': { request: (f) => ({ url: `/api/v1/client/${f.ownerCuid}/bank-accounts` }), owned: true, owner: 'ok' },
  'POST /api/v1/client/bank-accounts/info': { request: () => ({ url: '/api/v1/client/bank-accounts/info', payload: { clabe: '002010077777777771' } }), owner: 'ok' },
  'POST /api/v1/client/bank-accounts': { request: () => ({ url: '/api/v1/client/bank-accounts', payload: { holder_name: 'Intruso', clabe: '002010077777777771' } }), ...SKIP },
  'DELETE /api/v1/client/bank-accounts/:id': { request: () => ({ url: '/api/v1/client/bank-accounts/ba_inexistente' }), owned: true, ...SKIP },
  'POST /api/v1/rents/link-bank-account': { request: (f) => ({ url: '/api/v1/rents/link-bank-account', payload: { ruid: f.rent, bank_account: 'ba_inexistente' } }), owned: true, ...SKIP },
  'GET /api/v1/rents/:ruid/bank-account': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/bank-account` }), owned: true, owner: 'ok' },
  // Rent payments (issue 13): the schedule and escrow, for the rent's renter, owner and second renter only.
  'GET /api/v1/rents/:ruid/payments': { request: (f) => ({ url: `/api/v1/rents/${f.rent}/payments` }), owned: true, owner: 'ok' },
  'POST /api/v1/esign/docuseal/webhook': { request: () => ({ url: '/api/v1/esign/docuseal/webhook', payload: { event_type: 'form.completed', data: { submission_id: 1 } } }), ...SKIP },
  'GET /api/v1/esign/sandbox/:slug': { request: () => ({ url: '/api/v1/esign/sandbox/enlace-inexistente' }), ...SKIP },
  'GET /api/v1/esign/sandbox/:slug/pdf': { request: () => ({ url: '/api/v1/esign/sandbox/enlace-inexistente/pdf' }), ...SKIP },
  'POST /api/v1/esign/sandbox/:slug': { request: () => ({ url: '/api/v1/esign/sandbox/enlace-inexistente', payload: { full_name: 'Intruso Total', accept: true } }), ...SKIP },
  'POST /api/v1/appts/:auid/review': { request: (f) => ({ url: `/api/v1/appts/${f.appointment}/review`, payload: { rating: 1 } }), owned: true, ...SKIP },
  'POST /api/v1/leads/contact': { request: (f) => ({ url: '/api/v1/leads/contact', payload: { puid: f.listing, name: 'Ana', phone: '3312345678', email: 'ana@example.com', message: 'Hola' } }), ...SKIP },
  'PUT /api/v1/property/:id': { request: (f) => ({ url: `/api/v1/property/${f.listing}`, payload: { data: { title: 'Intruso' } } }), owned: true, ...SKIP },
  'DELETE /api/v1/property/:id/photo/:name': { request: (f) => ({ url: `/api/v1/property/${f.listing}/photo/${f.listingPhoto}` }), owned: true, ...SKIP },
  'GET /api/v1/property/:id/images': { request: (f) => ({ url: `/api/v1/property/${f.listing}/images` }), owned: true, owner: 'ok' },
  'PUT /api/v1/property/:id/images': { request: (f) => ({ url: `/api/v1/property/${f.listing}/images`, payload: { images: [f.listingPhoto] } }), owned: true, owner: 'ok' },
  'GET /api/v1/property/:id/agent': { request: (f) => ({ url: `/api/v1/property/${f.listing}/agent` }), owned: true, owner: 'ok' },
  'PUT /api/v1/property/:id/agent': { request: (f) => ({ url: `/api/v1/property/${f.listing}/agent`, payload: { email: null } }), owned: true, ...SKIP },
  'PUT /api/v1/property/:id/is_active': { request: (f) => ({ url: `/api/v1/property/${f.listing}/is_active`, payload: { is_active: false } }), owned: true, ...SKIP },
  'POST /api/v1/property/draft': { request: () => ({ url: '/api/v1/property/draft', payload: { data: {}, step: 0 } }), ...SKIP },
  'PUT /api/v1/property/draft/:id': { request: (f) => ({ url: `/api/v1/property/draft/${f.draft}`, payload: { data: { title: 'Intruso' }, step: 1 } }), owned: true, ...SKIP },
  'DELETE /api/v1/property/draft/:id/photo/:name': { request: (f) => ({ url: `/api/v1/property/draft/${f.draft}/photo/${f.draftPhoto}` }), owned: true, ...SKIP },
  'GET /api/v1/property/draft': { request: (f) => ({ url: `/api/v1/property/draft?id=${f.draft}` }), owned: true, owner: 'ok' },
  'POST /api/v1/property': { request: (f) => ({ url: '/api/v1/property', payload: { data: {}, draft_id: f.draft } }), ...SKIP },
  'POST /api/v1/property/:id/photo': { request: (f) => ({ url: `/api/v1/property/${f.listing}/photo`, payload: { field: 'images', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'POST /api/v1/property/draft/:id/photo': { request: (f) => ({ url: `/api/v1/property/draft/${f.draft}/photo`, payload: { field: 'images', file: f.png }, multipart: true }), owned: true, ...SKIP },
  // Tickets (issue 14): signed-in clients; a ticket is its author's or a support user's (another client's reads as 404:
  // proven with real tickets in routes/tickets/tickets.test.ts, since the support user of this matrix may read any).
  'POST /api/v1/tickets': { request: (f) => ({ url: '/api/v1/tickets', payload: { field: 'files', file: f.png }, multipart: true }), ...SKIP },
  'GET /api/v1/tickets': { request: () => ({ url: '/api/v1/tickets?page=1' }), owner: 'ok' },
  'GET /api/v1/tickets/chats': { request: () => ({ url: '/api/v1/tickets/chats?page=1&only_active=true' }), owner: 'ok' },
  'GET /api/v1/tickets/chats/:tuid': { request: () => ({ url: '/api/v1/tickets/chats/t_inexistente' }), owned: true, ...SKIP },
  'GET /api/v1/tickets/:tuid': { request: () => ({ url: '/api/v1/tickets/t_inexistente' }), owned: true, ...SKIP },
  'POST /api/v1/tickets/:tuid/message': { request: () => ({ url: '/api/v1/tickets/t_inexistente/message', payload: { text: 'Intruso' } }), owned: true, ...SKIP },
  'GET /api/v1/tickets/:tuid/attachment/:muid': { request: () => ({ url: '/api/v1/tickets/t_inexistente/attachment/tm_inexistente' }), owned: true, ...SKIP },
  // Support panel (issue 14): support users only (clients 403, visitors 401); the support user's calls name no real ticket.
  'GET /api/v1/tickets/assigned': { request: () => ({ url: '/api/v1/tickets/assigned?view=all' }), ...SKIP },
  'GET /api/v1/tickets/assigned/:tuid': { request: () => ({ url: '/api/v1/tickets/assigned/t_inexistente' }), ...SKIP },
  'PUT /api/v1/tickets/:tuid/grab': { request: () => ({ url: '/api/v1/tickets/t_inexistente/grab' }), ...SKIP },
  'PUT /api/v1/tickets/:tuid/close': { request: () => ({ url: '/api/v1/tickets/t_inexistente/close' }), ...SKIP },
  'POST /api/v1/tickets/:tuid/complete': { request: () => ({ url: '/api/v1/tickets/t_inexistente/complete', payload: { comment: 'Resuelto' } }), ...SKIP },
  'POST /api/v1/notes': { request: (f) => ({ url: '/api/v1/notes', payload: { rtable: 'clients', rkey: f.ownerCuid, body: 'Nota interna' } }), ...SKIP },
  'GET /api/v1/notes': { request: (f) => ({ url: `/api/v1/notes?rtable=clients&rkey=${f.ownerCuid}` }), ...SKIP },
  // The staff database view (issue 14, decision 026): support only; the support user of this matrix may read the
  // owner's data there, so its cases name the owner without asking for their row (a no-match search, a hover of the
  // wrong table, a reason too short to edit); reads and edits with real rows are in routes/staff-db/staff-db.test.ts.
  'POST /api/v1/tickets/db': { request: (f) => ({ url: '/api/v1/tickets/db', payload: { rtable: 'transactions', search: `sin-${f.ownerCuid}` } }), ...SKIP },
  'GET /api/v1/tickets/db/hover': { request: (f) => ({ url: `/api/v1/tickets/db/hover?uid=${f.ownerCuid}&rtable=transactions` }), ...SKIP },
  'POST /api/v1/tickets/db/edit': {
    request: (f) => ({ url: '/api/v1/tickets/db/edit', payload: { action: 'write', rtable: 'clients', rkey: f.ownerCuid, rcolumn: 'nickname', newval: 'Intruso', comment: 'corto' } }), ...SKIP,
  },
  'GET /api/v1/tickets/db/audit': { request: (f) => ({ url: `/api/v1/tickets/db/audit?rtable=clients&rkey=${f.ownerCuid}` }), ...SKIP },
  // Agencies (issue 15): the owner administers the fixture's agency; anyone searches and asks to join; only the
  // administrator manages it; the administrator and approved agents list its listings.
  'POST /api/v1/agencies': { request: () => ({ url: '/api/v1/agencies', payload: { name: `Agencia Intrusa ${randomBytes(3).toString('hex')}` } }), ...SKIP },
  'GET /api/v1/agencies': { request: () => ({ url: '/api/v1/agencies?search=agencia' }), owner: 'ok' },
  'GET /api/v1/agencies/my': { request: () => ({ url: '/api/v1/agencies/my' }), owner: 'ok' },
  'GET /api/v1/client/agent-process': { request: (f) => ({ url: `/api/v1/client/agent-process?agency_uid=${f.agency}` }), owner: 'ok' },
  'PUT /api/v1/agencies/:auid': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}`, payload: { custom_page_name: 'Intrusa', agents_edit_all: true } }), owned: true, owner: 'ok' },
  // The owner's call would look up DNS; the verb is proven in packages/core/src/sites/domain-verification.test.ts.
  'POST /api/v1/agencies/:auid/verify-domain': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/verify-domain` }), owned: true, ...SKIP },
  'POST /api/v1/agencies/:auid/register': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/register` }), ...SKIP },
  'POST /api/v1/agencies/:auid/profilephoto': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/profilephoto`, payload: { field: 'profilephoto', file: f.png }, multipart: true }), owned: true, owner: 'ok' },
  'GET /api/v1/agencies/:auid/agents': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/agents` }), owned: true, owner: 'ok' },
  'POST /api/v1/agencies/:agent_uid/:typeOfUpdate': { request: (f) => ({ url: `/api/v1/agencies/${f.agencyAgent}/approve` }), owned: true, ...SKIP },
  'GET /api/v1/agencies/:auid/properties': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/properties` }), owned: true, owner: 'ok' },
  'POST /api/v1/agencies/:auid/properties/:puid/assign': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/properties/${f.listing}/assign`, payload: { agent_uid: null } }), owned: true, owner: 'ok' },
  'PUT /api/v1/agencies/:auid/properties/:puid/is_active': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/properties/${f.listing}/is_active`, payload: { is_active: true } }), owned: true, owner: 'ok' },
  'POST /api/v1/agencies/:auid/plans': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/plans`, payload: { plan: 'bronze', seats: 2, is_anual: false } }), owned: true, ...SKIP },
  'POST /api/v1/agencies/:auid/plans/renew': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/plans/renew`, payload: { seats: 2, is_anual: false } }), owned: true, ...SKIP },
  // Associations (issue 15, decision 029): the owner (association_admin) runs a private association; others are
  // refused its members, its agents and its directory (401 visitors and anonymous clients, 403 the rest).
  'GET /api/v1/agencies/associations': { request: () => ({ url: '/api/v1/agencies/associations?mexican_state=jalisco' }), owner: 'ok' },
  'GET /api/v1/associations/my': { request: () => ({ url: '/api/v1/associations/my' }), owner: 'ok' },
  'GET /api/v1/associations/:asso_uid/members': { request: (f) => ({ url: `/api/v1/associations/${f.association}/members?status=pending` }), owned: true, owner: 'ok' },
  'GET /api/v1/associations/:asso_uid/members/:auid/agents': { request: (f) => ({ url: `/api/v1/associations/${f.association}/members/${f.agency}/agents` }), owned: true, owner: 'ok' },
  'POST /api/v1/associations/:asso_uid/members/:auid/:typeOfUpdate': { request: (f) => ({ url: `/api/v1/associations/${f.association}/members/${f.agency}/approve` }), owned: true, ...SKIP },
  'POST /api/v1/associations/:asso_uid/register': { request: (f) => ({ url: `/api/v1/associations/${f.association}/register` }), ...SKIP },
  'GET /api/v1/agencies/:auid/associations': { request: (f) => ({ url: `/api/v1/agencies/${f.agency}/associations` }), owned: true, owner: 'ok' },
  'GET /api/v1/associations/:asso_uid/directory': { request: (f) => ({ url: `/api/v1/associations/${f.association}/directory` }), owned: true, owner: 'ok' },
  // Integrations (issue 16, decision 033): the caller's own agency's connections (no id of the owner's to name);
  // another client has no agency (403), the list answers them an empty one.
  'GET /api/v1/integrations': { request: () => ({ url: '/api/v1/integrations' }), owner: 'ok' },
  'POST /api/v1/integrations': { request: () => ({ url: '/api/v1/integrations', payload: { provider: 'easybroker', api_key: 'llave-intrusa-1' } }), ...SKIP },
  'GET /api/v1/integrations/easybroker/pull': { request: () => ({ url: '/api/v1/integrations/easybroker/pull?dryrun=true' }), ...SKIP },
  'GET /api/v1/integrations/kw/pull': { request: () => ({ url: '/api/v1/integrations/kw/pull?dryrun=true' }), ...SKIP },
  'POST /api/v1/property/:puid/reconfirm': { request: (f) => ({ url: `/api/v1/property/${f.listing}/reconfirm` }), owned: true, ...SKIP },
  // CRM (issue 16): the owner administers the agency whose CRM holds the client; others get 403 (no CRM) or 404.
  'POST /api/v1/crm/clients': { request: () => ({ url: '/api/v1/crm/clients', payload: { name: 'Cliente intruso' } }), ...SKIP },
  'GET /api/v1/crm/clients': { request: () => ({ url: '/api/v1/crm/clients' }), owner: 'ok' },
  'POST /api/v1/crm/clients/import': { request: () => ({ url: '/api/v1/crm/clients/import', payload: { csv: 'nombre\nIntruso\n' } }), ...SKIP },
  'GET /api/v1/crm/clients/:uid': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}` }), owned: true, owner: 'ok' },
  'PUT /api/v1/crm/clients/:uid': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}`, payload: { name: 'Intruso' } }), owned: true, ...SKIP },
  'DELETE /api/v1/crm/clients/:uid': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}` }), owned: true, ...SKIP },
  'PUT /api/v1/crm/clients/:uid/assigned_to': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/assigned_to`, payload: { assigned_to: null } }), owned: true, ...SKIP },
  'GET /api/v1/crm/clients/:uid/props': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/props` }), owned: true, owner: 'ok' },
  'POST /api/v1/crm/clients/:uid/props': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/props`, payload: { puid: f.listing } }), owned: true, ...SKIP },
  'DELETE /api/v1/crm/clients/:uid/props/:puid': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/props/${f.listing}` }), owned: true, ...SKIP },
  'POST /api/v1/crm/clients/:uid/partner': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/partner`, payload: { partner_uid: null } }), owned: true, ...SKIP },
  'POST /api/v1/crm/clients/:uid/notes': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/notes`, payload: { body: 'Intruso' } }), owned: true, ...SKIP },
  'GET /api/v1/crm/docs/space': { request: () => ({ url: '/api/v1/crm/docs/space' }), owner: 'ok' },
  'GET /api/v1/crm/clients/:uid/docs': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/docs` }), owned: true, owner: 'ok' },
  'POST /api/v1/crm/clients/:uid/docs': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/docs`, payload: { field: 'file', file: f.png }, multipart: true }), owned: true, ...SKIP },
  'GET /api/v1/crm/clients/:uid/docs/:duid': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/docs/${f.crmDoc}` }), owned: true, owner: 'ok' },
  'DELETE /api/v1/crm/clients/:uid/docs/:duid': { request: (f) => ({ url: `/api/v1/crm/clients/${f.crmClient}/docs/${f.crmDoc}` }), owned: true, ...SKIP },
  'GET /api/v1/leads/interactions': { request: (f) => ({ url: `/api/v1/leads/interactions?agency=${f.agency}` }), owned: true, owner: 'ok' },
  'POST /api/v1/leads/interactions/convert': { request: (f) => ({ url: '/api/v1/leads/interactions/convert', payload: { ref: `rent:${f.rent}` } }), owned: true, ...SKIP },
  // Map ads (issue 16, decision 034): anyone asks for a spot's ads and clicks one (an unknown ad: 404 for all);
  // support users manage them (the others are refused; the support user's own creations touch no owner row).
  'GET /api/v1/ads/map_search': { request: (f) => ({ url: `/api/v1/ads/map_search?cuid=${f.ownerCuid}&lat=20.67&lng=-103.39` }), owner: 'ok' },
  'POST /api/v1/ads/:ad_uid/click': { request: () => ({ url: `/api/v1/ads/ad_${'0'.repeat(20)}/click` }), ...SKIP },
  'GET /api/v1/ads': { request: () => ({ url: '/api/v1/ads' }), ...SKIP },
  'POST /api/v1/ads': {
    request: (f) => ({ url: '/api/v1/ads', payload: {
      advertiser: 'Anunciante de la matriz', title: 'Anuncio de prueba', puid: f.listing, area: { kind: 'circle', lat: 20.67, lng: -103.39, radius_m: 500 },
      min_zoom: 10, max_zoom: 18, starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-02-01T00:00:00Z', budget_impressions: 10,
    } }), ...SKIP,
  },
  'PUT /api/v1/ads/:ad_uid': { request: () => ({ url: `/api/v1/ads/ad_${'0'.repeat(20)}`, payload: { is_paused: true } }), ...SKIP },
  'POST /api/v1/ads/:ad_uid/image': { request: (f) => ({ url: `/api/v1/ads/ad_${'0'.repeat(20)}/image`, payload: { field: 'image', file: f.png }, multipart: true }), ...SKIP },
  // Imports of the import page (issue 10): the owner's import.
  'POST /api/v1/listing-imports': { request: (f) => ({ url: '/api/v1/listing-imports', payload: { field: 'file', file: f.png }, multipart: true }), ...SKIP },
  'GET /api/v1/listing-imports': { request: () => ({ url: '/api/v1/listing-imports' }), owner: 'ok' },
  'GET /api/v1/listing-imports/:id': { request: (f) => ({ url: `/api/v1/listing-imports/${f.listingImport}` }), owned: true, owner: 'ok' },
  'PUT /api/v1/listing-imports/:id/mapping': { request: (f) => ({ url: `/api/v1/listing-imports/${f.listingImport}/mapping`, payload: { columns: [] } }), owned: true, ...SKIP },
  'POST /api/v1/listing-imports/:id/dry-run': { request: (f) => ({ url: `/api/v1/listing-imports/${f.listingImport}/dry-run` }), owned: true, ...SKIP },
  'POST /api/v1/listing-imports/:id/run': { request: (f) => ({ url: `/api/v1/listing-imports/${f.listingImport}/run` }), owned: true, ...SKIP },
  'POST /api/v1/listing-imports/:id/undo': { request: (f) => ({ url: `/api/v1/listing-imports/${f.listingImport}/undo` }), owned: true, ...SKIP },
};

/** Routes outside the matrix, with the reason: Swagger UI's own files (served only where API docs are enabled). */
const OUTSIDE = (r: RegisteredRoute) => r.url.startsWith('/api/docs');

function multipartBody(field: string, file: Buffer): { body: Buffer; type: string } {
  const boundary = `----nj${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`);
  return { body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Everything of the owner's that nobody else may change, as one text (public counters such as shares, views and
 * leads are not in it: anyone may add to them).
 */
async function ownerState(f: Fixture): Promise<string> {
  const db = t.database.db;
  const rows = await Promise.all([
    db.selectFrom('clients').selectAll().where('cuid', '=', f.ownerCuid).execute(),
    db.selectFrom('properties').select(['puid', 'title', 'description', 'is_active', 'images', 'rent_price', 'sale_price', 'owner_cuid', 'agent_cuid']).where('owner_cuid', '=', f.ownerCuid).orderBy('puid').execute(),
    db.selectFrom('property_drafts').select(['id', 'data', 'step']).where('owner_cuid', '=', f.ownerCuid).orderBy('id').execute(),
    db.selectFrom('client_references').select(['name', 'phone_number', 'is_confirmed']).where('cuid', '=', f.ownerCuid).orderBy('phone_number').execute(),
    db.selectFrom('property_likes').selectAll().where('cuid', '=', f.ownerCuid).execute(),
    sql`SELECT id, name, frequency, whatsapp FROM saved_searches WHERE cuid = ${f.ownerCuid} ORDER BY id`.execute(db).then((r) => r.rows),
    db.selectFrom('listing_imports').select(['id', 'status', 'mapping', 'undone_at']).where('owner_cuid', '=', f.ownerCuid).orderBy('id').execute(),
    db.selectFrom('rents').select(['ruid', 'step', 'discard_reason', 'last_activity_at', 'blocked_by']).where('ruid', '=', f.rent).execute(),
    db.selectFrom('rent_messages').select(['muid', 'text', 'seen', 'dynamic_content']).where('ruid', '=', f.rent).orderBy('seq').execute(),
    db.selectFrom('appointments').select(['auid', 'status', 'st']).where('ruid', '=', f.rent).execute(),
    db.selectFrom('appointment_reviews').selectAll().where('auid', '=', f.appointment).execute(),
    sql`SELECT a.*, (SELECT json_agg(m ORDER BY m.agent_uid) FROM agency_agents m WHERE m.agent_uid = ${f.agencyAgent}) AS agent FROM agencies a WHERE a.auid = ${f.agency}`.execute(db).then((r) => r.rows),
    sql`SELECT a.*, (SELECT json_agg(m ORDER BY m.auid) FROM association_members m WHERE m.asso_uid = a.auid) AS members FROM agencies a WHERE a.auid = ${f.association}`.execute(db).then((r) => r.rows),
    sql`SELECT c.*, (SELECT json_agg(n.body) FROM crm_notes n WHERE n.uid = c.uid) AS notes, (SELECT json_agg(p.puid) FROM crm_client_props p WHERE p.uid = c.uid) AS props, (SELECT json_agg(d.duid || d.name || d.storage_key) FROM crm_documents d WHERE d.uid = c.uid) AS docs FROM crm_clients c WHERE c.auid = ${f.agency} ORDER BY c.uid`.execute(db).then((r) => r.rows),
  ]);
  return JSON.stringify(rows);
}

describe('authorization matrix (issue 8 §6)', () => {
  it('every API route declares a policy and has a case here', () => {
    const routes = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !OUTSIDE(r));
    const missingPolicy = routes.filter((r) => !r.policy).map((r) => `${r.method} ${r.url}`);
    const missingCase = routes.filter((r) => !CASES[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    expect(missingPolicy, 'routes without preValidation: can(model, action)').toEqual([]);
    expect(missingCase, 'routes without a case in the authorization matrix').toEqual([]);
    const stale = Object.keys(CASES).filter((k) => !routes.some((r) => `${r.method} ${r.url}` === k));
    expect(stale, 'cases of routes that no longer exist').toEqual([]);
    for (const r of routes) {
      const policy = POLICIES[r.policy!.model as PolicyModel] as { actions: Record<string, { who: string }> };
      expect(policy.actions[r.policy!.action]?.who, `${r.method} ${r.url}`).toBe(r.policy!.who);
    }
  });

  it('counts 0 unauthorised successes and leaves the owner\'s rows unchanged', async () => {
    const { app, database } = t;
    const owner = await createTestClientSession(database);
    const ownerEmail = `duena-${randomBytes(4).toString('hex')}@example.com`;
    await database.db.updateTable('clients').set({
      email: ownerEmail, nickname: 'Dueña', password_hash: await hashPassword('clave-de-la-duena-1'), phone_number: '+523398765432',
    }).where('cuid', '=', owner.cuid).execute();
    const listingPhoto = 'a1b2c3d4e5';
    const [listing, inactive] = await insertTestProperties(database, [
      { lat: 20.67, lng: -103.39, owner_cuid: owner.cuid, images: JSON.stringify([{ name: listingPhoto, order: 0 }]) },
      { lat: 20.68, lng: -103.38, owner_cuid: owner.cuid, is_active: false, title: 'Casa desactivada de la dueña' },
    ]);
    const draft = `d_${randomBytes(10).toString('hex')}`;
    const draftPhoto = 'f9e8d7c6b5';
    await database.db.insertInto('property_drafts').values({
      id: draft, owner_cuid: owner.cuid, data: JSON.stringify({ title: 'Borrador privado', photos: [{ name: draftPhoto }] }), step: 2,
    }).execute();
    await app.services.storage.put(`drafts/${draft}/${draftPhoto}.webp`, await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).webp().toBuffer(), { contentType: 'image/webp' });
    const referencePhone = '+523311112222';
    await database.db.insertInto('client_references').values({ cuid: owner.cuid, name: 'Referencia Privada', phone_number: referencePhone }).execute();
    await database.db.insertInto('property_likes').values({ cuid: owner.cuid, puid: listing!.puid }).execute();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#08f' } }).png().toBuffer();
    const listingImport = `imp_${randomBytes(8).toString('hex')}`;
    await database.db.insertInto('listing_imports').values({
      id: listingImport, owner_cuid: owner.cuid, file_name: 'inventario-privado.csv', stored_path: `imports/x/${listingImport}.upload`, format: 'csv',
      mapping: JSON.stringify({ headers: [], columns: [], missing: [] }), status: 'done',
    }).execute();
    const renter = await createTestClientSession(database);
    const rent = `r_${randomBytes(10).toString('hex')}`;
    await database.db.insertInto('rents').values({ ruid: rent, puid: listing!.puid, renter_cuid: renter.cuid, owner_cuid: owner.cuid, price: 9000, maintenance_fee: null }).execute();
    const rentMessage = `m_${randomBytes(10).toString('hex')}`;
    await database.db.insertInto('rent_messages').values({ muid: rentMessage, ruid: rent, from_cuid: renter.cuid, to_cuid: owner.cuid, text: 'Mensaje privado de la renta', dynamic_content: JSON.stringify({ options: ['si', 'no'] }) }).execute();
    const rentAttachment = `m_${randomBytes(10).toString('hex')}`;
    const attachmentKey = `chat/${rent}/${randomBytes(8).toString('hex')}.png`;
    await app.services.storage.put(attachmentKey, await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } }).png().toBuffer(), { contentType: 'image/png' });
    await database.db.insertInto('rent_messages').values({ muid: rentAttachment, ruid: rent, from_cuid: renter.cuid, to_cuid: owner.cuid, cat: 'attachment', text: 'plano.png', attachment: JSON.stringify({ name: 'plano.png', mime: 'image/png', size: 80, key: attachmentKey }) }).execute();
    const appointment = `a_${randomBytes(10).toString('hex')}`;
    await database.db.insertInto('appointments').values({ auid: appointment, ruid: rent, status: 'confirmed', st: new Date('2020-01-01T16:00:00Z'), et: new Date('2020-01-01T17:00:00Z'), time_zone: 'America/Mexico_City' }).execute();
    // Issue 15: the owner's agency (with private site content) and the renter's pending request to join it.
    const agency = `ag${randomBytes(8).toString('hex')}`;
    const agencyAgent = `am${randomBytes(8).toString('hex')}`;
    await sql`INSERT INTO agencies (auid, name, admin_cuid, website_content) VALUES (${agency}, ${`Agencia de la dueña ${agency}`}, ${owner.cuid}, 'Contenido privado de la agencia')`.execute(database.db);
    await sql`INSERT INTO agency_agents (agent_uid, auid, cuid) VALUES (${agencyAgent}, ${agency}, ${renter.cuid})`.execute(database.db);
    // Decision 029: the owner also runs a private association (association_admin), which their agency asked to join.
    const association = `ag${randomBytes(8).toString('hex')}`;
    await database.db.updateTable('clients').set({ privileges: ['association_admin'] }).where('cuid', '=', owner.cuid).execute();
    await sql`INSERT INTO agencies (auid, name, kind, admin_cuid, is_private, mexican_state, website_content) VALUES (${association}, ${`Asociación de la dueña ${association}`}, 'association', ${owner.cuid}, true, 'Jalisco', 'Contenido privado de la asociación')`.execute(database.db);
    await sql`INSERT INTO association_members (asso_uid, auid) VALUES (${association}, ${agency})`.execute(database.db);
    const crmClient = `crm_${randomBytes(8).toString('hex')}`;
    await sql`INSERT INTO crm_clients (uid, auid, owner_cuid, name, email) VALUES (${crmClient}, ${agency}, ${owner.cuid}, 'Cliente privado del CRM', 'cliente-crm@example.com')`.execute(database.db);
    await sql`INSERT INTO crm_client_props (uid, puid) VALUES (${crmClient}, ${listing!.puid})`.execute(database.db);
    const crmDoc = `crd_${randomBytes(8).toString('hex')}`;
    const crmDocKey = `crm-documents/${crmClient}/${randomBytes(8).toString('hex')}.bin`;
    await app.services.storage.put(crmDocKey, sealBytes(app.services.config.dataKey, png), { contentType: 'application/octet-stream' });
    await sql`INSERT INTO crm_documents (duid, uid, name, size_bytes, storage_key, content_type) VALUES (${crmDoc}, ${crmClient}, 'contrato-privado-crm.png', ${png.length}, ${crmDocKey}, 'image/png')`.execute(database.db);
    const savedSearch = String((await sql<{ id: string }>`INSERT INTO saved_searches (cuid, name, query, filters) VALUES (${owner.cuid}, 'Búsqueda privada de la dueña', 'opType=renta', '{}'::jsonb) RETURNING id::text AS id`.execute(database.db)).rows[0]!.id);
    const f: Fixture = {
      agency, agencyAgent, association, crmClient, crmDoc, savedSearch,
      ownerEmail, ownerCuid: owner.cuid, listing: listing!.puid, inactive: inactive!.puid, draft, draftPhoto, listingPhoto, referencePhone, png,
      listingImport, rent, rentMessage, appointment, rentAttachment,
    };
    // What the owner's answers may carry and nobody else's may.
    const secrets = [ownerEmail, draft, inactive!.puid, 'Borrador privado', 'Referencia Privada', '3398765432', '3311112222', 'inventario-privado.csv', 'Mensaje privado de la renta', 'Contenido privado de la agencia', 'Contenido privado de la asociación', 'Cliente privado del CRM', 'cliente-crm@example.com', 'Búsqueda privada de la dueña', 'contrato-privado-crm.png'];

    const anonymous = await createTestClientSession(database, { anonymous: true });
    const other = await createTestClientSession(database);
    const support = await createTestClientSession(database);
    await database.db.updateTable('clients').set({ privileges: ['support'] }).where('cuid', '=', support.cuid).execute();
    const tokens: Record<Actor, string | undefined> = { visitor: undefined, anonymous: anonymous.token, other: other.token, support: support.token, owner: owner.token };
    let ip = 0;
    const send = async (actor: Actor, method: string, r: Request): Promise<LightMyRequestResponse> => {
      const token = tokens[actor];
      const csrf = csrfFor(app, token);
      const cookies: Record<string, string> = { nj_csrf: csrf, ...(token ? { nj_sid: token } : {}) };
      const headers: Record<string, string> = { 'x-csrf-token': csrf };
      let payload: string | Buffer | undefined;
      if (r.multipart) {
        const { field, file } = r.payload as { field: string; file: Buffer };
        const m = multipartBody(field, file);
        payload = m.body;
        headers['content-type'] = m.type;
      } else if (r.payload !== undefined) {
        payload = JSON.stringify(r.payload);
        headers['content-type'] = 'application/json';
      }
      ip++;
      return app.inject({ method: method as 'GET', url: r.url, payload, headers, cookies, remoteAddress: `10.9.${ip >> 8 & 255}.${ip & 255}` });
    };

    const routes = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !OUTSIDE(r));
    const before = await ownerState(f);
    const violations: string[] = [];
    let checks = 0;
    for (const route of routes) {
      const c = CASES[`${route.method} ${route.url}`]!;
      for (const actor of ['visitor', 'anonymous', 'other', 'support'] as const) {
        const request = c.request(f);
        const res = await send(actor, route.method, request);
        // A value the caller sent itself (an e-mail typed into 'forgot password') is an echo, not a leak.
        const sent = decodeURIComponent(request.url) + (request.multipart ? '' : JSON.stringify(request.payload ?? null));
        const where = `${actor} ${route.method} ${route.url} → ${res.statusCode}`;
        checks++;
        expect(res.statusCode, where).toBeLessThan(500);
        const signedIn = actor === 'other' || actor === 'support';
        if (route.policy!.who !== 'anyone' && route.policy!.who !== 'client' && !signedIn && res.statusCode !== 401) violations.push(`${where}: a signed-in call answered without a signed-in client`);
        // A refusal, not a validation error or a business rule: the case must reach the authorization decision.
        if (c.owned && ![401, 403, 404, 410].includes(res.statusCode)) violations.push(`${where}: the owner's object not refused`);
        if (res.statusCode < 300) {
          const body = res.body;
          for (const s of secrets) if (body.includes(s) && !sent.includes(s)) violations.push(`${where}: the answer carries the owner's "${s}"`);
        }
      }
    }
    const after = await ownerState(f);
    expect(violations, `${violations.length} unauthorised successes in ${checks} requests`).toEqual([]);
    expect(after, "someone else changed the owner's rows").toBe(before);

    // The owner may do what the others were refused: the cases name real objects, so the refusals above mean something.
    for (const route of routes) {
      const c = CASES[`${route.method} ${route.url}`]!;
      if (c.owner !== 'ok') continue;
      const res = await send('owner', route.method, c.request(f));
      expect(res.statusCode, `owner ${route.method} ${route.url}: ${res.body.slice(0, 200)}`).toBeLessThan(400);
    }
    const ownDraftPhoto = await send('owner', 'GET', CASES['GET /media/*']!.request(f));
    expect(ownDraftPhoto.statusCode).toBe(200);
    const ownDetail = await send('owner', 'GET', CASES['GET /api/v1/properties/:id']!.request(f));
    expect(ownDetail.body).toContain('Casa desactivada de la dueña');
  });
});
