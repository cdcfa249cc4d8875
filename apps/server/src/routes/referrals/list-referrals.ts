import { ZApiEnvelope, ZPageNumberQuery, ZReferralsPage } from '@nj/contracts';
import { listReferrals } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/referrals?page — the signed-in client's referral page (spec 02 §7): its ucode, who referred it,
 * and the people it referred (public fields), newest first, 20 a page. Only the session's own referrals.
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/referrals', {
    schema: {
      tags: ['referidos'],
      summary: 'Mis referidos',
      querystring: ZPageNumberQuery,
      response: { 200: ZApiEnvelope(ZReferralsPage) },
    },
    preValidation: can('referral', 'manage_own'),
    handler: async (request) => {
      return { msg: 'OK', data: await listReferrals({ database: app.services.database, actor: request.actor, page: request.query.page }) };
    },
  });
});
