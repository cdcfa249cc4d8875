import { VERIFICATION_MESSAGES } from '@nj/contracts';
import { AppError } from '../../errors/app-error.ts';
import type { TextMessageProvider } from './text-message-provider.ts';

export type TwilioConfig = {
  /** TWILIO_ACCOUNT_SID (AC…). */
  accountSid: string;
  /** TWILIO_AUTH_TOKEN. */
  authToken: string;
  /**
   * TWILIO_FROM: the sender — an E.164 number enabled for SMS and WhatsApp (+1415…), or a Messaging Service SID
   * (MG…), sent as MessagingServiceSid instead of From.
   */
  from: string;
  /** API origin; default https://api.twilio.com (tests point it at a local fake server). */
  baseUrl?: string;
  /** Request timeout, ms; default 10 000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * A client of Twilio's Programmable Messaging REST API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * form-encoded `To`, `From` (or `MessagingServiceSid`) and `Body`, HTTP basic auth AccountSid:AuthToken; 201 with
 * the Message resource (`sid`, `status`); errors as JSON `{ code, message, more_info, status }`. WhatsApp uses the
 * same call with `whatsapp:`-prefixed addresses. Docs: https://www.twilio.com/docs/messaging/api/message-resource
 * Throws AppError UNAVAILABLE 'No pudimos enviar el mensaje, inténtalo de nuevo' on any refusal, timeout or
 * network error (the Twilio code is logged, never shown).
 */
export function createTwilioTextProvider(config: TwilioConfig): TextMessageProvider {
  const base = (config.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = 'Basic ' + Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  const doFetch = config.fetch ?? fetch;
  return {
    name: 'twilio',
    async send(message) {
      const prefix = message.channel === 'whatsapp' ? 'whatsapp:' : '';
      const form = new URLSearchParams({ To: prefix + message.to, Body: message.text });
      if (/^MG[0-9a-f]{32}$/i.test(config.from)) form.set('MessagingServiceSid', config.from);
      else form.set('From', prefix + config.from);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (error) {
        console.error('twilio: request failed', error instanceof Error ? error.message : error);
        throw new AppError('UNAVAILABLE', VERIFICATION_MESSAGES.sendTextFailed);
      }
      const body = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown; message?: unknown } | null;
      if (response.status !== 201 && response.status !== 200) {
        console.error(`twilio: HTTP ${response.status} code ${String(body?.code)}: ${String(body?.message)}`);
        throw new AppError('UNAVAILABLE', VERIFICATION_MESSAGES.sendTextFailed);
      }
      if (typeof body?.sid !== 'string') {
        console.error('twilio: answer without a message sid');
        throw new AppError('UNAVAILABLE', VERIFICATION_MESSAGES.sendTextFailed);
      }
      return { id: body.sid };
    },
  };
}
