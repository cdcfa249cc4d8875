import type { FastifyReply } from 'fastify';
import { VERIFICATION_MESSAGES as M, type TPhoneVerificationData } from '@nj/contracts';

/**
 * HTTP status and Spanish msg of a phone verification status. 'sent' and 'verified' are 200; a wrong or expired
 * code 400 and 'contact-us' 403 — with `data` still carrying `{ status, attempts_left, … }` so the browser can
 * switch to the contact-us step (spec 02 §4).
 */
export function sendPhoneAnswer(reply: FastifyReply, data: TPhoneVerificationData, context: 'send' | 'check', resent = false) {
  const [status, msg] = ((): [number, string] => {
    switch (data.status) {
      case 'sent': return [200, resent ? M.resent : M.codeSent];
      case 'verified': return [200, context === 'check' ? M.codeValidated : M.phoneAlreadyVerified];
      case 'invalid': return [400, M.codeWrong];
      case 'expired': return [400, M.codeExpired];
      case 'contact-us': return [403, M.tooManyAttempts];
    }
  })();
  return reply.code(status).send({ msg, data });
}
