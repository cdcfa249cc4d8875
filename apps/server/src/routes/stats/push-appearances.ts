import { STATS_MESSAGES, ZApiEnvelope, ZAppearPush, ZPushResult } from '@nj/contracts';
import { isBotUserAgent, recordAppearances } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v2/properties/appear — appearances of listings in a list or on the map (spec 01 §7; the body is ours:
 * `{ push_id, puids, cuid? }`). Counted for the session's client (anonymous allowed), once per listing per 5 s;
 * the same push_id twice counts once; bots and pushes without a session cookie are answered `ignored` and create
 * nothing (issue 7 §7). Answers `{ msg, data: { counted, duplicate, ignored } }`.
 */
export default defineRoute((app) => {
  app.post('/api/v2/properties/appear', {
    schema: {
      tags: ['estadísticas'],
      summary: 'Registrar apariciones de propiedades',
      body: ZAppearPush,
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
      const data = await recordAppearances(app.services.database, { cuid, push: request.body });
      return { msg: data.duplicate ? STATS_MESSAGES.duplicatePush : STATS_MESSAGES.counted, data };
    },
  });
});
