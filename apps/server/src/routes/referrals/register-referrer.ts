import { REFERRALS_MESSAGES, ZApiEnvelope, ZReferralRegistration, ZRegisterReferrerBody } from '@nj/contracts';
import { registerReferrer } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/client/ucode — body `{ ucode }`: registers who referred the signed-in client (spec 02 §2
 * /referido/{id}, §7). Answers '¡Felicidades! Ya formas parte del programa de referidos.' with the referrer's card;
 * 400 'El id es inválido' (not a single valid string), 400 for oneself, 404 unknown referrer, 409 already referred
 * by someone else, 401 for a visitor or anonymous client.
 */
export default defineRoute((app) => {
  app.post('/api/v1/client/ucode', {
    schema: {
      tags: ['referidos'],
      summary: 'Registrar a quien te invitó',
      body: ZRegisterReferrerBody,
      response: { 200: ZApiEnvelope(ZReferralRegistration) },
    },
    preValidation: can('referral', 'manage_own'),
    handler: async (request) => {
      const data = await registerReferrer({ database: app.services.database, actor: request.actor, id: request.body.ucode });
      return { msg: REFERRALS_MESSAGES.joined, data };
    },
  });
});
