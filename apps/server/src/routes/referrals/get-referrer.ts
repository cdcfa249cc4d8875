import { ZApiEnvelope, ZReferrerCard, ZReferrerParams } from '@nj/contracts';
import { getReferrer } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/ucode/{ucode} — who a referral link points to (spec 02 §7), for the /referido/{id} landing
 * before sign-in: public fields only (uid, ucode, nickname, profile_photo_name). 400 'El id es inválido', 404 when
 * no registered client has that ucode or id.
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/ucode/:ucode', {
    schema: {
      tags: ['referidos'],
      summary: 'Quién te invitó',
      params: ZReferrerParams,
      response: { 200: ZApiEnvelope(ZReferrerCard) },
    },
    preValidation: can('referral', 'lookup'),
    handler: async (request) => ({
      msg: 'OK', data: await getReferrer({ database: app.services.database, ucode: request.params.ucode }),
    }),
  });
});
