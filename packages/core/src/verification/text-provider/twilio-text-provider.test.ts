import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listenLocally } from '../../testing/listen-locally.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTwilioTextProvider } from './twilio-text-provider.ts';
import { VERIFICATION_MESSAGES } from '@nj/contracts';
import { createTextProvider, readTextProviderSettings } from './create-text-provider.ts';

const SID = 'AC' + 'a'.repeat(32);
const TOKEN = 'secret-token';

/**
 * A local stand-in for api.twilio.com speaking the documented Messages protocol: POST
 * /2010-04-01/Accounts/{Sid}/Messages.json, basic auth, form-encoded To/From|MessagingServiceSid/Body; 201 with a
 * Message resource, or 4xx with Twilio's error JSON.
 */
type Seen = { method: string; url: string; auth: string | undefined; contentType: string | undefined; form: URLSearchParams };
let server: Server;
let base: string;
let stop: () => Promise<void>;
const seen: Seen[] = [];
let mode: 'ok' | 'error' | 'hang' = 'ok';

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const form = new URLSearchParams(await body(req));
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, contentType: req.headers['content-type'], form });
    const expectedAuth = 'Basic ' + Buffer.from(`${SID}:${TOKEN}`).toString('base64');
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== expectedAuth) {
      res.statusCode = 401;
      return res.end(JSON.stringify({ code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 }));
    }
    if (mode === 'hang') return; // never answers
    if (mode === 'error' || !/^(whatsapp:)?\+\d{8,15}$/.test(form.get('To') ?? '')) {
      res.statusCode = 400;
      return res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 }));
    }
    res.statusCode = 201;
    res.end(JSON.stringify({
      sid: 'SM' + 'b'.repeat(32), account_sid: SID, to: form.get('To'), from: form.get('From'), body: form.get('Body'),
      status: 'queued', direction: 'outbound-api', api_version: '2010-04-01', error_code: null, error_message: null,
    }));
  });
  ({ url: base, close: stop } = await listenLocally(server));
});
afterAll(async () => {
  await stop();
});
beforeEach(() => {
  seen.length = 0;
  mode = 'ok';
});

describe('Twilio Messages client against a local fake Twilio', () => {
  it('sends an SMS: form-encoded To/From/Body with basic auth to the Messages resource', async () => {
    const twilio = createTwilioTextProvider({ accountSid: SID, authToken: TOKEN, from: '+14155550100', baseUrl: base });
    const r = await twilio.send({ channel: 'sms', to: '+525512345678', text: 'Tu código es 123456', codes: ['123456'] });
    expect(r.id).toBe('SM' + 'b'.repeat(32));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `/2010-04-01/Accounts/${SID}/Messages.json`, contentType: 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({ To: '+525512345678', From: '+14155550100', Body: 'Tu código es 123456' });
  });
  it('sends WhatsApp with whatsapp: addresses, and a Messaging Service SID as MessagingServiceSid', async () => {
    const twilio = createTwilioTextProvider({ accountSid: SID, authToken: TOKEN, from: '+14155550100', baseUrl: base });
    await twilio.send({ channel: 'whatsapp', to: '+525512345678', text: 'hola', codes: [] });
    expect(seen[0]!.form.get('To')).toBe('whatsapp:+525512345678');
    expect(seen[0]!.form.get('From')).toBe('whatsapp:+14155550100');
    const service = createTwilioTextProvider({ accountSid: SID, authToken: TOKEN, from: 'MG' + 'c'.repeat(32), baseUrl: base });
    await service.send({ channel: 'sms', to: '+525512345678', text: 'hola', codes: [] });
    expect(seen[1]!.form.get('MessagingServiceSid')).toBe('MG' + 'c'.repeat(32));
    expect(seen[1]!.form.has('From')).toBe(false);
  });
  it('turns Twilio errors, bad credentials and timeouts into a Spanish UNAVAILABLE', async () => {
    const twilio = createTwilioTextProvider({ accountSid: SID, authToken: TOKEN, from: '+14155550100', baseUrl: base });
    mode = 'error';
    await expect(twilio.send({ channel: 'sms', to: '+525512345678', text: 'x', codes: [] }))
      .rejects.toMatchObject({ code: 'UNAVAILABLE', msg: 'No pudimos enviar el mensaje, inténtalo de nuevo' });
    mode = 'ok';
    const wrong = createTwilioTextProvider({ accountSid: SID, authToken: 'nope', from: '+14155550100', baseUrl: base });
    await expect(wrong.send({ channel: 'sms', to: '+525512345678', text: 'x', codes: [] })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    mode = 'hang';
    const slow = createTwilioTextProvider({ accountSid: SID, authToken: TOKEN, from: '+14155550100', baseUrl: base, timeoutMs: 200 });
    await expect(slow.send({ channel: 'sms', to: '+525512345678', text: 'x', codes: [] })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const down = createTwilioTextProvider({ accountSid: SID, authToken: TOKEN, from: '+14155550100', baseUrl: 'http://127.0.0.1:1' });
    await expect(down.send({ channel: 'sms', to: '+525512345678', text: 'x', codes: [] })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('readTextProviderSettings and createTextProvider (SMS_PROVIDER)', () => {
  const messaging = { database: {} as never, isProduction: false };
  it('defaults to the sandbox outside production and to Twilio in production', () => {
    expect(createTextProvider(readTextProviderSettings({}, false), messaging).name).toBe('sandbox');
    expect(() => readTextProviderSettings({ TWILIO_FROM: '+14155550100' }, true)).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => readTextProviderSettings({ SMS_PROVIDER: 'twilio' }, true)).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => readTextProviderSettings({ SMS_PROVIDER: 'sandbox' }, true)).toThrow(/production/);
  });
  it('builds Twilio from the TWILIO_* variables and names a missing one', () => {
    const env = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+14155550100' };
    expect(createTextProvider(readTextProviderSettings(env, false), messaging).name).toBe('twilio');
    expect(() => readTextProviderSettings({ ...env, TWILIO_FROM: '' }, false)).toThrow(/TWILIO_FROM/);
    expect(() => readTextProviderSettings({ SMS_PROVIDER: 'carrier-pigeon' }, false)).toThrow(/SMS_PROVIDER/);
  });
  it('production with no provider configured starts, and refuses each send in Spanish', async () => {
    const settings = readTextProviderSettings({}, true);
    expect(settings).toEqual({ provider: 'none' });
    const provider = createTextProvider(settings, { ...messaging, isProduction: true });
    await expect(provider.send({ channel: 'sms', to: '+525512345678', text: 'x', codes: [] }))
      .rejects.toMatchObject({ code: 'UNAVAILABLE', msg: VERIFICATION_MESSAGES.sendTextFailed });
  });
});
