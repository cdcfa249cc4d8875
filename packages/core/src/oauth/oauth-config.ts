import type { TOAuthProvider } from '@nj/contracts';

/**
 * Where one provider's OpenID Connect endpoints are. Either all given (the real providers' defaults below) or
 * discovered from `issuer` + '/.well-known/openid-configuration' when `discover` is true (an override such as a
 * local mock server in tests).
 */
export type TOAuthEndpoints = {
  issuer: string;
  /** Other spellings of the issuer accepted in ID tokens (Google also signs 'accounts.google.com'). */
  issuerAliases: string[];
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  /** OIDC userinfo (Bearer access token); for Facebook the Graph API '/me'. '' = take it from discovery. */
  userinfoEndpoint: string;
};

/** One enabled provider: its app credentials and endpoints. */
export type TOAuthProviderConfig = {
  provider: TOAuthProvider;
  clientId: string;
  clientSecret: string;
  /** Endpoints; when `discover` is set, only `issuer` is trusted and the rest is read from the discovery document. */
  endpoints: TOAuthEndpoints;
  discover: boolean;
  /** Scopes asked at the authorization endpoint. */
  scopes: string[];
  /**
   * Checks that a bare access token was issued to this app (POST /api/v1/oauth/login): Google's tokeninfo
   * (`aud`/`azp`), Facebook's Graph API base for `debug_token` (`app_id`).
   */
  tokenCheckEndpoint: string;
};

/** The providers with credentials; a provider missing here is hidden (no button, its routes answer 404). */
export type TOAuthConfig = Partial<Record<TOAuthProvider, TOAuthProviderConfig>>;

const FACEBOOK_GRAPH = 'https://graph.facebook.com/v21.0';

/** Google's published OIDC endpoints (https://accounts.google.com/.well-known/openid-configuration). */
export const GOOGLE_ENDPOINTS: TOAuthEndpoints = {
  issuer: 'https://accounts.google.com',
  issuerAliases: ['accounts.google.com'],
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
  jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
  userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
};

/**
 * Facebook Login's "OIDC Code Flow with PKCE for manually built login flows" (issuer https://www.facebook.com,
 * ID token signed with the keys at /.well-known/oauth/openid/jwks/); profile from the Graph API '/me'.
 */
export const FACEBOOK_ENDPOINTS: TOAuthEndpoints = {
  issuer: 'https://www.facebook.com',
  issuerAliases: [],
  authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
  tokenEndpoint: `${FACEBOOK_GRAPH}/oauth/access_token`,
  jwksUri: 'https://www.facebook.com/.well-known/oauth/openid/jwks/',
  userinfoEndpoint: `${FACEBOOK_GRAPH}/me`,
};

const ENDPOINT_OVERRIDES = ['ISSUER_URL', 'AUTHORIZATION_URL', 'TOKEN_URL', 'JWKS_URL', 'USERINFO_URL'] as const;

/** The variables read by readOAuthConfig (listed in the server's settings schema and the README). */
export const OAUTH_VARIABLES = [
  'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', ...ENDPOINT_OVERRIDES.map((n) => `GOOGLE_${n}` as const), 'GOOGLE_TOKENINFO_URL',
  'FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET', ...ENDPOINT_OVERRIDES.map((n) => `FACEBOOK_${n}` as const), 'FACEBOOK_GRAPH_URL',
] as const;

function clean(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

function withOverrides(base: TOAuthEndpoints, env: { [K in (typeof OAUTH_VARIABLES)[number]]?: string | undefined }, prefix: 'GOOGLE' | 'FACEBOOK'): { endpoints: TOAuthEndpoints; discover: boolean } {
  const issuer = clean(env[`${prefix}_ISSUER_URL`])?.replace(/\/$/, '');
  // With an issuer override nothing of the real provider is kept: the rest comes from discovery or the overrides.
  const endpoints: TOAuthEndpoints = issuer ? { ...base, issuer, issuerAliases: [], userinfoEndpoint: '' } : { ...base };
  const pick = (key: keyof Omit<TOAuthEndpoints, 'issuer' | 'issuerAliases'>, name: (typeof ENDPOINT_OVERRIDES)[number]) => {
    const v = clean(env[`${prefix}_${name}`]);
    if (v) endpoints[key] = v;
  };
  pick('authorizationEndpoint', 'AUTHORIZATION_URL');
  pick('tokenEndpoint', 'TOKEN_URL');
  pick('jwksUri', 'JWKS_URL');
  pick('userinfoEndpoint', 'USERINFO_URL');
  const explicit = (['AUTHORIZATION_URL', 'TOKEN_URL', 'JWKS_URL'] as const).every((n) => clean(env[`${prefix}_${n}`]));
  return { endpoints, discover: Boolean(issuer) && !explicit };
}

/**
 * Reads the social-login settings from `env` (an environment record, read once at start by the server's
 * readServerConfig; the result is ServerConfig.oauth):
 * GOOGLE_CLIENT_ID + GOOGLE_CLIENT_SECRET and FACEBOOK_CLIENT_ID + FACEBOOK_CLIENT_SECRET enable a provider (both
 * needed). Optional overrides per provider (prefix GOOGLE_ or FACEBOOK_): ISSUER_URL (discovery from its
 * /.well-known/openid-configuration), AUTHORIZATION_URL, TOKEN_URL, JWKS_URL, USERINFO_URL, and
 * GOOGLE_TOKENINFO_URL / FACEBOOK_GRAPH_URL for the access-token check. Never throws; a half-configured provider
 * is simply disabled.
 */
export function readOAuthConfig(env: { [K in (typeof OAUTH_VARIABLES)[number]]?: string | undefined }): TOAuthConfig {
  const config: TOAuthConfig = {};
  const googleId = clean(env.GOOGLE_CLIENT_ID);
  const googleSecret = clean(env.GOOGLE_CLIENT_SECRET);
  if (googleId && googleSecret) {
    config.google = {
      provider: 'google', clientId: googleId, clientSecret: googleSecret,
      ...withOverrides(GOOGLE_ENDPOINTS, env, 'GOOGLE'),
      scopes: ['openid', 'email', 'profile'],
      tokenCheckEndpoint: clean(env.GOOGLE_TOKENINFO_URL) ?? 'https://oauth2.googleapis.com/tokeninfo',
    };
  }
  const fbId = clean(env.FACEBOOK_CLIENT_ID);
  const fbSecret = clean(env.FACEBOOK_CLIENT_SECRET);
  if (fbId && fbSecret) {
    config.facebook = {
      provider: 'facebook', clientId: fbId, clientSecret: fbSecret,
      ...withOverrides(FACEBOOK_ENDPOINTS, env, 'FACEBOOK'),
      scopes: ['openid', 'email', 'public_profile'],
      tokenCheckEndpoint: (clean(env.FACEBOOK_GRAPH_URL) ?? FACEBOOK_GRAPH).replace(/\/$/, ''),
    };
  }
  return config;
}

/** The enabled providers in button order (google first). */
export function enabledOAuthProviders(config: TOAuthConfig): TOAuthProvider[] {
  return (['google', 'facebook'] as const).filter((p) => config[p] !== undefined);
}
