import { STATS_MESSAGES, ZApiEnvelope, ZPushResult, ZViewsPush } from '@nj/contracts';
import { isBotUserAgent, recordViews } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/properties/views — the views push (spec 01 §4 "Viewing", §7 "Views push": body data, ads_data,
 * cuid, every 60 s; the spec does not give the path, this is ours). Counts `prop_{puid}` items for the session's
 * client (anonymous allowed; one whose cookie names no live session gets a fresh one); a push without a session
 * cookie is answered `ignored` and creates nothing (issue 7 §7); `push_id` makes a retry a no-op; repeats inside
 * 5 s and known bots (User-Agent) are ignored. Answers `{ msg, data: { counted, duplicate, ignored } }`; bad input 400 in Spanish.
 */
export default defineRoute((app) => {
  app.post('/api/v1/properties/views', {
    schema: {
      tags: ['estadísticas'],
      summary: 'Registrar vistas de propiedades',
      body: ZViewsPush,
      response: { 200: ZApiEnvelope(ZPushResult) },
    },
    preValidation: can('listing', 'push_stats'),
    handler: async (request) => {
      // Only a live session is counted, and none is made here (issue 7 §7: a client per request without one, or
      // with a made-up cookie, would let any script fill the clients table; the browser makes its client first).
      const session = isBotUserAgent(request.headers['user-agent']) ? null : await request.getSession();
      if (!session) {
        return { msg: STATS_MESSAGES.botIgnored, data: { counted: 0, duplicate: false, ignored: true } };
      }
      const { cuid } = session;
      const data = await recordViews(app.services.database, { cuid, push: request.body });
      return { msg: data.duplicate ? STATS_MESSAGES.duplicatePush : STATS_MESSAGES.counted, data };
    },
  });
});
