import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createMediaStorage, createTextProvider, type MediaStorage, type TextMessageProvider, type VerificationDeps } from '@nj/core';
import { accountDeps } from '../accounts/session-cookie.ts';
import type { AppServices } from '../../services.ts';

type Extra = { textProvider: TextMessageProvider; storage: MediaStorage };
const textProviders = new WeakMap<AppServices, TextMessageProvider>();
const storages = new WeakMap<AppServices, MediaStorage>();

/**
 * The verification and media services of this app, each built once per app from its settings when first used: the
 * WhatsApp/SMS provider (SMS_PROVIDER=twilio|sandbox, default sandbox outside production; TWILIO_* variables) and
 * the media storage (S3-compatible when S3_BUCKET is set, see createMediaStorage; else a local folder
 * DATA_DIR/media). Separate, so serving or sweeping media never needs the SMS settings.
 */
export function verificationExtras(app: FastifyInstance): Extra {
  const services = app.services;
  return {
    get textProvider() {
      let provider = textProviders.get(services);
      if (!provider) textProviders.set(services, (provider = createTextProvider(process.env, services.messaging)));
      return provider;
    },
    get storage() {
      let storage = storages.get(services);
      if (!storage) storages.set(services, (storage = createMediaStorage({ env: process.env, localRoot: join(services.config.dataDir, 'media') })));
      return storage;
    },
  };
}

/** AccountDeps plus the text provider. */
export function verificationDeps(app: FastifyInstance): VerificationDeps {
  return { ...accountDeps(app), textProvider: verificationExtras(app).textProvider };
}
