import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { registeredActor } from '../policies/actor.ts';
import { runDueJobs } from '../jobs/job-worker.ts';
import { insertTestRent } from '../rent-documents/testing/document-fixtures.ts';
import { addBankAccount } from '../bank-accounts/bank-accounts.ts';
import { payoutTables } from './payouts-tables.ts';
import { createSandboxPayoutProvider } from './sandbox-payout-provider.ts';
import { schedulePayout } from './schedule-payout.ts';
import { PAYOUT_SEND_JOB, PAYOUT_SETTLE_JOB, payoutJobs, settlePayout } from './send-payout.ts';

let database: Database;
const dataKey = randomBytes(32);
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

describe('payout.send with the sandbox provider (decision 025)', () => {
  it('sends a waiting payout once the tenant adds a CLABE, then settles it', async () => {
    let now = 1_000_000;
    const provider = createSandboxPayoutProvider({ settleAfterMs: 5_000, now: () => now });
    const deps = { database, dataKey, provider };
    const { renter, ruid } = await insertTestRent(database, 'on_rent');
    const pouid = await schedulePayout(database, { cuid: renter.cuid, ruid, amountCents: 900_000, reason: 'deposit_return', sourceTuids: ['x'] });
    await addBankAccount({ database, dataKey }, registeredActor(renter.cuid), { holder_name: 'Ana López', clabe: '002010077777777771' });
    expect(await runDueJobs(database, payoutJobs(deps), [PAYOUT_SEND_JOB])).toBeGreaterThan(0);
    const sent = await payoutTables(database).selectFrom('payouts').selectAll().where('pouid', '=', pouid).executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: 'sent', provider: 'sandbox' });
    expect(sent.tracking_key).toMatch(/^NJ[0-9A-F]{28}$/);
    now += 6_000;
    await settlePayout(deps, pouid, 1);
    expect((await payoutTables(database).selectFrom('payouts').select('status').where('pouid', '=', pouid).executeTakeFirstOrThrow()).status).toBe('liquidated');
    expect(PAYOUT_SETTLE_JOB).toBe('payout.settle');
  });

  it('a refused transfer is rejected with the reason', async () => {
    const deps = { database, dataKey, provider: createSandboxPayoutProvider() };
    const { renter, ruid } = await insertTestRent(database, 'on_rent');
    // 11 zero account digits: the sandbox's 'cuenta inexistente'
    const zero = '0020100000000000' ; const clabe = zero + '0' + checkDigit(zero + '0');
    await addBankAccount({ database, dataKey }, registeredActor(renter.cuid), { holder_name: 'Ana López', clabe });
    const pouid = await schedulePayout(database, { cuid: renter.cuid, ruid, amountCents: 100, reason: 'deposit_return', sourceTuids: ['y'] });
    await runDueJobs(database, payoutJobs(deps), [PAYOUT_SEND_JOB]);
    expect(await payoutTables(database).selectFrom('payouts').select(['status', 'failure_reason']).where('pouid', '=', pouid).executeTakeFirstOrThrow())
      .toEqual({ status: 'rejected', failure_reason: 'Cuenta inexistente' });
  });
});

function checkDigit(first17: string): string {
  const w = [3, 7, 1];
  const sum = [...first17].reduce((s, d, i) => s + ((Number(d) * w[i % 3]!) % 10), 0);
  return String((10 - (sum % 10)) % 10);
}
