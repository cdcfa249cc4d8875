import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { APPT_MESSAGES, CHAT_NOTIFICATION_MESSAGES as N } from '@nj/contracts';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { createDatabaseRateLimiter } from '../accounts/rate-limiter.ts';
import { registeredActor } from '../policies/actor.ts';
import { runDueJobs, type JobHandlers } from '../jobs/job-worker.ts';
import { EMAIL_JOB, emailJob } from '../messaging/send-email.ts';
import { TEXT_JOB, textJob } from '../messaging/send-text-message.ts';
import { NOTIFICATION_TEXT_JOB, notificationTextJob } from '../messaging/send-notification-text.ts';
import { outboxRepository } from '../messaging/outbox-repository.ts';
import { createSandboxTextProvider } from '../verification/text-provider/sandbox-text-provider.ts';
import { ChatEvents } from './chat-events.ts';
import { contactListing } from './contact-listing.ts';
import { requestAppointment } from './request-appointment.ts';
import { proposeTimes } from './propose-times.ts';
import { confirmAppointment } from './confirm-appointment.ts';
import { cancelAppointment } from './cancel-appointment.ts';
import { formatVisitTime, VISIT_CONFIRMED_JOB, VISIT_REMINDER_BEFORE_MS, VISIT_REMINDER_JOB, visitConfirmedJob, visitReminderJob } from './notify-visit.ts';
import { buildVisitInvitation } from './visit-invitation.ts';
import { addDays, dayInZone } from './zoned-time.ts';

let database: Database;
let owner: { cuid: string; email: string };
let listing: string;
const events = new ChatEvents();
const deps = () => ({ database, events, limiter: createDatabaseRateLimiter(database) });
const PUBLIC_URL = 'https://nj.example';
const JOBS = [VISIT_CONFIRMED_JOB, VISIT_REMINDER_JOB, EMAIL_JOB, NOTIFICATION_TEXT_JOB, TEXT_JOB];
const handlers = (): JobHandlers => {
  const messaging = { database, smtpUrl: undefined, isProduction: false, from: 'NJ Inmuebles <avisos@nj.example>' };
  const d = { database, messaging, publicUrl: PUBLIC_URL };
  return {
    [VISIT_CONFIRMED_JOB]: visitConfirmedJob(d), [VISIT_REMINDER_JOB]: visitReminderJob(d), [EMAIL_JOB]: emailJob(messaging),
    [TEXT_JOB]: textJob(messaging), [NOTIFICATION_TEXT_JOB]: notificationTextJob(createSandboxTextProvider(messaging)),
  };
};
let n = 0;
async function client(nickname: string, phone = false) {
  const cuid = (await createTestClientSession(database)).cuid;
  const email = `visita${++n}@example.com`;
  await database.db.updateTable('clients').set({
    email, nickname, ...(phone ? { phone_number: `55 1234 ${String(7000 + n)}`, phone_country_code: '+52', is_phone_verified: true } : {}),
  }).where('cuid', '=', cuid).execute();
  return { cuid, email };
}

/** A visit confirmed for the day after tomorrow at 10:00 in Mexico City. */
async function confirmedVisit(renterTimeZone?: string) {
  const renter = await client('Rita', true);
  const { rent } = await contactListing(deps(), { actor: registeredActor(renter.cuid), puid: listing, text: 'Hola' });
  await requestAppointment(deps(), { actor: registeredActor(renter.cuid), ruid: rent.ruid });
  const day = addDays(dayInZone(Date.now(), 'America/Mexico_City'), 2);
  const proposed = await proposeTimes(deps(), { actor: registeredActor(owner.cuid), ruid: rent.ruid, times: [{ date: day, time: '10:00' }], timeZone: 'America/Mexico_City' });
  const appt = await confirmAppointment(deps(), { actor: registeredActor(renter.cuid), ruid: rent.ruid, st: proposed.proposed[0]!.st, renterTimeZone });
  return { renter, ruid: rent.ruid, appt };
}
const jobsOf = (name: string, auid: string) => database.db.selectFrom('jobs').select(['id', 'run_at', 'state']).where('name', '=', name).where('key', 'like', `${auid}:%`).execute();
async function runAll(): Promise<void> {
  await sql`UPDATE jobs SET run_at = now() WHERE name IN (${VISIT_CONFIRMED_JOB}, ${VISIT_REMINDER_JOB}) AND state = 'queued'`.execute(database.db);
  await runDueJobs(database, handlers(), JOBS);
}

