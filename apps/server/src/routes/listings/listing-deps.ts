import type { FastifyInstance } from 'fastify';
import type { ListingDeps } from '@nj/core';
import { verificationExtras } from '../verification/verification-services.ts';

/** What the listing calls use: the database, the media storage (local or S3) and the exchange rates. */
export function listingDeps(app: FastifyInstance): ListingDeps {
  return { database: app.services.database, storage: verificationExtras(app).storage, config: app.services.config };
}
