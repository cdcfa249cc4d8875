import { join } from 'node:path';
import type { Database } from '@nj/db';
import type { AppServices } from '@nj/core/app-services';
import type { ServerConfig } from '@nj/core/config/server-config';
import { createESignature } from '@nj/core/e-signature/create-e-signature';
import { createPayoutProvider } from '@nj/core/payouts/create-payout-provider';
import { createListingSources } from '@nj/core/integrations/create-listing-sources';
import { ChatEvents, createBondInsurer, createPaymentProvider, createCreditBureau, createIdentityCheck, createMediaStorage, createRateLimiter, createSearchService, createTextProvider, warmUpDummyHash } from '@nj/core';

export type { AppServices } from '@nj/core/app-services';

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/**
 * The adapters background jobs need (e-mail settings, media storage, the WhatsApp/SMS provider, the listing
 * providers of the integrations' sync and the settings for the notification links), built from the settings: shared by
 * createAppServices and the `npm run worker` process so both build them the same way.
 */
export function createJobAdapters(database: Database, config: ServerConfig): Pick<AppServices, 'messaging' | 'storage' | 'textProvider' | 'config' | 'listingSources'> {
  const messaging = { database, smtpUrl: config.smtpUrl, isProduction: config.isProduction, from: config.mailFrom };
  return {
    messaging,
    storage: createMediaStorage({ s3: config.s3, localRoot: join(config.dataDir, 'media') }),
    textProvider: createTextProvider(config.textProvider, messaging),
    config,
    listingSources: createListingSources(config.integrations, { isProduction: config.isProduction }),
  };
}

/**
 * Builds every adapter of this process once, from the settings read at start (issue 8 §2): the search service (its
 * in-memory index), e-mail (SMTP or the dev outbox), the rate limiter (Redis or the database), media storage
 * (S3-compatible bucket or DATA_DIR/media), the WhatsApp/SMS provider (Twilio, sandbox or none), the INE
 * validation (Didit, sandbox or none), the credit bureau (Círculo de Crédito, sandbox or none) and the dummy
 * password hash logins for unknown addresses cost (decision 004). Social-login providers are the data in
 * `config.oauth`. Payment providers are to be added here, one adapter each chosen by the config.
 * Takes the open database and the ServerConfig; `log` receives progress lines (the index build). Returns the services
 * and `close()`, which releases what they hold (the Redis connection); `chatEvents` is the one ChatEvents publisher of the process (issue 11). Throws when an adapter cannot be built.
 */
export async function createAppServices(options: {
  database: Database; config: ServerConfig; log?: ((line: string) => void) | undefined;
}): Promise<{ services: AppServices; close: () => Promise<void> }> {
  const { database, config } = options;
  const search = await createSearchService({ database, exchangeRates: config.exchangeRates, log: options.log });
  const { messaging, storage, textProvider, listingSources } = createJobAdapters(database, config);
  const limiter = createRateLimiter({ database, redisUrl: config.redisUrl });
  const chatEvents = new ChatEvents((error) => options.log?.(`chat listener failed: ${String(error)}`));
  // Logins for unknown addresses cost one password hash from the first one on (decision 004).
  await warmUpDummyHash();
  return {
    services: {
      database, config, search, messaging, limiter, storage, textProvider, chatEvents,
      identityCheck: createIdentityCheck(config.identityCheck), creditBureau: createCreditBureau(config.creditBureau),
      bondInsurer: createBondInsurer(config.bondInsurer),
      payments: createPaymentProvider(config.payments, { database, publicUrl: config.publicUrl, sessionSecret: config.sessionSecret }),
      eSignature: createESignature(config.eSignature, { database, publicUrl: config.publicUrl }),
      payouts: createPayoutProvider(config.payouts),
      listingSources,
    },
    close: () => limiter.close(),
  };
}
