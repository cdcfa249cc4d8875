import { REWARDS_MESSAGES, ZApiEnvelope, ZWelcomeReward } from '@nj/contracts';
import { claimWelcomeReward } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/client/rewards/welcome — the award modal's claim button (spec 02 §2 modal 9, §4 "Welcome reward"):
 * credits 200 MXN to the signed-in client's e-money ledger, once. A repeat answers 200 with is_new_credit false and
 * 'Ya habías recibido tus $200 mxn de bienvenida'. Answers `{ msg: 'Has recibido tus $200 mxn con éxito', data }`.
 */
export default defineRoute((app) => {
  app.post('/api/v1/client/rewards/welcome', {
    schema: {
      tags: ['recompensas'],
      summary: 'Recibir la recompensa de bienvenida',
      response: { 200: ZApiEnvelope(ZWelcomeReward) },
    },
    preValidation: can('reward', 'manage_own'),
    handler: async (request) => {
      const data = await claimWelcomeReward({ database: app.services.database, actor: request.actor });
      return { msg: data.is_new_credit ? REWARDS_MESSAGES.claimed : REWARDS_MESSAGES.alreadyClaimed, data };
    },
  });
});
