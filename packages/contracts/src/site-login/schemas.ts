import { z } from '../common/zod-locale.ts';
import { SITE_LOGIN_MESSAGES as M } from './messages.ts';

/** Limits of the branded login (spec 03 §2: the state is 12 random alphanumerics; decision 031). */
export const SITE_LOGIN = {
  stateLength: 12,
  /** sessionStorage key of the branded page's state (spec 03 §2 'kept in storage'). */
  stateStorageKey: 'nj-integration-state',
  /** A token's life, ms. */
  tokenTtlMs: 2 * 60_000,
} as const;

/** 12 letters or digits: the state of one login round trip. */
export const STATE_PATTERN = /^[A-Za-z0-9]{12}$/;
/** A host name as stored in agencies.base_domain: lower case letters, digits, dots and hyphens. */
const HOST_PATTERN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const state = z.string({ error: M.stateInvalid }).regex(STATE_PATTERN, { error: M.stateInvalid });
/**
 * The branded site's base domain, exactly (no scheme, path, port or user): anything else is refused before the
 * database is asked, so no crafted value (`//evil.com`, `evil.com/x`, `a.test@evil.com`) can become a redirect.
 */
const returnTo = z.string({ error: M.returnToInvalid }).max(253, { error: M.returnToInvalid })
  .transform((v) => v.toLowerCase())
  .refine((v) => HOST_PATTERN.test(v), { error: M.returnToInvalid });

/** POST /v1/auth/start and /v1/auth/continue — `{ return_to, state }`. */
export const ZSiteLoginBody = z.object({ return_to: returnTo, state });
export type TSiteLoginBody = z.infer<typeof ZSiteLoginBody>;

/** POST /v1/auth/loginwithtoken — `{ token, state }` (the token: 43 base64url characters). */
export const ZLoginWithTokenBody = z.object({
  token: z.string({ error: M.tokenInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, { error: M.tokenInvalid }),
  state,
});
export type TLoginWithTokenBody = z.infer<typeof ZLoginWithTokenBody>;

/** What the central login shows about the site that asks (its public branding). */
export const ZSiteLoginSite = z.object({
  uid: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  custom_page_name: z.string().nullable(),
  base_domain: z.string(),
  color_primary: z.string(),
  text_on_primary: z.string(),
  is_private: z.boolean(),
});
/** POST /v1/auth/start answer: the site and whether the caller is signed in (then /continue may follow). */
export const ZSiteLoginStart = z.object({ site: ZSiteLoginSite, signed_in: z.boolean() });
export type TSiteLoginStart = z.infer<typeof ZSiteLoginStart>;
/** POST /v1/auth/continue answer: where the browser goes next (the branded host's /integrations-auth). */
export const ZSiteLoginContinue = z.object({ redirect_url: z.string() });
export type TSiteLoginContinue = z.infer<typeof ZSiteLoginContinue>;
/** POST /v1/auth/loginwithtoken answer: the signed-in client's id and where to go (/propiedades). */
export const ZLoginWithTokenResult = z.object({ cuid: z.string(), redirect_to: z.string() });
export type TLoginWithTokenResult = z.infer<typeof ZLoginWithTokenResult>;
