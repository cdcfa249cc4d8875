import { COMMON_MESSAGES } from '@nj/contracts';
import { isValidMediaKey } from '@nj/core';
import { findMediaAccess } from '@nj/core/media/media-access';
import { PENDING_MEDIA_SWEEP, sweepPendingMedia } from '@nj/core/media/pending-media';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../define-route.ts';
import { verificationExtras } from '../verification/verification-services.ts';

/** Stored keys are random and never rewritten, so a year-long immutable cache is safe for public objects. */
const CACHE = 'public, max-age=31536000, immutable';

/**
 * GET /media/{key} — a stored media object from the storage adapter, with its content type; 404 with a Spanish msg
 * (and no-store) when there is none or this visitor may not see it. Only keys a COMMITTED row references are served
 * (findMediaAccess; issue 7 §7): published listing photos and profile photos to everyone with a year-long cache;
 * draft photos only to the draft's owner (the session's client) with `Cache-Control: private, no-store`; files of
 * an interrupted upload, removed photos, originals (may carry GPS) and unknown keys never.
 * Also sweeps files left by interrupted uploads (the media_pending journal) when the server starts and every
 * PENDING_MEDIA_SWEEP.intervalMs (see startMediaSweeper).
 */
export default defineRoute((app) => {
  startMediaSweeper(app);
  app.get('/media/*', {
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ msg: COMMON_MESSAGES.notFound, data: null });
      if (!isValidMediaKey(key)) return notFound();
      const viewerCuid = key.startsWith('drafts/') ? (await request.getSession())?.cuid : undefined;
      const access = await findMediaAccess({ database: app.services.database }, { key, viewerCuid });
      if (access === 'none') return notFound();
      const object = await verificationExtras(app).storage.get(key);
      if (!object) return notFound();
      return reply
        .header('content-type', object.contentType)
        .header('cache-control', access === 'owner' ? 'private, no-store' : CACHE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(object.body);
    },
  });
});

/**
 * Removes the files of interrupted uploads (issue 7 §7): when the app is ready (before it serves anything) every
 * journal row on PGlite — one process owns that database, so they are all left by a dead process — or rows older
 * than PENDING_MEDIA_SWEEP.graceSeconds on PostgreSQL; then every PENDING_MEDIA_SWEEP.intervalMs the rows older than
 * the grace. Failures are logged, never thrown (a sweep is retried next time). Stopped when the app closes.
 */
export function startMediaSweeper(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async (olderThanSeconds: number) => {
    try {
      const swept = await sweepPendingMedia({ database: app.services.database, storage: verificationExtras(app).storage }, { olderThanSeconds });
      if (swept > 0) app.log.warn(`media: ${swept} archivos de subidas interrumpidas eliminados`);
    } catch (error) {
      app.log.error(`media: sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  app.addHook('onReady', async () => {
    await sweep(app.services.database.kind === 'pglite' ? 0 : PENDING_MEDIA_SWEEP.graceSeconds);
    timer = setInterval(() => void sweep(PENDING_MEDIA_SWEEP.graceSeconds), PENDING_MEDIA_SWEEP.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
