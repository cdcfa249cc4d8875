import { z } from '../common/zod-locale.ts';
import { OAUTH_MESSAGES } from './messages.ts';

/** Social providers (spec 02 §3 "Social login payload": provider google or facebook). */
export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export const ZOAuthProvider = z.enum(OAUTH_PROVIDERS, { error: OAUTH_MESSAGES.providerUnavailable });
export type TOAuthProvider = z.infer<typeof ZOAuthProvider>;

/** GET /api/v1/oauth/providers → the configured providers, in button order. Unconfigured ones are absent. */
export const ZOAuthProviders = z.object({ providers: z.array(ZOAuthProvider) });
export type TOAuthProviders = z.infer<typeof ZOAuthProviders>;

/** Path parameter of /api/v1/oauth/{provider}/start and /callback. Any string; unknown ones answer 404. */
export const ZOAuthProviderParams = z.object({ provider: z.string().max(40) });

/**
 * GET /api/v1/oauth/{provider}/start query: `return_to`, the same-site path to come back to after signing in
 * (default '/'). Anything that is not a local path ('/…', not '//…') is replaced by '/'.
 */
export const ZOAuthStartQuery = z.object({ return_to: z.string().max(2000).optional() });

/** The provider's redirect back: code and state, or error (RFC 6749 §4.1.2). */
export const ZOAuthCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
});

/**
 * POST /api/v1/oauth/login body (spec 02 §3 "Social login payload", §7): provider, the provider's access token
 * (for Google also an ID token from Google Identity Services), and existing_id — the browser's stored client id
 * (spec 02 §5: "needs a non-empty access token and a stored client id").
 */
export const ZOAuthLoginBody = z.object({
  provider: ZOAuthProvider,
  accessToken: z.string({ error: OAUTH_MESSAGES.tokenRequired }).trim().min(1, OAUTH_MESSAGES.tokenRequired).max(8000, OAUTH_MESSAGES.invalidToken),
  existing_id: z.string().max(100).nullish(),
});
export type TOAuthLoginBody = z.infer<typeof ZOAuthLoginBody>;
