import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { CHAT_NOTIFICATION_MESSAGES as N } from '@nj/contracts';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { createDatabaseRateLimiter } from '../accounts/rate-limiter.ts';
import { VISITOR, registeredActor } from '../policies/actor.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { runDueJobs, type JobHandlers } from '../jobs/job-worker.ts';
import { EMAIL_JOB, emailJob } from '../messaging/send-email.ts';
import { TEXT_JOB, textJob } from '../messaging/send-text-message.ts';
import { NOTIFICATION_TEXT_JOB, notificationTextJob } from '../messaging/send-notification-text.ts';
import { outboxRepository } from '../messaging/outbox-repository.ts';
import { createSandboxTextProvider } from '../verification/text-provider/sandbox-text-provider.ts';
import { ChatEvents } from './chat-events.ts';
import { chatPresence } from './chat-presence.ts';
import { contactListing } from './contact-listing.ts';
import { markSeen } from './mark-seen.ts';
import { sendMessage } from './send-message.ts';
import { CHAT_NOTIFY_DELAY_MS, CHAT_NOTIFY_JOB, chatNotifyJob, shortenText } from './notify-new-message.ts';
import { issueUnsubscribeToken, readUnsubscribeToken } from './notification-token.ts';
import { readChatUnsubscribe, unsubscribeChatNotifications } from './unsubscribe-chat-notifications.ts';
import { cleanAttachmentName, sendAttachment } from './send-attachment.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let database: Database;
let owner: string; let listing: string;
const events = new ChatEvents();
const SECRET = 'secreto-de-pruebas';
const PUBLIC_URL = 'https://nj.example';
const deps = () => ({ database, events, limiter: createDatabaseRateLimiter(database) });
let clock = new Date();
const handlers = (): JobHandlers => {
  const messaging = { database, smtpUrl: undefined, isProduction: false, from: undefined };
  return {
    [CHAT_NOTIFY_JOB]: chatNotifyJob({ database, messaging, publicUrl: PUBLIC_URL, secret: SECRET, now: () => clock }),
    [EMAIL_JOB]: emailJob(messaging),
    [TEXT_JOB]: textJob(messaging),
    [NOTIFICATION_TEXT_JOB]: notificationTextJob(createSandboxTextProvider(messaging)),
  };
};
/** Runs the notification jobs now (their run_at moved to the present) and what they enqueue. */
async function runNotifications(): Promise<void> {
  await sql`UPDATE jobs SET run_at = now() WHERE name = ${CHAT_NOTIFY_JOB} AND state = 'queued'`.execute(database.db);
  await runDueJobs(database, handlers(), [CHAT_NOTIFY_JOB, EMAIL_JOB, NOTIFICATION_TEXT_JOB, TEXT_JOB]);
}
const outboxOf = (to: string) => outboxRepository.list(database, { to, limit: 50 });
let n = 0;
async function client(options: { nickname?: string; phone?: boolean } = {}) {
  const cuid = (await createTestClientSession(database)).cuid;
  const email = `persona${++n}@example.com`;
  await database.db.updateTable('clients').set({
    email, nickname: options.nickname ?? null, is_email_verified: true,
    ...(options.phone ? { phone_number: `33 1234 ${String(5600 + n).padStart(4, '0')}`, phone_country_code: '+52', is_phone_verified: true } : {}),
  }).where('cuid', '=', cuid).execute();
  return { cuid, email };
}

