import { ZApiEnvelope, ZWelcomeReward } from '@nj/contracts';
import { getWelcomeReward } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/rewards/welcome — whether the signed-in client already received the welcome reward of 200 MXN
 * (spec 02 §2 modal 9, §9) and its e-money balance. Answers `{ msg, data: ZWelcomeReward }`; 401 for a visitor or
 * an anonymous client.
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/rewards/welcome', {
    schema: {
      tags: ['recompensas'],
      summary: 'Estado de la recompensa de bienvenida',
      response: { 200: ZApiEnvelope(ZWelcomeReward) },
    },
    preValidation: can('reward', 'manage_own'),
    handler: async (request) => {
      return { msg: 'OK', data: await getWelcomeReward({ database: app.services.database, actor: request.actor }) };
    },
  });
});
