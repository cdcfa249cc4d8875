import type { Database } from '@nj/db';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** What the account operations need: the database, sending, the shared rate limiter and the public origin. */
export type AccountDeps = {
  database: Database;
  messaging: MessagingConfig;
  limiter: RateLimiter;
  /** Absolute origin for links in e-mails, e.g. https://example.mx (no trailing slash). */
  publicUrl: string;
};

/** Sign-up PIN lifetime: 15 minutes; wrong PINs allowed per PIN: 5. */
export const PIN_TTL_MS = 15 * 60_000;
export const PIN_MAX_ATTEMPTS = 5;
/** Minimum time between two PINs for the same address: 30 s (spec 02 §9). */
export const PIN_RESEND_MS = 30_000;
/** Password-reset link lifetime: 1 hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Web page the reset link opens (it posts the token and new password to /api/v1/auth/update-password). */
export const RESET_PASSWORD_PATH = '/restablecer-contrasena';
