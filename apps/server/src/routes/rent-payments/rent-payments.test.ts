import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RENT_PAYMENTS_MESSAGES as M, ZRentPayments } from '@nj/contracts';
import { createTestClientSession, createTestClientWithEmail } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { startRentPayments } from '@nj/core/rent-payments/start-rent-payments';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp();

describe('GET /api/v1/rents/{ruid}/payments (issue 13; decision 024)', () => {
  it('shows the schedule to the renter, the owner and the second renter; 404 to others, 401 to visitors; no bank data', async () => {
    const { app, database } = t;
    const tag = randomBytes(4).toString('hex');
    const owner = await createTestClientWithEmail(database, `duena-pagos-${tag}@example.com`);
    const renter = await createTestClientWithEmail(database, `inq-pagos-${tag}@example.com`);
    const second = await createTestClientWithEmail(database, `seg-pagos-${tag}@example.com`);
    const stranger = await createTestClientSession(database);
    const anonymous = await createTestClientSession(database, { anonymous: true });
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.33, lng: -114.69, owner_cuid: owner.cuid, rent_price: 12000 }]) as unknown as [{ puid: string }];
    const ruid = `r${randomBytes(8).toString('hex')}`;
    await database.db.insertInto('rents').values({
      ruid, puid, renter_cuid: renter.cuid, owner_cuid: owner.cuid, step: 'on_rent', price: 12_000, maintenance_fee: 0,
      warranty_deposit: 2, plan: 'basic', rent_type: 'joint', first_day: '2027-01-15', last_day: '2027-04-20',
    } as never).execute();
    await database.db.insertInto('rent_invitations').values({ iuid: `iv${tag}`, ruid, role: 'second_renter', email: `seg-pagos-${tag}@example.com`, cuid: second.cuid, status: 'accepted' } as never).execute();
    const url = `/api/v1/rents/${ruid}/payments`;

    const before = await callAs(app, renter, 'GET', url);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ started: false, items: [] });

    await database.db.transaction().execute((trx) => startRentPayments(trx, ruid, { now: new Date('2026-12-20T18:00:00Z') }));
    const mine = await callAs(app, renter, 'GET', url);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().msg).toBe(M.loaded);
    const view = ZRentPayments.parse(mine.json().data);
    expect(view).toMatchObject({ role: 'renter', can_pay: true, started: true, paid_cents: 0 });
    // deposit 2 × 12,000; Jan 15, Feb 15, Mar 15 full; Apr 15–20 = 6 of the 30 days of Apr 15–May 14
    expect(view.items.map((i) => [i.kind, i.amount_cents, i.due_day, i.escrow_label])).toEqual([
      ['deposit', 2_400_000, '2026-12-20', 'awaiting_payment'], ['first_rent', 1_200_000, '2026-12-20', 'awaiting_payment'],
      ['rent', 1_200_000, '2027-02-15', 'awaiting_payment'], ['rent', 1_200_000, '2027-03-15', 'awaiting_payment'],
      ['rent', 240_000, '2027-04-15', 'awaiting_payment'],
    ]);
    expect(view.pending_cents).toBe(2_400_000 + 3 * 1_200_000 + 240_000);

    const owners = await callAs(app, owner, 'GET', url);
    expect(owners.json().data).toMatchObject({ role: 'owner', can_pay: false });
    const seconds = await callAs(app, second, 'GET', url);
    expect(seconds.json().data).toMatchObject({ role: 'second_renter', can_pay: false });
    expect(JSON.stringify(owners.json())).not.toMatch(/clabe|bank_account|bauid|number_sealed/i);

    const strangers = await callAs(app, stranger, 'GET', url);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json().msg).toBe(M.notFound);
    expect((await callAs(app, null, 'GET', url)).statusCode).toBe(401);
    expect((await callAs(app, anonymous, 'GET', url)).statusCode).toBe(401);
    expect((await callAs(app, renter, 'GET', '/api/v1/rents/nope/payments')).statusCode).toBe(404);
    const long = await callAs(app, renter, 'GET', `/api/v1/rents/${'x'.repeat(80)}/payments`);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(M.invalidRuid);
  });
});
