import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { RENTS_MESSAGES } from '@nj/contracts';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { createDatabaseRateLimiter, type RateLimiter } from '../accounts/rate-limiter.ts';
import { anonymousActor, registeredActor, VISITOR } from '../policies/actor.ts';
import { ChatEvents, type MessageEvent, type StepChangeEvent } from './chat-events.ts';
import { contactListing } from './contact-listing.ts';
import { sendMessage, SEND_MESSAGE_RATE_LIMITS } from './send-message.ts';
import { discardRent } from './discard-rent.ts';
import { listMessages } from './list-messages.ts';
import { markSeen } from './mark-seen.ts';
import { listRents } from './list-rents.ts';
import { blockRent } from './block-rent.ts';
import { requestAppointment } from './request-appointment.ts';
import { discardRent as discard } from './discard-rent.ts';

let database: Database;
let limiter: RateLimiter;
let events: ChatEvents;
const messages: MessageEvent[] = [];
const steps: StepChangeEvent[] = [];
let owner: string; let renter: string; let stranger: string;
let listing: string; let orphan: string; let inactive: string;
const deps = () => ({ database, limiter, events });
const LONG_REASON = 'Ya encontré otra propiedad que me queda más cerca';

beforeAll(async () => {
  database = await openTestDatabase();
  limiter = createDatabaseRateLimiter(database);
  events = new ChatEvents();
  events.onMessage((e) => messages.push(e));
  events.onStepChange((e) => steps.push(e));
  owner = (await createTestClientSession(database)).cuid;
  renter = (await createTestClientSession(database)).cuid;
  stranger = (await createTestClientSession(database)).cuid;
  [{ puid: listing }, { puid: orphan }, { puid: inactive }] = await insertTestProperties(database, [
    { lat: 20.67, lng: -103.35, owner_cuid: owner, rent_price: 12000, monthly_maintenance_fee: 800 },
    { lat: 20.68, lng: -103.35, owner_cuid: null },
    { lat: 20.69, lng: -103.35, owner_cuid: owner, is_active: false },
  ]) as unknown as [{ puid: string }, { puid: string }, { puid: string }];
});
afterAll(async () => { await database?.close(); });

const err = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a refusal'); }, (e: { code: string; msg: string }) => ({ code: e.code, msg: e.msg }));

describe('contactListing', () => {
  it('refuses visitors, anonymous clients, listings without advertiser, inactive ones and one\'s own', async () => {
    expect((await err(contactListing(deps(), { actor: VISITOR, puid: listing, text: 'Hola' }))).code).toBe('UNAUTHORIZED');
    expect((await err(contactListing(deps(), { actor: anonymousActor(stranger), puid: listing, text: 'Hola' }))).code).toBe('UNAUTHORIZED');
    expect(await err(contactListing(deps(), { actor: registeredActor(renter), puid: orphan, text: 'Hola' }))).toEqual({ code: 'FORBIDDEN', msg: RENTS_MESSAGES.noAdvertiser });
    expect(await err(contactListing(deps(), { actor: registeredActor(renter), puid: inactive, text: 'Hola' }))).toEqual({ code: 'NOT_FOUND', msg: RENTS_MESSAGES.listingInactive });
    expect(await err(contactListing(deps(), { actor: registeredActor(owner), puid: listing, text: 'Hola' }))).toEqual({ code: 'FORBIDDEN', msg: RENTS_MESSAGES.ownListing });
    expect(await err(contactListing(deps(), { actor: registeredActor(renter), puid: listing, text: '   ' }))).toEqual({ code: 'BAD_REQUEST', msg: RENTS_MESSAGES.messageEmpty });
    expect(await database.db.selectFrom('rents').select('ruid').execute()).toEqual([]);
  });

  it('creates the rent at hello with the price snapshot and the first message, then reopens the same rent', async () => {
    const first = await contactListing(deps(), { actor: registeredActor(renter), puid: listing, text: '¿Sigue disponible?' });
    expect(first).toMatchObject({ created: true, rent: { step: 'hello', renter_cuid: renter, owner_cuid: owner, price: 12000, maintenance_fee: 800 } });
    expect(first.message).toMatchObject({ from_cuid: renter, to_cuid: owner, text: '¿Sigue disponible?', cat: 'msg' });
    const again = await contactListing(deps(), { actor: registeredActor(renter), puid: listing, text: '<b>Hola</b> otra vez' });
    expect(again.created).toBe(false);
    expect(again.rent.ruid).toBe(first.rent.ruid);
    expect(again.message.text).toBe('<b>Hola</b> otra vez');
    expect(messages.filter((m) => m.ruid === first.rent.ruid)).toHaveLength(2);
  });
});

