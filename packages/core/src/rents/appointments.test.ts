import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { APPT_MESSAGES, RENTS_MESSAGES } from '@nj/contracts';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { createDatabaseRateLimiter } from '../accounts/rate-limiter.ts';
import { registeredActor } from '../policies/actor.ts';
import { ChatEvents } from './chat-events.ts';
import { contactListing } from './contact-listing.ts';
import { requestAppointment } from './request-appointment.ts';
import { proposeTimes } from './propose-times.ts';
import { confirmAppointment } from './confirm-appointment.ts';
import { cancelAppointment } from './cancel-appointment.ts';
import { reviewAppointment } from './review-appointment.ts';
import { listMessages } from './list-messages.ts';
import { getClientRating } from './get-client-rating.ts';
import { rentsRepository } from './rents-repository.ts';
import { addDays, dayInZone, zonedToUtc } from './zoned-time.ts';

let database: Database;
let owner: string; let stranger: string; let listing: string;
const events = new ChatEvents();
const deps = () => ({ database, events, limiter: createDatabaseRateLimiter(database) });
const err = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a refusal'); }, (e: { code: string; msg: string }) => ({ code: e.code, msg: e.msg }));

beforeAll(async () => {
  database = await openTestDatabase();
  owner = (await createTestClientSession(database)).cuid;
  stranger = (await createTestClientSession(database)).cuid;
  [{ puid: listing }] = await insertTestProperties(database, [{ lat: 18.79, lng: -110.96, owner_cuid: owner }]) as unknown as [{ puid: string }];
});
afterAll(async () => { await database?.close(); });

async function newRent() {
  const renter = (await createTestClientSession(database)).cuid;
  const { rent } = await contactListing(deps(), { actor: registeredActor(renter), puid: listing, text: 'Hola' });
  return { renter, ruid: rent.ruid };
}
const step = async (ruid: string) => (await rentsRepository.find(database, ruid))!.step;

