import { ApiError, apiUrl, api } from '../api/client.ts';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import type { Privilege } from '@nj/contracts/policies/privileges';

/**
 * The calls of spec 02 §7 the accounts UI makes, in one place. Every call answers `{ msg, data }`; `api()` returns
 * `data` and throws ApiError with the server's Spanish `msg` for a status above 299.
 */

/** A client as the API answers it (spec 02 §3 "Client"). */
export type TClient = {
  cuid: string;
  uid?: string;
  is_anonymous?: boolean;
  email?: string | null;
  nickname?: string | null;
  bio?: string | null;
  ucode?: string | null;
  profile_photo_name?: string | null;
  profile_photo_url?: string | null;
  profile_photo_thumb_url?: string | null;
  phone_number?: string | null;
  phone_country_code?: string | null;
  is_email_verified?: boolean;
  is_phone_verified?: boolean;
  is_identity_verified?: boolean;
  emoney?: number | null;
  welcome_reward_claimed?: boolean;
};
/** Client settings (spec 02 §3): privileges support, ija, association_admin, the is_agent and is_agency_admin flags. */
export type TSettings = { privileges?: Privilege[]; is_agent?: boolean; is_agency_admin?: boolean };
export type TSessionData = { client: TClient | null; settings: TSettings | null };
export type TLoginResult = { is_new: boolean; client: TClient | null; settings: TSettings | null };

/** The id of a client whichever name the answer uses. */
export function clientId(client: TClient | null | undefined): string {
  return client?.cuid ?? client?.uid ?? '';
}

/** True for a signed-in client (not the anonymous identity every visitor gets). */
export function isRegistered(client: TClient | null | undefined): boolean {
  return !!client && client.is_anonymous !== true && !!client.email;
}

/** URL of the client's profile photo thumbnail, or null when there is none. */
export function photoUrl(client: TClient | null | undefined, size: 'thumb' | 'full' = 'thumb'): string | null {
  if (!client) return null;
  if (size === 'thumb' && client.profile_photo_thumb_url) return client.profile_photo_thumb_url;
  if (client.profile_photo_url) return client.profile_photo_url;
  if (!client.profile_photo_name) return null;
  // Stored media are served at /media/{key}; the thumbnail is {key}-thumb.webp (contracts media/constants.ts).
  const name = client.profile_photo_name;
  return `/media/${size === 'thumb' ? name.replace(/\.webp$/, '-thumb.webp') : name}`;
}

// ---- Session and authentication
export const postSession = () => api<TSessionData>('POST', '/v1/client/session');
export const postLogin = (body: { email: string; password: string; existing_id?: string }) =>
  api<TLoginResult>('POST', '/v1/login', { body });
export const postLogout = () => api<unknown>('POST', '/v1/logout');
/**
 * Sign-up (path not given by the spec). Without `pin` the server e-mails a PIN; with it the account is created and
 * the answer is the login result.
 */
export const postSignUp = (body: { client?: string; email: string; nickname: string; password: string; pin?: string }) =>
  api<Partial<TLoginResult> & { pin_required?: boolean; resend_after?: number }>('POST', '/v1/signup', { body });
export const resendPin = (email: string) => api<unknown>('POST', '/v1/signup/resend-pin', { body: { email } });
export const forgotPassword = (email: string) => api<unknown>('GET', '/v1/auth/forgot-password', { query: { email } });
export const updatePassword = (body: { token: string; password: string }) =>
  api<unknown>('POST', '/v1/auth/update-password', { body });
export type TProvider = { provider: string; name?: string };
export async function getOAuthProviders(): Promise<string[]> {
  const data = await api<unknown>('GET', '/v1/oauth/providers');
  const list = Array.isArray(data) ? data : Array.isArray((data as { providers?: unknown })?.providers) ? (data as { providers: unknown[] }).providers : [];
  return list
    .map((p) => (typeof p === 'string' ? p : typeof (p as TProvider)?.provider === 'string' ? (p as TProvider).provider : ''))
    .filter((p) => p === 'google' || p === 'facebook');
}
export function oauthStartUrl(provider: string, returnTo: string): string {
  return apiUrl(`/v1/oauth/${encodeURIComponent(provider)}/start`, { return_to: returnTo });
}

