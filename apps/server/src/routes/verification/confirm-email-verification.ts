import { z } from 'zod';
import { EMAIL_VERIFIED_FLAG } from '@nj/contracts';
import { confirmEmailVerification, VERIFY_EMAIL_PATH } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/verify-email?token= — the page the e-mailed link opens. Consumes the single-use token, sets
 * is_email_verified, and redirects (303) to `/cuenta?correo_verificado=1`; an unknown, used or expired token
 * redirects to `/cuenta?correo_verificado=0`. Needs no session (the link may open on another device).
 */
export default defineRoute((app) => {
  app.get(VERIFY_EMAIL_PATH, {
    schema: {
      tags: ['verificación'],
      summary: 'Enlace de verificación del correo (redirige a /cuenta)',
      querystring: z.object({ token: z.string().max(200).optional() }),
    },
    preValidation: can('client', 'confirm_email_link'),
    handler: async (request, reply) => {
      const ok = await confirmEmailVerification({ database: app.services.database, token: request.query.token ?? '', supportEmails: app.services.config.supportEmails });
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(`/cuenta?${EMAIL_VERIFIED_FLAG}=${ok ? '1' : '0'}`, 303);
    },
  });
});