beforeAll(async () => {
  database = await openTestDatabase();
  owner = (await client({ nickname: 'Olga', phone: true })).cuid;
  [{ puid: listing }] = await insertTestProperties(database, [{ lat: 20.67, lng: -103.35, owner_cuid: owner, title: 'Depa en Providencia' }]) as unknown as [{ puid: string }];
});
const mediaDir = mkdtempSync(join(tmpdir(), 'nj-chat-notify-'));
afterAll(async () => {
  await database?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** The notification jobs of conversation `ruid` to receiver `cuid` (dedupe key `{ruid}:{cuid}:{minute}`). */
const notifyJobs = (ruid: string, cuid: string) => database.db.selectFrom('jobs').select(['run_at', 'key', 'created_at', 'payload'])
  .where('name', '=', CHAT_NOTIFY_JOB).where('key', 'like', `${ruid}:${cuid}:%`).execute();

describe('offline notification of a new chat message (issue 11)', () => {
  it('a message to a receiver without a chat socket enqueues one job a minute later; a connected receiver gets none', async () => {
    const renter = await client({ nickname: 'Rita' });
    const { rent, message } = await contactListing(deps(), { actor: registeredActor(renter.cuid), puid: listing, text: 'Hola, ¿sigue disponible?' });
    const [job, ...more] = await notifyJobs(rent.ruid, owner);
    expect(more).toEqual([]);
    expect(job!.payload).toEqual({ ruid: rent.ruid, cuid: owner });
    expect(new Date(job!.run_at).getTime() - new Date(job!.created_at).getTime()).toBeGreaterThanOrEqual(CHAT_NOTIFY_DELAY_MS - 1000);
    // More messages in the same minute add no job: the one job tells about the newest unseen message.
    await sendMessage(deps(), { actor: registeredActor(renter.cuid), ruid: rent.ruid, text: '¿Y el precio?' });
    chatPresence(events).forgetNotifying();
    await sendMessage(deps(), { actor: registeredActor(renter.cuid), ruid: rent.ruid, text: '¿Aceptan mascotas?' });
    expect(await notifyJobs(rent.ruid, owner)).toHaveLength(1);
    expect(message.to_cuid).toBe(owner);

    chatPresence(events).connected(renter.cuid);
    await sendMessage(deps(), { actor: registeredActor(owner), ruid: rent.ruid, text: 'Sí, claro' });
    expect(await notifyJobs(rent.ruid, renter.cuid)).toEqual([]);
    chatPresence(events).disconnected(renter.cuid);
    await sendMessage(deps(), { actor: registeredActor(owner), ruid: rent.ruid, text: '¿Cuándo quieres verlo?' });
    expect(await notifyJobs(rent.ruid, renter.cuid)).toHaveLength(1);
  });

  it('e-mails the receiver (sender, listing, shortened text, chat button, unsubscribe link) and texts a verified phone; at most once per 15 minutes', async () => {
    const renter = await client({ nickname: 'Rita' });
    const long = `Me interesa mucho ${'la terraza '.repeat(40)}fin`;
    const { rent } = await contactListing(deps(), { actor: registeredActor(renter.cuid), puid: listing, text: long });
    const ownerEmail = (await database.db.selectFrom('clients').select('email').where('cuid', '=', owner).executeTakeFirstOrThrow()).email!;
    const before = (await outboxOf(ownerEmail)).length;
    clock = new Date('2026-12-01T10:00:00Z');
    // The notification job first, to read the e-mail job it enqueued (a done job's payload is emptied).
    await sql`UPDATE jobs SET run_at = now() WHERE name = ${CHAT_NOTIFY_JOB} AND state = 'queued'`.execute(database.db);
    await runDueJobs(database, handlers(), [CHAT_NOTIFY_JOB]);
    const [emailJobRow] = await database.db.selectFrom('jobs').select('payload').where('name', '=', EMAIL_JOB).where('state', '=', 'queued')
      .where(sql<boolean>`payload->>'to' = ${ownerEmail}`).where(sql<boolean>`payload->>'text' like ${`%chat=${rent.ruid}%`}`).execute();
    const { headers } = emailJobRow!.payload as { headers: Record<string, string> };
    await runNotifications();
    const mails = (await outboxOf(ownerEmail)).slice(0, (await outboxOf(ownerEmail)).length - before);
    const mail = mails.find((m) => m.channel === 'email')!;
    expect(mail.subject).toBe(N.newMessageSubject('Rita'));
    expect(mail.text).toContain('Depa en Providencia');
    expect(mail.text).toContain(shortenText(long));
    expect(mail.text).not.toContain('fin');
    expect(mail.links[0]).toBe(`${PUBLIC_URL}/chat?chat=${rent.ruid}`);
    const unsubscribe = new URL(mail.links[1]!);
    expect(unsubscribe.pathname).toBe('/notificaciones/baja');
    expect(readUnsubscribeToken({ secret: SECRET, token: unsubscribe.searchParams.get('token') })).toEqual({ ruid: rent.ruid, cuid: owner });
    expect(headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC_URL}/api/v1/notifications/chat/unsubscribe?token=${unsubscribe.searchParams.get('token')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const whatsapp = (await database.db.selectFrom('outbox').select(['channel', 'to', 'text']).where('channel', '=', 'whatsapp').where('text', 'like', `%${rent.ruid}%`).execute());
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0]!.to).toMatch(/^\+52\d{10}$/);
    expect(whatsapp[0]!.text).toContain(N.newMessageText('Rita', 'Depa en Providencia', shortenText(long)));

    // The throttle is in the database: a second message 14 minutes later sends nothing, one 16 minutes later does.
    const count = async () => (await outboxOf(ownerEmail)).filter((m) => m.channel === 'email' && m.links[0]?.endsWith(rent.ruid)).length;
    const second = await sendMessage(deps(), { actor: registeredActor(renter.cuid), ruid: rent.ruid, text: 'Otra pregunta' });
    await enqueue(database.db, CHAT_NOTIFY_JOB, { ruid: second.message.ruid, cuid: owner });
    clock = new Date('2026-12-01T10:14:00Z');
    await runNotifications();
    expect(await count()).toBe(1);
    const third = await sendMessage(deps(), { actor: registeredActor(renter.cuid), ruid: rent.ruid, text: '¿Hay estacionamiento?' });
    await enqueue(database.db, CHAT_NOTIFY_JOB, { ruid: third.message.ruid, cuid: owner });
    clock = new Date('2026-12-01T10:16:00Z');
    await runNotifications();
    expect(await count()).toBe(2);
    // It quotes the newest message the owner has not seen.
    expect((await outboxOf(ownerEmail)).find((m) => m.channel === 'email')!.text).toContain('«¿Hay estacionamiento?»');
  });

  it('a message already seen when the job runs sends nothing', async () => {
    const renter = await client({ nickname: 'Sara' });
    const { rent } = await contactListing(deps(), { actor: registeredActor(renter.cuid), puid: listing, text: 'Hola' });
    await markSeen(database, { actor: registeredActor(owner), ruid: rent.ruid });
    clock = new Date('2027-01-01T10:00:00Z');
    await runNotifications();
    expect(await database.db.selectFrom('outbox').select('id').where('text', 'like', `%${rent.ruid}%`).execute()).toEqual([]);
  });

  it('the unsubscribe link shows the conversation, then turns its notifications off; later messages notify nothing', async () => {
    const renter = await client({ nickname: 'Tere' });
    const { rent } = await contactListing(deps(), { actor: registeredActor((await client()).cuid), puid: listing, text: 'Hola' });
    const { rent: mine } = await contactListing(deps(), { actor: registeredActor(renter.cuid), puid: listing, text: 'Hola' });
    const token = issueUnsubscribeToken({ secret: SECRET, ruid: mine.ruid, cuid: renter.cuid });
    const d = { database, secret: SECRET };
    expect(await readChatUnsubscribe(d, { actor: VISITOR, token })).toEqual({ ruid: mine.ruid, title: 'Depa en Providencia', muted: false, msg: N.unsubscribeAsk('Depa en Providencia') });
    const refused = (token: unknown) => unsubscribeChatNotifications(d, { actor: VISITOR, token }).then(() => null, (e: { code: string; msg: string }) => ({ code: e.code, msg: e.msg }));
    expect(await refused(`${token.slice(0, -2)}xx`)).toEqual({ code: 'BAD_REQUEST', msg: N.unsubscribeInvalid });
    expect(await refused(issueUnsubscribeToken({ secret: 'otro', ruid: mine.ruid, cuid: renter.cuid }))).toEqual({ code: 'BAD_REQUEST', msg: N.unsubscribeInvalid });
    // A valid signature for a conversation the client is not part of is refused too.
    expect(await refused(issueUnsubscribeToken({ secret: SECRET, ruid: rent.ruid, cuid: renter.cuid }))).toEqual({ code: 'BAD_REQUEST', msg: N.unsubscribeInvalid });
    expect(await refused(42)).toEqual({ code: 'BAD_REQUEST', msg: N.unsubscribeInvalid });
    expect((await unsubscribeChatNotifications(d, { actor: VISITOR, token })).muted).toBe(true);
    expect((await unsubscribeChatNotifications(d, { actor: VISITOR, token })).msg).toBe(N.unsubscribeDone('Depa en Providencia'));
    expect((await readChatUnsubscribe(d, { actor: VISITOR, token })).muted).toBe(true);

    // Muted: nothing is enqueued for new messages, and a job enqueued before sends nothing.
    const answer = await sendMessage(deps(), { actor: registeredActor(owner), ruid: mine.ruid, text: 'Hola, Tere' });
    expect(await notifyJobs(mine.ruid, renter.cuid)).toEqual([]);
    await enqueue(database.db, CHAT_NOTIFY_JOB, { ruid: answer.message.ruid, cuid: renter.cuid });
    clock = new Date('2027-02-01T10:00:00Z');
    await runNotifications();
    expect(await outboxOf(renter.email)).toEqual([]);
  });

  it('a file sent to an offline receiver is notified by its name', async () => {
    const renter = await client({ nickname: 'Uma' });
    const { rent } = await contactListing(deps(), { actor: registeredActor(renter.cuid), puid: listing, text: 'Hola' });
    await markSeen(database, { actor: registeredActor(renter.cuid), ruid: rent.ruid });
    await sql`UPDATE jobs SET state = 'done' WHERE name = ${CHAT_NOTIFY_JOB} AND state = 'queued'`.execute(database.db);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
    const { message } = await sendAttachment({ ...deps(), storage: createLocalMediaStorage({ root: mediaDir }) }, {
      actor: registeredActor(owner), ruid: rent.ruid, file: pdf, name: 'reglamento.pdf',
    });
    expect(await notifyJobs(rent.ruid, renter.cuid)).toHaveLength(1);
    clock = new Date('2027-03-01T10:00:00Z');
    await runNotifications();
    const [mail] = await outboxOf(renter.email);
    expect(mail!.subject).toBe(N.newMessageSubject('Olga'));
    expect(mail!.text).toContain(N.newMessageAttachment('reglamento.pdf'));
  });
});

describe('attachment names', () => {
  it('keep no path, control characters or quotes, at most 150 characters, and a default', () => {
    expect(cleanAttachmentName('C:\\docs\\plano "final"\u0007.pdf', 'pdf')).toBe('plano final.pdf');
    expect(cleanAttachmentName('../../etc/passwd', 'pdf')).toBe('passwd');
    expect(cleanAttachmentName('   ', 'png')).toBe('archivo.png');
    expect(cleanAttachmentName(`${'a'.repeat(300)}.pdf`, 'pdf')).toHaveLength(150);
    expect(cleanAttachmentName(`${'a'.repeat(300)}.pdf`, 'pdf').endsWith('.pdf')).toBe(true);
  });
});
