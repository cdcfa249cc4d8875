import { ACCOUNT_MESSAGES as M, COMMON_MESSAGES, ZApiEnvelope, ZClientSession, ZClientUpdateBody } from '@nj/contracts';
import { AppError, getClientView, ownClient, updateClient, type TClientView } from '@nj/core';
import type { FastifyRequest } from 'fastify';
import { defineRoute } from '../define-route.ts';
import { accountDeps } from './session-cookie.ts';
import { can } from '../../plugins/actor.ts';

async function ownView(request: FastifyRequest, database: Parameters<typeof getClientView>[0]['database']): Promise<TClientView> {
  const cuid = ownClient(request.actor, 'read_own');
  const view = await getClientView({ database, cuid });
  if (!view) throw new AppError('UNAUTHORIZED', COMMON_MESSAGES.loginRequired);
  return view;
}

/**
 * GET /api/v1/client — the signed-in client's own profile `{ client, settings }` (spec 02 §7).
 * POST and PUT /api/v1/client — change one key by `{ key, value, old_password? }` (nickname, bio, password; the
 * password needs old_password). Always the session's client: a `cuid`/`uid` in the body naming another client is
 * refused with 403. Answers 'Información actualizada con éxito' and the updated `{ client, settings }`.
 */
export default defineRoute((app) => {
  app.get('/api/v1/client', {
    schema: { tags: ['cuentas'], summary: 'Mi perfil', response: { 200: ZApiEnvelope(ZClientSession) } },
    preValidation: can('client', 'read_own'),
    handler: async (request) => ({ msg: COMMON_MESSAGES.ok, data: await ownView(request, app.services.database) }),
  });
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/v1/client',
      schema: {
        tags: ['cuentas'],
        summary: 'Actualizar un dato de mi perfil',
        body: ZClientUpdateBody,
        response: { 200: ZApiEnvelope(ZClientSession) },
      },
      preValidation: can('client', 'update_own'),
      handler: async (request) => {
        for (const named of [request.body.cuid, request.body.uid]) if (named) ownClient(request.actor, 'update_own', named);
        const session = await request.getSession();
        await updateClient(accountDeps(app), {
          actor: request.actor, key: request.body.key, value: request.body.value, oldPassword: request.body.old_password,
          currentIdHash: session?.idHash,
        });
        return { msg: M.updated, data: await ownView(request, app.services.database) };
      },
    });
  }
});
