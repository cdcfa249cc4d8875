import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_NOTIFICATION_MESSAGES as N, COMMON_MESSAGES, TICKET_MESSAGES as M, ZTicket, ZTicketChatList, ZTicketCreated, ZTicketList,
  ZTicketMessageList, ZTicketSendResult,
} from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { callAs, type TestCaller } from '../../testing/call-as.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { useTestApp } from '../../testing/test-app.ts';

const t = useTestApp({}, { dataDirPrefix: 'nj-tickets-' });
let author: { cuid: string; token: string };
let other: { cuid: string; token: string };
let support: { cuid: string; token: string };
let puid: string;
let png: Buffer;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A multipart POST with text fields and any number of files (field `files`). */
function postForm(who: TestCaller, url: string, fields: Record<string, string>, files: Array<{ bytes: Buffer; name: string }> = []) {
  const boundary = `----nj${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    ...files.flatMap((f) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      f.bytes, Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST', url, payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': csrfFor(t.app, who?.token) },
    cookies: { [CSRF_COOKIE]: csrfFor(t.app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
  });
}
const call = (who: TestCaller, method: 'GET' | 'POST', url: string, payload?: unknown) => callAs(t.app, who, method, url, payload);
const form = { title: 'No puedo ver mi pago', category: 'AY', description: 'Pagué ayer y no aparece' };

beforeAll(async () => {
  author = await createTestClientSession(t.database);
  other = await createTestClientSession(t.database);
  support = await createTestClientSession(t.database);
  await t.database.db.updateTable('clients').set({ privileges: ['support'] } as never).where('cuid', '=', support.cuid).execute();
  [{ puid }] = await insertTestProperties(t.database, [{ lat: 18.7, lng: -110.9, title: 'Casa en Socorro' }]) as unknown as [{ puid: string }];
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
});

describe('POST /api/v1/tickets (issue 14; spec 02 §5, §7)', () => {
  it('creates an LP ticket with two images about a listing; the author reads it, its chat and its files', async () => {
    const res = await postForm(author, '/api/v1/tickets', { ...form, category: 'LP', puid }, [{ bytes: png, name: 'escritura.png' }, { bytes: PDF, name: 'predial.pdf' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(M.created);
    const { ticket, messages } = ZTicketCreated.parse(res.json().data);
    expect(ticket).toMatchObject({ category: 'LP', categoryName: 'Verificación de propietario legítimo', status: 'sent', statusLabel: 'Enviado', puid, listingTitle: 'Casa en Socorro' });
    expect(messages.map((m) => m.attachment?.type)).toEqual(['image/png', 'application/pdf']);

    const list = ZTicketList.parse((await call(author, 'GET', '/api/v1/tickets?page=1')).json().data);
    expect(list.tickets[0]!.tuid).toBe(ticket.tuid);
    expect(ZTicket.parse((await call(author, 'GET', `/api/v1/tickets/${ticket.tuid}`)).json().data).title).toBe(form.title);
    const chat = ZTicketMessageList.parse((await call(author, 'GET', `/api/v1/tickets/chats/${ticket.tuid}`)).json().data);
    expect(chat.messages).toHaveLength(2);
    const file = await call(author, 'GET', messages[0]!.attachment!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(png)).toBe(true);
    const pdf = await call(author, 'GET', messages[1]!.attachment!.url);
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment;/);
    // Never through the public media URL.
    expect((await call(author, 'GET', `/media/tickets/${ticket.tuid}/x.png`)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('refuses bad input with the spec texts, 11 files, other content; visitors 401', async () => {
    const refused = async (fields: Record<string, string>, files: Array<{ bytes: Buffer; name: string }> = []) => {
      const res = await postForm(author, '/api/v1/tickets', fields, files);
      return { status: res.statusCode, msg: res.json().msg as string };
    };
    expect(await refused({ ...form, title: '  ' })).toEqual({ status: 400, msg: M.titleRequired });
    expect(await refused({ ...form, description: '' })).toEqual({ status: 400, msg: M.descriptionRequired });
    expect(await refused({ ...form, category: '' })).toEqual({ status: 400, msg: M.categoryRequired });
    expect(await refused({ ...form, category: 'FE' })).toEqual({ status: 400, msg: M.dateRequired });
    expect(await refused(form, Array.from({ length: 11 }, () => ({ bytes: png, name: 'a.png' })))).toEqual({ status: 400, msg: M.tooManyFiles });
    expect(await refused(form, [{ bytes: Buffer.from('<html>hola</html>'), name: 'a.png' }])).toEqual({ status: 415, msg: N.attachmentType });
    expect(await refused({ ...form, ruid: 'r_ajena' })).toEqual({ status: 400, msg: M.rentInvalid });
    const visitor = await postForm(null, '/api/v1/tickets', form);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().msg).toBe(COMMON_MESSAGES.loginRequired);
    // 5,000 characters of accents and emoji (up to 4 bytes each) arrive whole; a longer field is refused, never cut.
    const long = 'ñ😀'.repeat(2500);
    const whole = await postForm(author, '/api/v1/tickets', { title: 'Sin categoría: la de siempre', description: long });
    expect(whole.statusCode).toBe(200);
    expect(ZTicketCreated.parse(whole.json().data).ticket).toMatchObject({ category: 'AY', description: long });
    expect(await refused({ ...form, description: 'x'.repeat(30_000) })).toEqual({ status: 400, msg: M.fieldTooLong });
    const json = await call(author, 'POST', '/api/v1/tickets', form);
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toBe(M.createFailed);
  });
});

describe('ticket conversation over HTTP', () => {
  it('another client gets 404, a malformed id 400; support replies as staff; the author answers with JSON and files', async () => {
    const { ticket } = ZTicketCreated.parse((await postForm(author, '/api/v1/tickets', form)).json().data);
    for (const url of [`/api/v1/tickets/${ticket.tuid}`, `/api/v1/tickets/chats/${ticket.tuid}`]) {
      expect((await call(other, 'GET', url)).statusCode).toBe(404);
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
    expect((await call(other, 'POST', `/api/v1/tickets/${ticket.tuid}/message`, { text: 'hola' })).statusCode).toBe(404);
    const bad = await call(author, 'GET', '/api/v1/tickets/mal%20id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(M.invalidTicketId);
    // Static paths of other features are not taken by {tuid}.
    expect((await call(author, 'GET', '/api/v1/tickets/chats')).statusCode).toBe(200);

    const reply = await call(support, 'POST', `/api/v1/tickets/${ticket.tuid}/message`, { text: 'Hola, lo revisamos', client_message_id: 'sup-1' });
    expect(reply.statusCode).toBe(200);
    expect(ZTicketSendResult.parse(reply.json().data).messages[0]).toMatchObject({ from_staff: true, from_cuid: null });
    const chats = ZTicketChatList.parse((await call(author, 'GET', `/api/v1/tickets/chats?tuid=${ticket.tuid}&only_active=true`)).json().data);
    expect(chats.chats[0]).toMatchObject({ unread: 1, last: { text: 'Hola, lo revisamos' } });

    const first = ZTicketMessageList.parse((await call(author, 'GET', `/api/v1/tickets/chats/${ticket.tuid}`)).json().data);
    const answer = await postForm(author, `/api/v1/tickets/${ticket.tuid}/message`, { text: 'Aquí está', client_message_id: 'a-1' }, [{ bytes: png, name: 'recibo.png' }]);
    expect(answer.statusCode).toBe(200);
    const again = await postForm(author, `/api/v1/tickets/${ticket.tuid}/message`, { text: 'Aquí está', client_message_id: 'a-1' }, [{ bytes: png, name: 'recibo.png' }]);
    expect(ZTicketSendResult.parse(again.json().data).duplicate).toBe(true);
    const later = ZTicketMessageList.parse((await call(author, 'GET', `/api/v1/tickets/chats/${ticket.tuid}?last=${first.messages.at(-1)!.muid}`)).json().data);
    expect(later.messages.map((m) => m.cat)).toEqual(['msg', 'attachment']);
    // The support user reads the author's file; another client does not.
    const url = later.messages[1]!.attachment!.url;
    expect((await call(support, 'GET', url)).statusCode).toBe(200);
    expect((await call(other, 'GET', url)).statusCode).toBe(404);

    const empty = await call(author, 'POST', `/api/v1/tickets/${ticket.tuid}/message`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(M.messageEmpty);
  });
});