beforeAll(async () => {
  database = await openTestDatabase();
  owner = await client('Olga');
  [{ puid: listing }] = await insertTestProperties(database, [{ lat: 20.67, lng: -103.35, owner_cuid: owner.cuid, title: 'Casa en Chapalita' }]) as unknown as [{ puid: string }];
});
afterAll(async () => { await database?.close(); });

describe('visit invitation (.ics)', () => {
  it('one VEVENT in UTC with both attendees, METHOD:REQUEST, a stable UID and an alarm two hours before', () => {
    const ics = buildVisitInvitation({
      auid: 'a_123', st: new Date('2026-12-03T16:00:00Z'), et: new Date('2026-12-03T17:00:00Z'), title: 'Casa en Chapalita',
      location: 'Av. Guadalupe 100, Guadalajara, Jalisco', url: `${PUBLIC_URL}/chat?chat=r_1`,
      organizer: { name: 'NJ Inmuebles', email: 'avisos@nj.example' },
      attendees: [{ name: 'Rita', email: 'rita@example.com' }, { name: 'Olga', email: 'olga@example.com' }],
    });
    const unfolded = ics.replace(/\r?\n[ \t]/g, '');
    expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r?\n/);
    expect(unfolded).toContain('METHOD:REQUEST');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(unfolded).toContain('UID:a_123@visitas');
    expect(unfolded).toContain('DTSTART:20261203T160000Z');
    expect(unfolded).toContain('DTEND:20261203T170000Z');
    expect(unfolded).toContain('SUMMARY:Visita: Casa en Chapalita');
    expect(unfolded).toContain('LOCATION:Av. Guadalupe 100\\, Guadalajara\\, Jalisco');
    expect(unfolded).toMatch(/ATTENDEE;[^\n]*CN="?Rita"?:mailto:rita@example.com/i);
    expect(unfolded).toMatch(/ATTENDEE;[^\n]*CN="?Olga"?:mailto:olga@example.com/i);
    expect(unfolded).toContain('TRIGGER:-PT2H');
    expect(unfolded).toMatch(/END:VCALENDAR\r?\n?$/);
  });

  it('shows a visit in each zone: 10:00 in Mexico City is 08:00 in Tijuana (winter) and 11:00 in Cancún', () => {
    const st = new Date('2026-12-03T16:00:00Z');
    expect(formatVisitTime(st, 'America/Mexico_City')).toMatch(/3 de diciembre de 2026.*10:00 \(hora de America\/Mexico_City\)/);
    expect(formatVisitTime(st, 'America/Tijuana')).toMatch(/08:00 \(hora de America\/Tijuana\)/);
    expect(formatVisitTime(st, 'America/Cancun')).toMatch(/11:00 \(hora de America\/Cancun\)/);
  });
});

