import type { FastifyInstance } from 'fastify';
import type { ListingDeps } from '@nj/core';

/** What the listing calls use: the database, the media storage (local or S3) and the exchange rates. */
export function listingDeps(app: FastifyInstance): ListingDeps {
  return { database: app.services.database, storage: app.services.storage, config: app.services.config };
}
