import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_NOTIFICATION_MESSAGES as N, RENTS_MESSAGES, ZContactResult, ZMessageList, ZSendResult, ZUnsubscribeResult } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { issueUnsubscribeToken } from '@nj/core/rents/notification-token';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { csrfFor } from '../../testing/test-browser.ts';

const t = useTestApp({}, { dataDirPrefix: 'nj-chat-files-' });
type Who = { token: string } | null;
let owner: { cuid: string; token: string };
let renter: { cuid: string; token: string };
let stranger: { cuid: string; token: string };
let ruid: string;

function call(who: Who, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method, url, payload: payload as never,
    cookies: { [CSRF_COOKIE]: csrfFor(t.app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
    headers: { 'x-csrf-token': csrfFor(t.app, who?.token), ...headers },
  });
}
function upload(who: Who, file: Buffer, filename: string, options: { field?: string; clientMessageId?: string; to?: string } = {}) {
  const boundary = '----nj' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    ...(options.clientMessageId ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="client_message_id"\r\n\r\n${options.clientMessageId}\r\n`)] : []),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call(who, 'POST', `/api/v1/messages/${options.to ?? ruid}/attachment`, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  owner = await createTestClientSession(t.database);
  renter = await createTestClientSession(t.database);
  stranger = await createTestClientSession(t.database);
  const [{ puid }] = await insertTestProperties(t.database, [{ lat: 18.77, lng: -110.98, owner_cuid: owner.cuid, title: 'Loft en Socorro' }]) as unknown as [{ puid: string }];
  ruid = ZContactResult.parse((await call(renter, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data).ruid;
});

describe('chat attachments over HTTP (issue 11)', () => {
  it('stores a PNG and a PDF for the conversation, publishes them as messages, serves them only to the two parties', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const sent = await upload(renter, png, 'plano.jpg', { clientMessageId: 'adj-1' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().msg).toBe(N.attachmentSent);
    const { message, duplicate } = ZSendResult.parse(sent.json().data);
    expect(duplicate).toBe(false);
    expect(message).toMatchObject({ cat: 'attachment', to_cuid: owner.cuid, text: 'plano.jpg', client_message_id: 'adj-1' });
    expect(message.attachment).toMatchObject({ name: 'plano.jpg', mime: 'image/png', size: png.length });
    const key = String(message.attachment!.key);
    expect(key).toMatch(new RegExp(`^chat/${ruid}/[a-f0-9]+\\.png$`));

    // A resend with the same client id stores nothing new.
    const again = ZSendResult.parse((await upload(renter, png, 'plano.jpg', { clientMessageId: 'adj-1' })).json().data);
    expect(again).toMatchObject({ duplicate: true, message: { muid: message.muid } });

    const pdf = ZSendResult.parse((await upload(owner, PDF, '../../contrato final.pdf')).json().data).message;
    expect(pdf.attachment).toMatchObject({ name: 'contrato final.pdf', mime: 'application/pdf', size: PDF.length });

    const url = `/api/v1/messages/${ruid}/attachment/${message.muid}`;
    for (const who of [owner, renter]) {
      const got = await call(who, 'GET', url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.equals(png)).toBe(true);
    }
    const pdfGot = await call(owner, 'GET', `/api/v1/messages/${ruid}/attachment/${pdf.muid}`);
    expect(pdfGot.headers['content-disposition']).toMatch(/^attachment; filename="contrato final.pdf"/);
    expect(pdfGot.rawPayload.equals(PDF)).toBe(true);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    // Never through the public media URL.
    expect((await call(renter, 'GET', `/media/${key}`)).statusCode).toBe(404);
    // A message of the conversation without a file, and a muid of another shape.
    const text = ZMessageList.parse((await call(renter, 'GET', `/api/v1/messages/${ruid}`)).json().data).messages.find((m) => m.cat === 'msg')!;
    expect((await call(renter, 'GET', `/api/v1/messages/${ruid}/attachment/${text.muid}`)).json()).toMatchObject({ msg: N.attachmentNotFound });
    expect((await call(renter, 'GET', `/api/v1/messages/${ruid}/attachment/..%2f..`)).statusCode).toBe(400);
    const listed = ZMessageList.parse((await call(owner, 'GET', `/api/v1/messages/${ruid}`)).json().data).messages;
    expect(listed.filter((m) => m.cat === 'attachment').map((m) => m.muid)).toEqual([message.muid, pdf.muid]);
  });

  it('refuses strangers, visitors, wrong content, damaged PDFs, missing files and files over 50 MB, in Spanish', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await upload(null, png, 'a.png')).statusCode).toBe(401);
    expect((await upload(stranger, png, 'a.png')).statusCode).toBe(404);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const wrong = await upload(renter, gif, 'foto.png');
    expect([wrong.statusCode, wrong.json().msg]).toEqual([415, N.attachmentType]);
    const html = await upload(renter, Buffer.from('<html><script>alert(1)</script></html>'), 'doc.pdf');
    expect([html.statusCode, html.json().msg]).toEqual([415, N.attachmentType]);
    const truncated = await upload(renter, Buffer.from('%PDF-1.7\n1 0 obj << >>'), 'roto.pdf');
    expect([truncated.statusCode, truncated.json().msg]).toEqual([400, N.attachmentUnreadable]);
    const damaged = await upload(renter, Buffer.concat([png.subarray(0, 30)]), 'roto.png');
    expect([damaged.statusCode, damaged.json().msg]).toEqual([400, N.attachmentUnreadable]);
    const wrongField = await upload(renter, png, 'a.png', { field: 'foto' });
    expect([wrongField.statusCode, wrongField.json().msg]).toEqual([400, N.attachmentMissing]);
    const empty = await upload(renter, Buffer.alloc(0), 'vacio.pdf');
    expect([empty.statusCode, empty.json().msg]).toEqual([400, N.attachmentMissing]);
    const json = await call(renter, 'POST', `/api/v1/messages/${ruid}/attachment`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(50 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const tooBig = await upload(renter, big, 'grande.pdf');
    expect([tooBig.statusCode, tooBig.json().msg]).toEqual([413, N.attachmentTooLarge]);
    const noBoundary = await call(renter, 'POST', `/api/v1/messages/${ruid}/attachment`, 'x', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.statusCode).toBe(400);
    // Nothing of the refused uploads was stored as a message.
    const files = ZMessageList.parse((await call(renter, 'GET', `/api/v1/messages/${ruid}`)).json().data).messages.filter((m) => m.cat === 'attachment');
    expect(files.map((m) => m.text)).toEqual(['plano.jpg', 'contrato final.pdf']);
  });

  it('a closed conversation refuses files', async () => {
    const other = await createTestClientSession(t.database);
    const [{ puid }] = await insertTestProperties(t.database, [{ lat: 18.76, lng: -110.99, owner_cuid: owner.cuid }]) as unknown as [{ puid: string }];
    const closed = ZContactResult.parse((await call(other, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data).ruid;
    await call(owner, 'POST', `/api/v1/rents/${closed}/discard`, { reason: 'Ya se rentó la propiedad, gracias por tu interés' });
    const res = await upload(other, PDF, 'a.pdf', { to: closed });
    expect([res.statusCode, res.json().msg]).toEqual([409, RENTS_MESSAGES.conversationClosed]);
  });
});

describe('unsubscribe link of chat notifications (issue 11)', () => {
  it('GET shows the conversation without changing anything; POST with the token (no CSRF token needed) turns it off', async () => {
    const token = issueUnsubscribeToken({ secret: 't'.repeat(40), ruid, cuid: owner.cuid });
    const url = `/api/v1/notifications/chat/unsubscribe?token=${encodeURIComponent(token)}`;
    const shown = await t.app.inject({ method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ msg: N.unsubscribeAsk('Loft en Socorro'), data: { ruid, title: 'Loft en Socorro', muted: false } });
    expect((await t.app.inject({ method: 'GET', url })).json().data.muted).toBe(false);
    const done = await t.app.inject({ method: 'POST', url });
    expect(done.statusCode).toBe(200);
    expect(done.json().msg).toBe(N.unsubscribeDone('Loft en Socorro'));
    expect(ZUnsubscribeResult.parse(done.json().data).muted).toBe(true);
    const byBody = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/chat/unsubscribe', payload: { token } });
    expect(byBody.json().data.muted).toBe(true);
    // RFC 8058 one-click from a mail client: a form body, the token in the URL.
    const oneClick = await t.app.inject({ method: 'POST', url, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([oneClick.statusCode, oneClick.json().data.muted]).toEqual([200, true]);
    const muted = await t.database.db.selectFrom('chat_notifications').select('muted_at').where('ruid', '=', ruid).where('cuid', '=', owner.cuid).executeTakeFirst();
    expect(muted?.muted_at).toBeTruthy();
    // The renter's notifications of the same conversation are untouched.
    expect(await t.database.db.selectFrom('chat_notifications').select('muted_at').where('ruid', '=', ruid).where('cuid', '=', renter.cuid).where('muted_at', 'is not', null).executeTakeFirst()).toBeUndefined();
  });

  it('a forged, malformed or missing token is a Spanish 400', async () => {
    const forged = issueUnsubscribeToken({ secret: 'otro-secreto', ruid, cuid: owner.cuid });
    for (const [method, url] of [
      ['GET', `/api/v1/notifications/chat/unsubscribe?token=${encodeURIComponent(forged)}`],
      ['POST', `/api/v1/notifications/chat/unsubscribe?token=${encodeURIComponent(forged)}`],
      ['GET', '/api/v1/notifications/chat/unsubscribe?token=abc'],
      ['GET', '/api/v1/notifications/chat/unsubscribe'],
      ['POST', '/api/v1/notifications/chat/unsubscribe'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect([res.statusCode, res.json().msg]).toEqual([400, N.unsubscribeInvalid]);
    }
  });
});
