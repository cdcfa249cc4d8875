import { ZApiEnvelope, ZEmoneyStatement, ZPageNumberQuery } from '@nj/contracts';
import { listEmoneyEntries } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/emoney?page — the signed-in client's platform e-money: balance (MXN, the ledger's sum) and its
 * ledger entries, newest first, 20 a page. Only the session's own ledger. 401 for a visitor or anonymous client.
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/emoney', {
    schema: {
      tags: ['recompensas'],
      summary: 'Saldo y movimientos de dinero electrónico',
      querystring: ZPageNumberQuery,
      response: { 200: ZApiEnvelope(ZEmoneyStatement) },
    },
    preValidation: can('reward', 'manage_own'),
    handler: async (request) => {
      return { msg: 'OK', data: await listEmoneyEntries({ database: app.services.database, actor: request.actor, page: request.query.page }) };
    },
  });
});
