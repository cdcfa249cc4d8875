import { z } from 'zod';
import { STATS_MESSAGES, ZApiEnvelope, ZShareBody, ZShareResult } from '@nj/contracts';
import { isBotUserAgent, recordShare } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/properties/:id/share — counts a share of listing `id` (puid) by Web Share, copy link or WhatsApp
 * (issue 4 "sharing … counted"; body `{ channel: 'web_share' | 'copy_link' | 'whatsapp' }`). Anonymous allowed;
 * a repeat by the same client within 5 s and bots are not counted. Unknown id 404. Answers
 * `{ msg, data: { counted, shares } }`.
 */
export default defineRoute((app) => {
  app.post('/api/v1/properties/:id/share', {
    schema: {
      tags: ['estadísticas'],
      summary: 'Registrar que se compartió una propiedad',
      params: z.object({ id: z.string().min(1).max(100) }),
      body: ZShareBody,
      response: { 200: ZApiEnvelope(ZShareResult) },
    },
    preValidation: can('listing', 'push_stats'),
    handler: async (request) => {
      if (isBotUserAgent(request.headers['user-agent'])) {
        return { msg: STATS_MESSAGES.botIgnored, data: { counted: false, shares: 0 } };
      }
      const { cuid } = await request.ensureClient();
      const data = await recordShare(app.services.database, { cuid, puid: request.params.id, body: request.body });
      return { msg: STATS_MESSAGES.counted, data };
    },
  });
});
