import { ZApiEnvelope, ZProfileParams, ZPublicProfile } from '@nj/contracts';
import { getPublicProfile } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/clients/{uid}/profile — a client's public profile for /perfil?u={uid} (spec 02 §2–§3; issue 11): public
 * to anyone, visitors included. Answers `{ msg, data: ZPublicProfile }`: nickname, photo URLs, bio, agent and
 * verification flags, `member_since` ('YYYY-MM'), rating `{ count, average (1 decimal, null without reviews), label }`
 * and up to 3 recent commented reviews (rating, label, comment, month; no author). Never e-mail or phone.
 * 400 'El identificador del perfil no es válido' for a malformed uid; 404 'No encontramos este perfil' for an unknown
 * or anonymous client.
 */
export default defineRoute((app) => {
  app.get('/api/v1/clients/:uid/profile', {
    schema: {
      tags: ['perfil'], summary: 'Perfil público de un cliente', params: ZProfileParams,
      response: { 200: ZApiEnvelope(ZPublicProfile) },
    },
    preValidation: can('profile', 'read_public'),
    handler: async (request) => ({
      msg: 'OK', data: await getPublicProfile(app.services.database, { actor: request.actor, uid: request.params.uid }),
    }),
  });
});
