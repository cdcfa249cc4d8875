import { COMMON_MESSAGES, ZApiEnvelope, ZClientSession } from '@nj/contracts';
import { getClientView } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/client/session (spec 02 §7) — the current client and settings (an anonymous client too, with
 * is_anonymous true); `{ client: null, settings: null }` with 200 when there is no session. Never creates one.
 */
export default defineRoute((app) => {
  app.post('/api/v1/client/session', {
    schema: { tags: ['cuentas'], summary: 'Cliente de la sesión actual', response: { 200: ZApiEnvelope(ZClientSession) } },
    preValidation: can('account', 'session'),
    handler: async (request) => {
      const session = await request.getSession();
      const view = session ? await getClientView({ database: app.services.database, cuid: session.cuid }) : null;
      return { msg: COMMON_MESSAGES.ok, data: view ?? { client: null, settings: null } };
    },
  });
});
