import { LEADS_MESSAGES, ZApiEnvelope, ZLeadContact, ZLeadResult } from '@nj/contracts';
import { sendLead } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/leads/contact — a visitor writes to a listing's owner (spec 03 §7; issue 4 "Contact"): body
 * `{ puid, name, phone, email, message }`. Visitors allowed (the session's client, if any, is recorded). Stored,
 * counted as an inquiry and a lead, e-mailed to the owner. 400 per field in Spanish, 404 unknown or inactive
 * listing, 403 'Esta propiedad es un anuncio de referencia sin anunciante…' for a listing without an advertiser
 * account (issue 9 §4: nobody would read it), 429 over 10 an hour per IP. Answers `{ msg, data: { luid, emailed } }`.
 * A signed-in sender's message also joins their conversation with the owner (issue 11).
 */
export default defineRoute((app) => {
  app.post('/api/v1/leads/contact', {
    schema: {
      tags: ['contacto'],
      summary: 'Contactar al propietario de una propiedad',
      body: ZLeadContact,
      response: { 200: ZApiEnvelope(ZLeadResult) },
    },
    preValidation: can('lead', 'create'),
    handler: async (request) => {
      const session = await request.getSession();
      const { database, messaging, limiter, config, chatEvents } = app.services;
      const data = await sendLead({ database, messaging, limiter, publicUrl: config.publicUrl, events: chatEvents }, {
        ...request.body, senderCuid: session?.cuid ?? null, ip: request.clientKey, actor: await request.getActor(),
      });
      return { msg: data.emailed ? LEADS_MESSAGES.sent : LEADS_MESSAGES.sentNoOwner, data };
    },
  });
});