describe('sendMessage, listMessages, markSeen', () => {
  it('sends both ways, is idempotent on the client message id, lists after `last` and marks seen', async () => {
    const { rent } = await contactListing(deps(), { actor: registeredActor(renter), puid: listing, text: 'Hola de nuevo' });
    const a = await sendMessage(deps(), { actor: registeredActor(owner), ruid: rent.ruid, text: 'Sí, sigue disponible', clientMessageId: 'c-1' });
    const published = messages.length;
    const b = await sendMessage(deps(), { actor: registeredActor(owner), ruid: rent.ruid, text: 'Sí, sigue disponible', clientMessageId: 'c-1' });
    expect(b).toEqual({ message: a.message, duplicate: true });
    expect(messages.length).toBe(published);
    // The same client id from the other side is a different message.
    const c = await sendMessage(deps(), { actor: registeredActor(renter), ruid: rent.ruid, text: 'Gracias', clientMessageId: 'c-1' });
    expect(c.duplicate).toBe(false);
    const all = (await listMessages(database, { actor: registeredActor(renter), ruid: rent.ruid })).messages;
    expect(all.at(-1)!.muid).toBe(c.message.muid);
    const after = (await listMessages(database, { actor: registeredActor(owner), ruid: rent.ruid, last: a.message.muid })).messages;
    expect(after.map((m) => m.muid)).toEqual([c.message.muid]);
    const unread = (await listRents(database, { actor: registeredActor(renter), side: 'renter' })).rents[0]!;
    expect(unread).toMatchObject({ ruid: rent.ruid, unread: 1, stepLabel: 'Contactada', role: 'renter', price: 12000 });
    expect((await markSeen(database, { actor: registeredActor(renter), ruid: rent.ruid })).seen).toEqual([a.message.muid]);
    expect((await listRents(database, { actor: registeredActor(renter), side: 'renter' })).rents[0]!.unread).toBe(0);
    expect((await listRents(database, { actor: registeredActor(owner), side: 'owner' })).rents[0]!.role).toBe('owner');
  });

  it('refuses strangers with 404, bad text with Spanish messages, and rate-limits', async () => {
    const { rent } = await contactListing(deps(), { actor: registeredActor(renter), puid: listing, text: 'Hola' });
    expect(await err(sendMessage(deps(), { actor: registeredActor(stranger), ruid: rent.ruid, text: 'Hola' }))).toEqual({ code: 'NOT_FOUND', msg: RENTS_MESSAGES.rentNotFound });
    expect(await err(listMessages(database, { actor: registeredActor(stranger), ruid: rent.ruid }))).toEqual({ code: 'NOT_FOUND', msg: RENTS_MESSAGES.rentNotFound });
    expect(await err(sendMessage(deps(), { actor: registeredActor(renter), ruid: 'r_nope', text: 'Hola' }))).toEqual({ code: 'NOT_FOUND', msg: RENTS_MESSAGES.rentNotFound });
    expect(await err(sendMessage(deps(), { actor: registeredActor(renter), ruid: rent.ruid, text: 'x'.repeat(5001) }))).toEqual({ code: 'BAD_REQUEST', msg: RENTS_MESSAGES.messageTooLong });
    expect((await listRents(database, { actor: registeredActor(stranger), side: 'any' })).rents).toEqual([]);
    const chatty = (await createTestClientSession(database)).cuid;
    const own = await contactListing(deps(), { actor: registeredActor(chatty), puid: listing, text: 'Uno' });
    for (let i = 1; i < SEND_MESSAGE_RATE_LIMITS.perMinute.limit; i += 1) {
      await sendMessage(deps(), { actor: registeredActor(chatty), ruid: own.rent.ruid, text: `Mensaje ${i}` });
    }
    expect((await err(sendMessage(deps(), { actor: registeredActor(chatty), ruid: own.rent.ruid, text: 'Uno más' }))).code).toBe('RATE_LIMITED');
  });
});

