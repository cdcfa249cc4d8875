import type { TOAuthProvider } from './schemas.ts';
import { ACCOUNT_MESSAGES } from '../accounts/messages.ts';
import { COMMON_MESSAGES } from '../common/messages.ts';

/** Provider names as a person reads them. */
export const OAUTH_PROVIDER_LABELS: Record<TOAuthProvider, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * Social login texts (spec 02 §8 catalogue, §5 "Social login needs a non-empty access token and a stored client
 * id"). `loginFailed` is the catalogue's generic login error; the others are ours where the spec says nothing.
 */
export const OAUTH_MESSAGES = {
  loginFailed: ACCOUNT_MESSAGES.loginFailed,
  providerUnavailable: 'Este método de inicio de sesión no está disponible',
  invalidToken: 'No pudimos validar tu inicio de sesión, inténtalo de nuevo',
  tokenRequired: 'Falta el token de acceso del proveedor',
  stateMismatch: 'La sesión de inicio expiró o no es válida, inténtalo de nuevo',
  emailMissing: 'Tu cuenta no comparte un correo electrónico verificado; usa otro método para iniciar sesión',
  providerUnreachable: COMMON_MESSAGES.connection,
  cancelled: 'Cancelaste el inicio de sesión',
} as const;

/**
 * The catalogue text for a provider whose script or page the browser blocked (spec 02 §8 "Provider SDK not
 * loaded"): 'Parece que las extensiones del navegador no permiten iniciar sesión con Facebook' (or Google).
 */
export function oauthBlockedMessage(provider: TOAuthProvider): string {
  return `Parece que las extensiones del navegador no permiten iniciar sesión con ${OAUTH_PROVIDER_LABELS[provider]}`;
}

/**
 * Query value the callback appends to the return page when sign-in did not finish (`?oauth_error=<code>`), and the
 * text the page shows for it.
 */
export const OAUTH_ERROR_CODES = {
  state: OAUTH_MESSAGES.stateMismatch,
  denied: OAUTH_MESSAGES.cancelled,
  email: OAUTH_MESSAGES.emailMissing,
  failed: OAUTH_MESSAGES.loginFailed,
} as const;
export type TOAuthErrorCode = keyof typeof OAUTH_ERROR_CODES;
