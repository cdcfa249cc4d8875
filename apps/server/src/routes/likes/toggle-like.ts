import { z } from 'zod';
import { LIKES_MESSAGES, ZApiEnvelope, ZLikeState, ZLikeToggleQuery } from '@nj/contracts';
import { authorize, likePolicy, toggleLike } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * PUT /api/v1/properties/:id/like?cuid= — toggles the like of the signed-in client on listing `id` (uid 'p_…')
 * (spec 02 §7; spec 01 §4). The server acts for the session's client: a visitor or anonymous client gets 401
 * 'Es necesario iniciar sesión para continuar'; a `cuid` that is not the session's is refused 403; an unknown id
 * is 404. Answers `{ msg, data: { is_liked, likes } }`.
 */
export default defineRoute((app) => {
  app.put('/api/v1/properties/:id/like', {
    schema: {
      tags: ['favoritos'],
      summary: 'Marcar o desmarcar una propiedad como favorita',
      params: z.object({ id: z.string() }),
      querystring: ZLikeToggleQuery,
      response: { 200: ZApiEnvelope(ZLikeState) },
    },
    preValidation: can('like', 'toggle'),
    handler: async (request) => {
      if (request.query.cuid) authorize(request.actor, likePolicy, 'toggle', { cuid: request.query.cuid });
      const data = await toggleLike(app.services.database, { actor: request.actor, puid: request.params.id });
      return { msg: data.is_liked ? LIKES_MESSAGES.liked : LIKES_MESSAGES.unliked, data };
    },
  });
});
