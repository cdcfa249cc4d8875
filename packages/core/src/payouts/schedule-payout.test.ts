import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { insertTestRent } from '../rent-documents/testing/document-fixtures.ts';
import { payoutTables } from './payouts-tables.ts';
import { PAYOUT_SEND_JOB, releaseAwaitingPayouts, schedulePayout } from './schedule-payout.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

async function insertAccount(cuid: string): Promise<string> {
  const bauid = randomUUID();
  await payoutTables(database).insertInto('bank_accounts').values({
    bauid, cuid, kind: 'clabe', bank_key: '002', bank_name: 'Banamex', swift: null, number_sealed: 'x', last4: '1234', holder_name: 'Ana', deleted_at: null,
  }).execute();
  return bauid;
}
const jobsFor = async (pouid: string) => (await database.db.selectFrom('jobs').select(['name', 'payload']).where('name', '=', PAYOUT_SEND_JOB).execute())
  .filter((j) => JSON.stringify(j.payload).includes(pouid));

describe('schedulePayout (interfaces.md seam 4, decision 025)', () => {
  it('waits for an account, is idempotent, and is released when the client adds one', async () => {
    const { renter, ruid } = await insertTestRent(database, 'on_rent');
    const input = { cuid: renter.cuid, ruid, amountCents: 1_500_000, reason: 'deposit_return' as const, sourceTuids: ['t2', 't1'] };
    const pouid = await database.db.transaction().execute((trx) => schedulePayout(trx, input));
    expect(await database.db.transaction().execute((trx) => schedulePayout(trx, { ...input, sourceTuids: ['t1', 't2'] }))).toBe(pouid);
    const row = await payoutTables(database).selectFrom('payouts').selectAll().where('pouid', '=', pouid).executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_account');
    expect(Number(row.amount_cents)).toBe(1_500_000);
    expect(await jobsFor(pouid)).toHaveLength(0);
    const bauid = await insertAccount(renter.cuid);
    expect(await database.db.transaction().execute((trx) => releaseAwaitingPayouts(trx, renter.cuid))).toBe(1);
    const after = await payoutTables(database).selectFrom('payouts').selectAll().where('pouid', '=', pouid).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'scheduled', bauid });
    expect(await jobsFor(pouid)).toHaveLength(1);
  });

  it("pays the owner only to the rent's linked account", async () => {
    const { owner, ruid } = await insertTestRent(database, 'on_rent');
    await insertAccount(owner.cuid);
    const input = { cuid: owner.cuid, ruid, amountCents: 1_000_000, reason: 'rent_release' as const, sourceTuids: ['a'] };
    const pouid = await schedulePayout(database, input);
    expect((await payoutTables(database).selectFrom('payouts').select('status').where('pouid', '=', pouid).executeTakeFirstOrThrow()).status).toBe('awaiting_account');
    const linked = await insertAccount(owner.cuid);
    await payoutTables(database).updateTable('rents').set({ bank_account: linked }).where('ruid', '=', ruid).execute();
    await releaseAwaitingPayouts(database, owner.cuid);
    expect(await payoutTables(database).selectFrom('payouts').select(['status', 'bauid']).where('pouid', '=', pouid).executeTakeFirstOrThrow())
      .toEqual({ status: 'scheduled', bauid: linked });
    const direct = await schedulePayout(database, { ...input, sourceTuids: ['b'] });
    expect((await payoutTables(database).selectFrom('payouts').select('bauid').where('pouid', '=', direct).executeTakeFirstOrThrow()).bauid).toBe(linked);
  });

  it('refuses a non-positive or fractional amount', async () => {
    await expect(schedulePayout(database, { cuid: 'c', ruid: 'r', amountCents: 10.5, reason: 'rent_release', sourceTuids: [] })).rejects.toThrow();
  });
});