describe('discardRent', () => {
  it('needs more than 26 characters, moves the step by side, writes a system message and closes the chat', async () => {
    const someone = (await createTestClientSession(database)).cuid;
    const { rent } = await contactListing(deps(), { actor: registeredActor(someone), puid: listing, text: 'Hola' });
    const beforeClose = await sendMessage(deps(), { actor: registeredActor(owner), ruid: rent.ruid, text: 'Ya la rentamos', clientMessageId: 'before-close' });
    expect(await err(discardRent(deps(), { actor: registeredActor(owner), ruid: rent.ruid, reason: 'x'.repeat(26) }))).toEqual({ code: 'BAD_REQUEST', msg: RENTS_MESSAGES.reasonTooShort });
    expect(await err(discardRent(deps(), { actor: registeredActor(stranger), ruid: rent.ruid, reason: LONG_REASON }))).toEqual({ code: 'NOT_FOUND', msg: RENTS_MESSAGES.rentNotFound });
    const discarded = await discardRent(deps(), { actor: registeredActor(someone), ruid: rent.ruid, reason: LONG_REASON });
    expect(discarded).toMatchObject({ step: 'renter_discard', discard_reason: LONG_REASON });
    expect(steps.at(-1)).toMatchObject({ ruid: rent.ruid, from: 'hello', to: 'renter_discard' });
    expect((await listMessages(database, { actor: registeredActor(owner), ruid: rent.ruid })).messages.at(-1)).toMatchObject({ cat: 'system', text: RENTS_MESSAGES.system.renter_discard });
    expect(await err(sendMessage(deps(), { actor: registeredActor(owner), ruid: rent.ruid, text: 'Hola' }))).toEqual({ code: 'CONFLICT', msg: RENTS_MESSAGES.conversationClosed });
    // A resend of a message stored before the conversation closed (a reconnect) is still acknowledged, not refused.
    expect(await sendMessage(deps(), { actor: registeredActor(owner), ruid: rent.ruid, text: 'Ya la rentamos', clientMessageId: 'before-close' }))
      .toEqual({ message: beforeClose.message, duplicate: true });
    expect((await listRents(database, { actor: registeredActor(someone), side: 'renter', onlyActive: true })).rents).toEqual([]);
    // The renter's own discard is undone by contacting again; the owner's is final.
    const reopened = await contactListing(deps(), { actor: registeredActor(someone), puid: listing, text: 'Lo pensé mejor' });
    expect(reopened.rent.step).toBe('hello');
    await discardRent(deps(), { actor: registeredActor(owner), ruid: rent.ruid, reason: LONG_REASON });
    expect((await err(contactListing(deps(), { actor: registeredActor(someone), puid: listing, text: 'Hola' }))).code).toBe('CONFLICT');
    expect((await err(discardRent(deps(), { actor: registeredActor(owner), ruid: rent.ruid, reason: LONG_REASON }))).code).toBe('CONFLICT');
  });
});

describe('blockRent', () => {
  it('either side blocks; messages, visits and contacting again are refused until the one who blocked unblocks', async () => {
    const someone = (await createTestClientSession(database)).cuid;
    const { rent } = await contactListing(deps(), { actor: registeredActor(someone), puid: listing, text: 'Hola, ¿la puedo ver?' });
    const blocked = await blockRent(deps(), { actor: registeredActor(owner), ruid: rent.ruid, blocked: true });
    expect(blocked.blocked_by).toBe(owner);
    expect(steps.at(-1)).toMatchObject({ ruid: rent.ruid, to: 'hello' });
    const closed = { code: 'CONFLICT', msg: RENTS_MESSAGES.conversationBlocked };
    expect(await err(sendMessage(deps(), { actor: registeredActor(someone), ruid: rent.ruid, text: '¿Hola?' }))).toEqual(closed);
    expect(await err(sendMessage(deps(), { actor: registeredActor(owner), ruid: rent.ruid, text: 'Hola' }))).toEqual(closed);
    expect(await err(requestAppointment(deps(), { actor: registeredActor(someone), ruid: rent.ruid }))).toEqual(closed);
    expect(await err(contactListing(deps(), { actor: registeredActor(someone), puid: listing, text: 'Otra vez' }))).toEqual(closed);
    expect(await err(blockRent(deps(), { actor: registeredActor(someone), ruid: rent.ruid, blocked: true }))).toEqual({ code: 'CONFLICT', msg: RENTS_MESSAGES.alreadyBlocked });
    expect(await err(blockRent(deps(), { actor: registeredActor(someone), ruid: rent.ruid, blocked: false }))).toEqual({ code: 'CONFLICT', msg: RENTS_MESSAGES.notBlockedByYou });
    expect((await err(blockRent(deps(), { actor: registeredActor(stranger), ruid: rent.ruid, blocked: true }))).code).toBe('NOT_FOUND');
    const [asOwner] = (await listRents(database, { actor: registeredActor(owner), side: 'owner', ruid: rent.ruid })).rents;
    const [asRenter] = (await listRents(database, { actor: registeredActor(someone), side: 'renter', ruid: rent.ruid })).rents;
    expect([asOwner!.blocked, asRenter!.blocked]).toEqual(['me', 'other']);
    const texts = (await listMessages(database, { actor: registeredActor(owner), ruid: rent.ruid })).messages.map((m) => m.text);
    expect(texts).toEqual(['Hola, ¿la puedo ver?', RENTS_MESSAGES.system.blocked]);

    expect((await blockRent(deps(), { actor: registeredActor(owner), ruid: rent.ruid, blocked: false })).blocked_by).toBeNull();
    await expect(sendMessage(deps(), { actor: registeredActor(someone), ruid: rent.ruid, text: 'Gracias' })).resolves.toMatchObject({ duplicate: false });
    // Discarding still works on a blocked conversation.
    await blockRent(deps(), { actor: registeredActor(someone), ruid: rent.ruid, blocked: true });
    await expect(discard(deps(), { actor: registeredActor(someone), ruid: rent.ruid, reason: LONG_REASON })).resolves.toMatchObject({ step: 'renter_discard' });
  });
});
