import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { ChatEvents, type TicketMessageEvent } from '../rents/chat-events.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { appendTicketMessage } from './append-ticket-message.ts';
import { ticketsRepository } from './tickets-repository.ts';

let database: Database;
let storage: MediaStorage;
let root: string;
const events = new ChatEvents((e) => { throw e; });
const heard: TicketMessageEvent[] = [];
events.onTicketMessage((e) => heard.push(e));
beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'nj-tickets-'));
  storage = createLocalMediaStorage({ root });
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

async function bareTicket(authorCuid: string) {
  return ticketsRepository.insert(database, {
    tuid: `t_${Math.random().toString(16).slice(2)}`, author_cuid: authorCuid, title: 'Ayuda', category: 'AY', description: 'Algo',
    puid: null, ruid: null, event_date: null,
  });
}

describe('appendTicketMessage (the verb the staff panel also uses)', () => {
  it('stores a message, publishes it once, and a resend with the same client id stores nothing', async () => {
    const author = await createTestClientSession(database);
    const t = await bareTicket(author.cuid);
    heard.length = 0;
    const first = await appendTicketMessage({ database, events }, { tuid: t.tuid, fromCuid: author.cuid, fromStaff: false, cat: 'msg', text: ' hola ', clientMessageId: 'c1' });
    expect(first.message).toMatchObject({ tuid: t.tuid, from_cuid: author.cuid, from_staff: false, cat: 'msg', text: 'hola', attachment: null });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ tuid: t.tuid, authorCuid: author.cuid });
    const again = await appendTicketMessage({ database, events }, { tuid: t.tuid, fromCuid: author.cuid, fromStaff: false, cat: 'msg', text: 'hola', clientMessageId: 'c1' });
    expect(again.duplicate).toBe(true);
    expect(again.message.muid).toBe(first.message.muid);
    expect(heard).toHaveLength(1);
  });

  it('a system message has no sender; inside a transaction it is published only when asked (after commit)', async () => {
    const author = await createTestClientSession(database);
    const t = await bareTicket(author.cuid);
    heard.length = 0;
    const result = await database.db.transaction().execute((trx) =>
      appendTicketMessage({ database, events }, { tuid: t.tuid, fromCuid: null, fromStaff: true, cat: 'system', text: 'Tu ticket está en proceso' }, trx));
    expect(heard).toHaveLength(0);
    result.publish();
    result.publish();
    expect(heard).toHaveLength(1);
    expect(heard[0]!.message).toMatchObject({ from_cuid: null, from_staff: true, cat: 'system' });
  });

  it('refuses an unknown ticket and an empty text', async () => {
    await expect(appendTicketMessage({ database, events }, { tuid: 't_nope', fromCuid: null, fromStaff: true, cat: 'system', text: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const author = await createTestClientSession(database);
    const t = await bareTicket(author.cuid);
    await expect(appendTicketMessage({ database, events }, { tuid: t.tuid, fromCuid: author.cuid, fromStaff: false, cat: 'msg', text: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
