import { AppError, getClientView } from '@nj/core';
import { ACCOUNT_MESSAGES, COMMON_MESSAGES, ZApiEnvelope, ZClientSession } from '@nj/contracts';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/client/anonymous — the client of this browser, creating an anonymous one (and its session cookie)
 * when there is no session (spec 02 §4 "otherwise an anonymous client is created"; the spec leaves the path open).
 * Answers `{ client, settings }`.
 */
export default defineRoute((app) => {
  app.post('/api/v1/client/anonymous', {
    schema: { tags: ['cuentas'], summary: 'Crear o leer el cliente anónimo', response: { 200: ZApiEnvelope(ZClientSession) } },
    preValidation: can('account', 'session'),
    handler: async (request) => {
      const { cuid } = await request.ensureClient();
      const view = await getClientView({ database: app.services.database, cuid });
      if (!view) throw new AppError('UNAUTHORIZED', ACCOUNT_MESSAGES.noClientSession);
      return { msg: COMMON_MESSAGES.ok, data: view };
    },
  });
});