describe('visit confirmation e-mails and reminder (issue 11)', () => {
  it('confirming e-mails both parties with their time and the .ics, and enqueues the reminder at st − 2 h', async () => {
    const { renter, appt } = await confirmedVisit('America/Cancun');
    const [reminder] = await jobsOf(VISIT_REMINDER_JOB, appt.auid);
    expect(new Date(reminder!.run_at).getTime()).toBe(appt.st!.getTime() - VISIT_REMINDER_BEFORE_MS);
    expect(await jobsOf(VISIT_CONFIRMED_JOB, appt.auid)).toHaveLength(1);
    await runDueJobs(database, handlers(), [VISIT_CONFIRMED_JOB, EMAIL_JOB]);
    const [toRenter] = await outboxRepository.list(database, { to: renter.email, limit: 5 });
    const toOwner = (await outboxRepository.list(database, { to: owner.email, limit: 5 })).find((m) => m.subject === N.visitConfirmedSubject('Casa en Chapalita'))!;
    expect(toRenter!.subject).toBe(N.visitConfirmedSubject('Casa en Chapalita'));
    // The renter reads the time in their zone (Cancún, 11:00); the owner in the zone the visit was agreed in (10:00).
    expect(toRenter!.text).toContain(N.visitConfirmedBody(formatVisitTime(appt.st!, 'America/Cancun'), 'Casa en Chapalita'));
    expect(toRenter!.text).toContain('11:00');
    expect(toOwner.text).toContain(N.visitConfirmedBody(formatVisitTime(appt.st!, 'America/Mexico_City'), 'Casa en Chapalita'));
    expect(toRenter!.text).toContain(N.visitWith('Olga'));
    expect(toRenter!.attachments).toHaveLength(1);
    const [ics] = toRenter!.attachments;
    expect(ics!.filename).toBe('visita.ics');
    expect(ics!.contentType).toContain('text/calendar');
    const stamp = appt.st!.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics!.content).toContain(`DTSTART:${stamp}`);
    expect(ics!.content).toContain(`UID:${appt.auid}@visitas`);
    expect(ics!.content).toContain('ORGANIZER;CN="NJ Inmuebles":MAILTO:avisos@nj.example');
  });

  it("refuses a renter's zone that is not an IANA zone, in Spanish", async () => {
    const renter = await client('Rosa');
    const { rent } = await contactListing(deps(), { actor: registeredActor(renter.cuid), puid: listing, text: 'Hola' });
    await requestAppointment(deps(), { actor: registeredActor(renter.cuid), ruid: rent.ruid });
    const day = addDays(dayInZone(Date.now(), 'America/Mexico_City'), 3);
    const proposed = await proposeTimes(deps(), { actor: registeredActor(owner.cuid), ruid: rent.ruid, times: [{ date: day, time: '12:00' }], timeZone: 'America/Mexico_City' });
    const refused = await confirmAppointment(deps(), { actor: registeredActor(renter.cuid), ruid: rent.ruid, st: proposed.proposed[0]!.st, renterTimeZone: 'Marte/Olympus' })
      .then(() => null, (e: { code: string; msg: string }) => ({ code: e.code, msg: e.msg }));
    expect(refused).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.timeZoneInvalid });
  });

  it('the reminder e-mails both parties and texts the verified phone; a cancelled visit is reminded of nothing', async () => {
    const { renter, appt } = await confirmedVisit();
    await runAll();
    const reminders = (to: string) => outboxRepository.list(database, { to, limit: 10 }).then((rows) => rows.filter((r) => r.subject === N.visitReminderSubject('Casa en Chapalita')));
    expect(await reminders(renter.email)).toHaveLength(1);
    expect((await reminders(renter.email))[0]!.text).toContain(N.visitReminderBody(formatVisitTime(appt.st!, 'America/Mexico_City'), 'Casa en Chapalita'));
    expect((await reminders(owner.email)).length).toBeGreaterThanOrEqual(1);
    const texts = await database.db.selectFrom('outbox').select(['to', 'text']).where('channel', '=', 'whatsapp').where('text', 'like', `%${appt.ruid}%`).execute();
    expect(texts).toHaveLength(1); // the owner has no verified phone
    expect(texts[0]!.text).toContain(N.visitReminderText(formatVisitTime(appt.st!, 'America/Mexico_City'), 'Casa en Chapalita'));

    const cancelled = await confirmedVisit();
    await cancelAppointment(deps(), { actor: registeredActor(owner.cuid), ruid: cancelled.ruid });
    await runAll();
    expect(await reminders(cancelled.renter.email)).toEqual([]);
    expect(await outboxRepository.list(database, { to: cancelled.renter.email, limit: 5 })).toEqual([]);
    expect((await jobsOf(VISIT_REMINDER_JOB, cancelled.appt.auid))[0]!.state).toBe('done');
  });
});
