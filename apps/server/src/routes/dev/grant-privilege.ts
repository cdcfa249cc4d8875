import { z } from 'zod';
import { COMMON_MESSAGES, ZApiEnvelope } from '@nj/contracts';
import { AppError } from '@nj/core';
import { changePrivilege } from '@nj/core/accounts/change-privilege';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { isLocalRequest } from './get-outbox.ts';

/** The only privileges this development route grants (the stories need association_admin; support and staff never). */
export const DEV_GRANTABLE_PRIVILEGES = ['association_admin'] as const;
const ZGrantBody = z.object({ email: z.string({ error: COMMON_MESSAGES.invalidRequest }).max(254, { error: COMMON_MESSAGES.invalidRequest }), privilege: z.enum(DEV_GRANTABLE_PRIVILEGES, { error: COMMON_MESSAGES.invalidRequest }) });

/**
 * POST /api/dev/privileges `{ email, privilege }` — development and end-to-end stories only: grants a privilege as
 * `npm run privileges -- grant` does (recorded in privilege_grants by 'dev'), for a server whose embedded database the
 * command cannot open while it runs (issue 15's association story grants association_admin). It is registered only
 * with DEV_OUTBOX=1 outside production (elsewhere the route does not exist) and answers only requests from this
 * machine (else the Spanish 404 of an unknown route). It grants only DEV_GRANTABLE_PRIVILEGES (association_admin):
 * any other privilege is a Spanish 400; an unknown account a Spanish 404.
 */
export default defineRoute((app) => {
  if (!app.services.config.devOutbox || app.services.config.isProduction) return;
  app.post('/api/dev/privileges', {
    schema: { tags: ['desarrollo'], summary: 'Otorgar un privilegio (solo desarrollo)', body: ZGrantBody, response: { 200: ZApiEnvelope(z.object({ privileges: z.array(z.string()) })) } },
    preValidation: can('system', 'dev_outbox'),
    handler: async (request) => {
      const { devOutbox, isProduction } = app.services.config;
      if (!devOutbox || isProduction || !isLocalRequest(request)) throw new AppError('NOT_FOUND', COMMON_MESSAGES.routeNotFound);
      const result = await changePrivilege(app.services.database, { ...request.body, action: 'grant', by: 'dev' });
      return { msg: COMMON_MESSAGES.ok, data: { privileges: result.privileges } };
    },
  });
});
