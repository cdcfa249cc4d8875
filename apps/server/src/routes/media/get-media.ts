import { COMMON_MESSAGES } from '@nj/contracts';
import { isValidMediaKey } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { verificationExtras } from '../verification/verification-services.ts';

/** Stored keys are random and never rewritten, so a year-long immutable cache is safe. */
const CACHE = 'public, max-age=31536000, immutable';

/**
 * GET /media/{key} — a stored media object (profile photos and their thumbnails) from the storage adapter, with
 * long cache headers and its content type; 404 with a Spanish msg when there is none.
 */
export default defineRoute((app) => {
  app.get('/media/*', {
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      // Originals of listing photos may carry GPS metadata: never served.
      const object = isValidMediaKey(key) && !key.startsWith('originals/') ? await verificationExtras(app).storage.get(key) : null;
      if (!object) return reply.code(404).header('cache-control', 'no-store').send({ msg: COMMON_MESSAGES.notFound, data: null });
      return reply
        .header('content-type', object.contentType)
        .header('cache-control', CACHE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(object.body);
    },
  });
});
