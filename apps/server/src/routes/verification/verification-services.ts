import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createMediaStorage, createTextProvider, type MediaStorage, type TextMessageProvider, type VerificationDeps } from '@nj/core';
import { accountDeps } from '../accounts/session-cookie.ts';
import type { AppServices } from '../../services.ts';

type Extra = { textProvider: TextMessageProvider; storage: MediaStorage };
const built = new WeakMap<AppServices, Extra>();

/**
 * The verification and media services of this app, built once per app from its settings: the WhatsApp/SMS provider
 * (SMS_PROVIDER=twilio|sandbox, default sandbox outside production; TWILIO_* variables) and the media storage
 * (S3-compatible when S3_BUCKET is set, see createMediaStorage; else a local folder DATA_DIR/media). `override` lets tests swap either.
 */
export function verificationExtras(app: FastifyInstance, override?: Partial<Extra>): Extra {
  let extra = built.get(app.services);
  if (!extra || override) {
    extra = {
      textProvider: override?.textProvider ?? extra?.textProvider ?? createTextProvider(process.env, app.services.messaging),
      storage: override?.storage ?? extra?.storage ?? createMediaStorage({ env: process.env, localRoot: join(app.services.config.dataDir, 'media') }),
    };
    built.set(app.services, extra);
  }
  return extra;
}

/** AccountDeps plus the text provider. */
export function verificationDeps(app: FastifyInstance): VerificationDeps {
  return { ...accountDeps(app), textProvider: verificationExtras(app).textProvider };
}
