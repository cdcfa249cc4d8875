import { COMMON_MESSAGES } from '@nj/contracts';
import { isValidMediaKey, VISITOR } from '@nj/core';
import { findMediaAccess } from '@nj/core/media/media-access';
import { PENDING_MEDIA_SWEEP, sweepPendingMedia } from '@nj/core/media/pending-media';
import { sweepOrphanMedia } from '@nj/core/media/sweep-orphan-media';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/** Stored keys are random and never rewritten, so a year-long immutable cache is safe for public objects. */
const CACHE = 'public, max-age=31536000, immutable';

/**
 * GET /media/{key} — a stored media object from the storage adapter, with its content type; 404 with a Spanish msg
 * (and no-store) when there is none or this visitor may not see it. Only keys a COMMITTED row references are served
 * (findMediaAccess; issue 7 §7): published listing photos and profile photos to everyone with a year-long cache;
 * draft photos only to the draft's owner (the session's client) with `Cache-Control: private, no-store`; files of
 * an interrupted upload, removed photos, originals (may carry GPS) and unknown keys never.
 * Also sweeps files left by interrupted uploads (the media_pending journal, and unreferenced files) when the server
 * starts and periodically (see startMediaSweeper).
 */
export default defineRoute((app) => {
  startMediaSweeper(app);
  app.get('/media/*', {
    schema: { hide: true },
    preValidation: can('photo', 'read'),
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ msg: COMMON_MESSAGES.notFound, data: null });
      if (!isValidMediaKey(key)) return notFound();
      const actor = key.startsWith('drafts/') ? await request.getActor() : VISITOR;
      const access = await findMediaAccess({ database: app.services.database }, { key, actor });
      if (access === 'none') return notFound();
      const object = await app.services.storage.get(key);
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
 * Removes the files of interrupted uploads (issue 7 §7) when the app is ready, before it serves anything: every
 * journal row on PGlite — one process owns that database, so they are all left by a dead process — or rows older
 * than PENDING_MEDIA_SWEEP.graceSeconds on PostgreSQL. On PGlite the whole storage is also scanned for unreferenced
 * files older than an hour (sweepOrphanMedia) in the background after start; with PostgreSQL, where every process
 * starts this, the scan is left to the scheduled job. Afterwards the jobs `media.sweep-pending` and
 * `media.sweep-orphans` (apps/server/src/jobs/job-handlers.ts) sweep on schedule, once across processes. Failures
 * are logged, never thrown. The scan is awaited when the app closes.
 */
export function startMediaSweeper(app: FastifyInstance): void {
  let running: Promise<unknown> = Promise.resolve();
  let closing = false;
  const deps = () => ({ database: app.services.database, storage: app.services.storage });
  const report = (what: string) => (error: unknown) => {
    if (!closing) app.log.error(`media: ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  };
  const sweepJournal = async (olderThanSeconds: number) => {
    try {
      const swept = await sweepPendingMedia(deps(), { olderThanSeconds });
      if (swept > 0) app.log.warn(`media: ${swept} archivos de subidas interrumpidas eliminados`);
    } catch (error) {
      report('sweep')(error);
    }
  };
  const sweepOrphans = () => {
    running = running.then(() => sweepOrphanMedia(deps(), { olderThanSeconds: PENDING_MEDIA_SWEEP.orphanGraceSeconds }))
      .then(({ deleted }) => { if (deleted > 0) app.log.warn(`media: ${deleted} archivos sin referencia eliminados`); })
      .catch(report('orphan scan'));
  };
  app.addHook('onReady', async () => {
    const pglite = app.services.database.kind === 'pglite';
    await sweepJournal(pglite ? 0 : PENDING_MEDIA_SWEEP.graceSeconds);
    if (pglite) sweepOrphans();
  });
  app.addHook('onClose', async () => {
    closing = true;
    await running;
  });
}
