import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, ZApiEnvelope } from '@nj/contracts';
import { endSession } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { clearSessionCookie } from './session-cookie.ts';
import { can } from '../../plugins/actor.ts';

/** POST /api/v1/logout (spec 02 §7) — ends this browser's session (row deleted, cookie cleared). Always 200. */
export default defineRoute((app) => {
  app.post('/api/v1/logout', {
    schema: { tags: ['cuentas'], summary: 'Cerrar sesión', response: { 200: ZApiEnvelope(z.null()) } },
    preValidation: can('account', 'session'),
    handler: async (request, reply) => {
      const session = await request.getSession();
      if (session?.idHash) await endSession({ database: app.services.database, idHash: session.idHash });
      clearSessionCookie(app, reply);
      return { msg: M.loggedOut, data: null };
    },
  });
});
