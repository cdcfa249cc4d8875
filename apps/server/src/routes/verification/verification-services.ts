import type { FastifyInstance } from 'fastify';
import type { VerificationDeps } from '@nj/core';
import { accountDeps } from '../accounts/session-cookie.ts';

/**
 * What the verification verbs need: the account deps (database, messaging, limiter, public URL) plus this app's
 * WhatsApp/SMS provider, built once at start from SMS_PROVIDER/TWILIO_* (AppServices.textProvider).
 */
export function verificationDeps(app: FastifyInstance): VerificationDeps {
  return { ...accountDeps(app), textProvider: app.services.textProvider };
}