describe('zoned time', () => {
  it('stores wall times of the four Mexican zones as UTC instants, across midnight', () => {
    expect(zonedToUtc('2026-03-10', '10:00', 'America/Mexico_City')!.toISOString()).toBe('2026-03-10T16:00:00.000Z');
    expect(zonedToUtc('2026-03-10', '10:00', 'America/Cancun')!.toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(zonedToUtc('2026-03-10', '10:00', 'America/Hermosillo')!.toISOString()).toBe('2026-03-10T17:00:00.000Z');
    // Tijuana keeps daylight saving time (UTC-7 in summer, UTC-8 in winter).
    expect(zonedToUtc('2026-07-10', '10:00', 'America/Tijuana')!.toISOString()).toBe('2026-07-10T17:00:00.000Z');
    expect(zonedToUtc('2026-01-10', '10:00', 'America/Tijuana')!.toISOString()).toBe('2026-01-10T18:00:00.000Z');
    // 23:30 in Mexico City is the next UTC day; the same instant is still the 10th there.
    const late = zonedToUtc('2026-03-10', '23:30', 'America/Mexico_City')!;
    expect(late.toISOString()).toBe('2026-03-11T05:30:00.000Z');
    expect(dayInZone(late.getTime(), 'America/Mexico_City')).toBe('2026-03-10');
    expect(dayInZone(late.getTime(), 'America/Cancun')).toBe('2026-03-11');
    expect(zonedToUtc('2026-02-30', '10:00', 'America/Mexico_City')).toBeNull();
    expect(zonedToUtc('2026-03-10', '24:00', 'America/Mexico_City')).toBeNull();
  });
});

describe('visits (issue 11)', () => {
  it('request → propose within 7 days from tomorrow → confirm → review once after the visit', async () => {
    const { renter, ruid } = await newRent();
    const now = Date.parse('2026-03-10T05:30:00Z'); // 23:30 on the 9th in Mexico City, already the 10th in Cancún
    expect((await err(proposeTimes(deps(), { actor: registeredActor(owner), ruid, times: [{ date: '2026-03-11', time: '10:00' }], timeZone: 'America/Mexico_City', now }))).code).toBe('CONFLICT');
    const appt = await requestAppointment(deps(), { actor: registeredActor(renter), ruid });
    expect(await step(ruid)).toBe('appt_requested');
    const propose = (times: { date: string; time: string }[], timeZone = 'America/Mexico_City') => proposeTimes(deps(), { actor: registeredActor(owner), ruid, times, timeZone, now });
    // Today in Mexico City is the 9th: the window is the 10th to the 16th.
    expect(await err(propose([{ date: '2026-03-09', time: '10:00' }]))).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.outsideWindow });
    expect(await err(propose([{ date: '2026-03-17', time: '10:00' }]))).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.outsideWindow });
    // In Cancún it is already the 10th, so the 10th is not bookable there but the 17th is.
    expect(await err(propose([{ date: '2026-03-10', time: '10:00' }], 'America/Cancun'))).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.outsideWindow });
    expect(await err(propose([{ date: '2026-03-12', time: '10:00' }], 'Marte/Olympus'))).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.timeZoneInvalid });
    expect(await err(propose([]))).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.timesRequired });
    expect(await err(propose([{ date: '12/03/2026', time: '10:00' }]))).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.timeInvalid });
    expect((await err(proposeTimes(deps(), { actor: registeredActor(renter), ruid, times: [{ date: '2026-03-12', time: '10:00' }], timeZone: 'America/Mexico_City', now }))).code).toBe('CONFLICT');
    const proposed = await propose([{ date: '2026-03-16', time: '18:00' }, { date: '2026-03-10', time: '09:30' }]);
    expect(proposed).toMatchObject({ auid: appt.auid, status: 'proposed', time_zone: 'America/Mexico_City' });
    expect(proposed.proposed.map((p) => p.st)).toEqual(['2026-03-10T15:30:00.000Z', '2026-03-17T00:00:00.000Z']);
    expect(await step(ruid)).toBe('appt_confirmation_requested');
    const offer = (await listMessages(database, { actor: registeredActor(renter), ruid })).messages.at(-1)!;
    expect(offer.dynamic_content).toMatchObject({ tag: 'appt_propose_time', options: ['2026-03-10T15:30:00.000Z', '2026-03-17T00:00:00.000Z'] });

    expect(await err(confirmAppointment(deps(), { actor: registeredActor(renter), ruid, st: '2026-03-11T15:30:00.000Z' }))).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.notProposed });
    expect((await err(confirmAppointment(deps(), { actor: registeredActor(stranger), ruid, st: '2026-03-17T00:00:00.000Z' }))).code).toBe('NOT_FOUND');
    const confirmed = await confirmAppointment(deps(), { actor: registeredActor(renter), ruid, st: '2026-03-17T00:00:00Z' });
    expect(confirmed).toMatchObject({ status: 'confirmed', time_zone: 'America/Mexico_City' });
    expect(confirmed.st!.toISOString()).toBe('2026-03-17T00:00:00.000Z');
    expect(confirmed.et!.toISOString()).toBe('2026-03-17T01:00:00.000Z');
    expect(await step(ruid)).toBe('appt_assist');
    expect((await listMessages(database, { actor: registeredActor(owner), ruid })).messages.at(-1)!.dynamic_content).toMatchObject({ tag: 'appt_confirm_request', datetime: '2026-03-17T00:00:00.000Z' });

    const review = (who: string, rating: number, at: number) => reviewAppointment(database, { actor: registeredActor(who), auid: appt.auid, rating, comment: ' Puntual ', now: at });
    const after = Date.parse('2026-03-17T02:00:00Z');
    expect(await err(review(renter, 5, Date.parse('2026-03-17T00:30:00Z')))).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.notYetVisited });
    expect(await err(review(renter, 6, after))).toEqual({ code: 'BAD_REQUEST', msg: APPT_MESSAGES.ratingInvalid });
    expect((await err(review(stranger, 5, after))).code).toBe('NOT_FOUND');
    expect(await review(renter, 5, after)).toEqual({ auid: appt.auid, rating: 5 });
    expect(await review(owner, 4, after)).toEqual({ auid: appt.auid, rating: 4 });
    expect(await err(review(renter, 3, after))).toEqual({ code: 'CONFLICT', msg: APPT_MESSAGES.alreadyReviewed });
    const rows = await database.db.selectFrom('appointment_reviews').select(['reviewer_cuid', 'reviewee_cuid', 'rating', 'comment']).where('auid', '=', appt.auid).orderBy('rating').execute();
    expect(rows).toEqual([
      { reviewer_cuid: owner, reviewee_cuid: renter, rating: 4, comment: 'Puntual' },
      { reviewer_cuid: renter, reviewee_cuid: owner, rating: 5, comment: 'Puntual' },
    ]);
    expect(await getClientRating(database, { cuid: renter })).toEqual({ count: 1, average: 4 });
    expect(await getClientRating(database, { cuid: stranger })).toEqual({ count: 0, average: null });
  });

  it('either side cancels; nothing to cancel is "Error al cancelar la cita"', async () => {
    const { renter, ruid } = await newRent();
    expect(await err(cancelAppointment(deps(), { actor: registeredActor(owner), ruid }))).toEqual({ code: 'CONFLICT', msg: RENTS_MESSAGES.cancelApptFailed });
    const appt = await requestAppointment(deps(), { actor: registeredActor(renter), ruid });
    await cancelAppointment(deps(), { actor: registeredActor(owner), ruid });
    expect(await step(ruid)).toBe('hello');
    expect(await database.db.selectFrom('appointments').select(['status', 'cancelled_by']).where('auid', '=', appt.auid).executeTakeFirst()).toEqual({ status: 'cancelled', cancelled_by: owner });
    expect(await err(cancelAppointment(deps(), { actor: registeredActor(renter), ruid }))).toEqual({ code: 'CONFLICT', msg: RENTS_MESSAGES.cancelApptFailed });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
