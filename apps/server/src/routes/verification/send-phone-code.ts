import { z } from 'zod';
import { ZApiEnvelope, ZPhoneVerificationData, ZSendPhoneCodeQuery } from '@nj/contracts';
import { sendPhoneCode } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { verificationDeps } from './verification-services.ts';
import { requireOwnClient } from './own-client.ts';
import { sendPhoneAnswer } from './phone-answer.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/{id}/send-contact-confirmation/phone?phone_number&phone_country_code[&channel=sms] — sends a
 * 6-digit code by WhatsApp (or SMS) to the number, normalised (Mexico +52 by default; +521 accepted) (spec 02 §7).
 * 200 'Te enviamos un código de 6 dígitos' (a later send: 'Mensaje reenviado'); 400 with the spec's phone texts;
 * 429 before 30 s; 403 'Ya has tenido muchos intentos…' with data.status 'contact-us'. Own id only.
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/:id/send-contact-confirmation/phone', {
    schema: {
      tags: ['verificación'],
      summary: 'Enviar el código de verificación al teléfono',
      params: z.object({ id: z.string().min(1).max(100) }),
      querystring: ZSendPhoneCodeQuery,
      response: { 200: ZApiEnvelope(ZPhoneVerificationData) },
    },
    preValidation: can('client', 'verify_contact'),
    handler: async (request, reply) => {
      requireOwnClient(request, request.params.id);
      const data = await sendPhoneCode(verificationDeps(app), {
        actor: request.actor, phoneNumber: request.query.phone_number, phoneCountryCode: request.query.phone_country_code,
        channel: request.query.channel, ip: request.clientKey,
      });
      return sendPhoneAnswer(reply, data, 'send', data.status === 'sent' && request.query.channel === 'sms');
    },
  });
});