// ---- Client and verification
export const getClient = () => api<TClient | { client: TClient }>('GET', '/v1/client').then(unwrapClient);
export const putClient = (body: { key: string; value: string; old_password?: string }) =>
  api<TClient | { client: TClient } | null>('PUT', '/v1/client', { body }).then((d) => (d ? unwrapClient(d) : null));
export function unwrapClient(data: TClient | { client: TClient }): TClient {
  return 'client' in data && data.client && typeof data.client === 'object' ? data.client : (data as TClient);
}
export const sendEmailConfirmation = (cuid: string) =>
  api<unknown>('GET', `/v1/client/${encodeURIComponent(cuid)}/send-contact-confirmation/email`);
export async function isEmailVerified(): Promise<boolean> {
  const data = await api<unknown>('GET', '/v1/client/is_email_verified');
  if (typeof data === 'boolean') return data;
  return !!(data as { is_email_verified?: boolean })?.is_email_verified;
}
export const sendPhoneConfirmation = (cuid: string, phone_number: string, phone_country_code: string, channel?: 'sms') =>
  api<{ status?: string } | null>('GET', `/v1/client/${encodeURIComponent(cuid)}/send-contact-confirmation/phone`, {
    query: { phone_number, phone_country_code, channel },
  });
export const postPhoneAuth = (code: string) =>
  api<{ status?: string; client?: TClient } | null>('POST', '/v1/client/phone_auth', { body: { code } });
export const postProfilePhoto = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('profilephoto', file, name);
  return api<{ client?: TClient } | TClient>('POST', '/v1/client/profilephoto', { body: form });
};

// ---- Rewards, referrals, references
export const claimWelcomeReward = () => api<unknown>('POST', '/v1/client/rewards/welcome');
export const getWelcomeReward = () => api<unknown>('GET', '/v1/client/rewards/welcome');
export const postUcode = (ucode: string) => api<unknown>('POST', '/v1/client/ucode', { body: { ucode } });
export const getUcode = (ucode: string) =>
  api<{ nickname?: string | null; ucode?: string } | null>('GET', `/v1/client/ucode/${encodeURIComponent(ucode)}`);
export type TReferral = { uid: string; nickname: string | null; joined_at: string };
export type TReferralsPage = { ucode: string; referred_by: { nickname: string | null } | null; referrals: TReferral[]; page: number; page_size: number; total: number };
export const getReferrals = (page: number) => api<TReferralsPage>('GET', '/v1/client/referrals', { query: { page } });
export type TReftype = 'work' | 'family' | 'friend';
export type TReference = { name: string; phone_number: string; reftype: TReftype; is_confirmed?: boolean };
export const getReferences = () => api<TReference[] | { references: TReference[] }>('GET', '/v1/client/references')
  .then((d) => (Array.isArray(d) ? d : d?.references ?? []));
export const postReference = (body: TReference | TReference[]) => api<unknown>('POST', '/v1/client/references', { body });
export const deleteReference = (phone_number: string) =>
  api<unknown>('DELETE', '/v1/client/references', { query: { phone_number } });
export const remindReference = (phone_number: string) =>
  api<unknown>('POST', '/v1/client/references/remind', { query: { phone_number } });
export type TReferenceToConfirm = { uid?: string; nickname?: string | null; profile_photo_name?: string | null; phone_number?: string };
export const getReferenceByToken = (token: string) => api<TReferenceToConfirm>('GET', '/v1/client/reference', { query: { token } });
export const confirmReference = (token: string) => api<unknown>('POST', '/v1/client/reference/confirm', { query: { token } });

// ---- Dev outbox
export type TOutboxMessage = {
  id?: number | string; to: string; channel?: string; subject?: string | null; text: string;
  links?: string[]; codes?: string[]; created_at?: string;
};
/** GET /api/dev/outbox (dev only, loopback): the messages kept in the local outbox, newest first. Throws ApiError. */
export async function getOutbox(): Promise<TOutboxMessage[]> {
  const data = await api<unknown>('GET', '/dev/outbox');
  if (Array.isArray(data)) return data as TOutboxMessage[];
  const messages = (data as { messages?: unknown })?.messages;
  return Array.isArray(messages) ? (messages as TOutboxMessage[]) : [];
}

/** The message to show for a failed call: the server's msg, or the action's generic message (spec 02 §7). */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.message || error.message === COMMON_MESSAGES.generic) return fallback;
  return error.message;
}
