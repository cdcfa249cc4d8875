import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { INTEGRATION_MESSAGES as M } from '@nj/contracts';
import { createTestClientSession, createTestClientWithEmail } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { runFreshness } from '@nj/core/freshness/run-freshness';
import { freshnessStep } from '@nj/core/freshness/freshness-rules';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp();
const DAY = 86_400_000;

describe('listing freshness (issue 16; decision 033)', () => {
  it('the rule: 30 days for rent, 60 for sale, a second reminder 7 days later, the pause 7 after that', () => {
    const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * DAY);
    const rent = { is_renta: true, reconfirmed_at: at(0) };
    expect(freshnessStep({ ...rent, freshness_reminders: 0 }, at(29.9))).toBeNull();
    expect(freshnessStep({ ...rent, freshness_reminders: 0 }, at(30))).toBe('remind1');
    expect(freshnessStep({ ...rent, freshness_reminders: 1 }, at(36))).toBeNull();
    expect(freshnessStep({ ...rent, freshness_reminders: 1 }, at(37))).toBe('remind2');
    expect(freshnessStep({ ...rent, freshness_reminders: 2 }, at(43))).toBeNull();
    expect(freshnessStep({ ...rent, freshness_reminders: 2 }, at(44))).toBe('pause');
    const sale = { is_renta: false, reconfirmed_at: at(0), freshness_reminders: 0 };
    expect(freshnessStep(sale, at(59))).toBeNull();
    expect(freshnessStep(sale, at(60))).toBe('remind1');
  });

  it('reminds twice by e-mail, then pauses; one click reconfirms and activates again; demo and synced listings are left alone', async () => {
    const { app, database } = t;
    const email = `duena-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const owner = await createTestClientWithEmail(database, email);
    const stranger = await createTestClientSession(database);
    const [rent, sale, demo, synced] = await insertTestProperties(database, [
      { lat: 20.67, lng: -103.35, owner_cuid: owner.cuid, title: 'Depa en renta de la dueña' },
      { lat: 20.67, lng: -103.35, owner_cuid: owner.cuid, is_venta: true, title: 'Casa en venta de la dueña' },
      { lat: 20.67, lng: -103.35, title: 'Propiedad de los datos de demostración' },
      { lat: 20.67, lng: -103.35, owner_cuid: owner.cuid, title: 'Propiedad sincronizada' },
    ]);
    await sql`UPDATE properties SET integration = 'easybroker' WHERE puid = ${synced!.puid}`.execute(database.db);
    // These four listings' clocks start on a day long past, so a run on that clock's days sees them alone: on a
    // shared PostgreSQL database the other tests' listings (reconfirmed today) are never due then, and cannot fill
    // the run's batch ahead of them.
    const now = Date.UTC(2016, 0, 4, 16);
    await sql`UPDATE properties SET reconfirmed_at = ${new Date(now)} WHERE puid = ANY(${[rent!.puid, sale!.puid, demo!.puid, synced!.puid]})`.execute(database.db);
    // A first start: nothing is due.
    const deps = { database, messaging: app.services.messaging, publicUrl: 'https://nj.example.mx' };
    const state = async (puid: string) => (await sql<{ is_active: boolean; freshness_reminders: number; freshness_paused_at: Date | null }>`
      SELECT is_active, freshness_reminders, freshness_paused_at FROM properties WHERE puid = ${puid}`.execute(database.db)).rows[0]!;
    const mails = async () => (await sql<{ payload: { to: string; subject: string; links: string[] } }>`
      SELECT payload FROM jobs WHERE name = 'email.send' AND payload->>'to' = ${email} ORDER BY id`.execute(database.db)).rows.map((r) => r.payload);
    await runFreshness(deps, new Date(now));
    expect(await mails()).toEqual([]);

    await runFreshness(deps, new Date(now + 31 * DAY));
    expect((await mails()).map((m) => m.subject)).toEqual([M.reminderSubject]);
    expect((await mails())[0]!.links).toEqual([`https://nj.example.mx/mis-propiedades?reconfirmar=${rent!.puid}`]);
    expect(await state(rent!.puid)).toMatchObject({ is_active: true, freshness_reminders: 1 });
    expect(await state(sale!.puid)).toMatchObject({ freshness_reminders: 0 });
    // The same day again sends nothing more.
    await runFreshness(deps, new Date(now + 31 * DAY));
    expect(await mails()).toHaveLength(1);
    await runFreshness(deps, new Date(now + 38 * DAY));
    expect(await state(rent!.puid)).toMatchObject({ is_active: true, freshness_reminders: 2 });
    const r = await runFreshness(deps, new Date(now + 45 * DAY));
    expect(r.paused).toBe(1);
    expect(await state(rent!.puid)).toMatchObject({ is_active: false, freshness_reminders: 2 });
    expect((await mails()).map((m) => m.subject)).toEqual([M.reminderSubject, M.reminderSubject, M.pausedSubject]);
    // Demo (ownerless) and synced listings: never reminded nor paused.
    expect(await state(demo!.puid)).toMatchObject({ is_active: true, freshness_reminders: 0 });
    expect(await state(synced!.puid)).toMatchObject({ is_active: true, freshness_reminders: 0 });

    // One click: only the owner; the paused listing is active again and its clock restarts.
    expect((await callAs(app, null, 'POST', `/api/v1/property/${rent!.puid}/reconfirm`)).statusCode).toBe(401);
    const other = await callAs(app, stranger, 'POST', `/api/v1/property/${rent!.puid}/reconfirm`);
    expect([other.statusCode, other.json().msg]).toEqual([404, M.reconfirmNotFound]);
    expect((await callAs(app, owner, 'POST', '/api/v1/property/no%20vale/reconfirm')).statusCode).toBe(400);
    const ok = await callAs(app, owner, 'POST', `/api/v1/property/${rent!.puid}/reconfirm`);
    expect([ok.statusCode, ok.json().msg, ok.json().data.is_active]).toEqual([200, M.reconfirmed, true]);
    expect(await state(rent!.puid)).toMatchObject({ is_active: true, freshness_reminders: 0, freshness_paused_at: null });
    // A listing its owner paused by hand stays paused when reconfirmed.
    await sql`UPDATE properties SET is_active = false WHERE puid = ${sale!.puid}`.execute(database.db);
    expect((await callAs(app, owner, 'POST', `/api/v1/property/${sale!.puid}/reconfirm`)).json().data.is_active).toBe(false);
  });
});
