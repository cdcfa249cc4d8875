import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { RENT_PAYMENTS_MESSAGES as M } from '@nj/contracts';
import { insertTestRent } from '../rent-documents/testing/document-fixtures.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { runDueJobs, type JobHandlers } from '../jobs/job-worker.ts';
import { EMAIL_JOB, emailJob } from '../messaging/send-email.ts';
import { outboxRepository } from '../messaging/outbox-repository.ts';
import { transactionsRepository } from '../payments/transactions-repository.ts';
import { registeredActor } from '../policies/actor.ts';
import { escrowJobs, PAYMENT_COMPLETED_JOB, RENT_HANDOVER_CONFIRMED_JOB, RENT_MOVEOUT_CONFIRMED_JOB } from './escrow-jobs.ts';
import { getRentPayments } from './get-rent-payments.ts';
import { RENT_PAYMENT_REMINDER_JOB, rentReminderJob } from './rent-payment-reminders.ts';
import { startRentPayments } from './start-rent-payments.ts';

let database: Database;
const JOBS = [PAYMENT_COMPLETED_JOB, RENT_HANDOVER_CONFIRMED_JOB, RENT_MOVEOUT_CONFIRMED_JOB, RENT_PAYMENT_REMINDER_JOB, EMAIL_JOB];
const handlers = (): JobHandlers => {
  const messaging = { database, smtpUrl: undefined, isProduction: false, from: 'NJ <avisos@nj.example>' };
  return { ...escrowJobs(database), [RENT_PAYMENT_REMINDER_JOB]: rentReminderJob({ database, messaging, publicUrl: 'https://nj.example' }), [EMAIL_JOB]: emailJob(messaging) };
};
// 2026-11-27 10:00 Mexico City
const NOW = new Date('2026-11-27T16:00:00Z');

beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

async function signedRent(terms = { price: 10_000, maintenance_fee: 500, warranty_deposit: 1, first_day: '2026-12-01', last_day: '2027-05-31' }) {
  const t = await insertTestRent(database, 'on_rent');
  const email = `inq${Math.random().toString(36).slice(2)}@example.com`;
  await database.db.updateTable('clients').set({ email, is_email_verified: true }).where('cuid', '=', t.renter.cuid).execute();
  await database.db.updateTable('rents').set(terms as never).where('ruid', '=', t.ruid).execute();
  return { ...t, email };
}

async function pay(tuids: string[]) {
  await database.db.transaction().execute(async (trx) => {
    await sql`UPDATE transactions SET tstatus = 'completed', paid_at = now() WHERE tuid IN (${sql.join(tuids)})`.execute(trx);
    await enqueue(trx, PAYMENT_COMPLETED_JOB, { tuids }, { key: tuids.join(',') });
  });
  await runDueJobs(database, handlers(), JOBS);
}

async function payouts(ruid: string) {
  return (await sql<{ cuid: string; reason: string; amount_cents: string; status: string }>`SELECT cuid, reason, amount_cents, status FROM payouts WHERE ruid = ${ruid} ORDER BY created_at, reason`.execute(database.db)).rows
    .map((p) => ({ ...p, amount_cents: Number(p.amount_cents) }));
}

describe('startRentPayments', () => {
  it('inserts the schedule once, with the renter as payer, escrow items and reminders', async () => {
    const r = await signedRent();
    await database.db.transaction().execute((trx) => startRentPayments(trx, r.ruid, { now: NOW }));
    await database.db.transaction().execute((trx) => startRentPayments(trx, r.ruid, { now: NOW }));
    const txs = await transactionsRepository.listByRent(database, r.ruid);
    expect(txs.map((t) => [t.ttype, t.amountCents, t.cuid === r.renter.cuid, t.tstatus]).sort((a, b) => String(b[0]).localeCompare(String(a[0])))).toEqual([
      ['safe_deposit', 1_050_000, true, 'pending'], ['rent', 1_050_000, true, 'pending'],
      ...Array.from({ length: 5 }, () => ['rent', 1_050_000, true, 'pending']),
    ]);
    expect(txs.map((t) => t.description)).toContain('Renta de enero de 2027');
    const jobs = await sql<{ key: string }>`SELECT key FROM jobs WHERE name = ${RENT_PAYMENT_REMINDER_JOB} AND key LIKE ${`${r.ruid}:%`} ORDER BY run_at`.execute(database.db);
    // the first payment is due today (no reminder); then two per month
    expect(jobs.rows.map((j) => j.key)).toEqual(['2027-01-01', '2027-02-01', '2027-03-01', '2027-04-01', '2027-05-01'].flatMap((d) => [`${r.ruid}:${d}:before`, `${r.ruid}:${d}:due`]));

    const view = await getRentPayments(database, registeredActor(r.owner.cuid), r.ruid);
    expect(view).toMatchObject({ started: true, role: 'owner', can_pay: false, pending_cents: 7 * 1_050_000, paid_cents: 0 });
    expect(view.items[0]).toMatchObject({ kind: 'deposit', due_day: '2026-11-27', escrow_label: 'awaiting_payment' });
    expect(view.items[1]).toMatchObject({ kind: 'first_rent', due_day: '2026-11-27', period_from: '2026-12-01', period_to: '2026-12-31' });
  });

  it('reminders: sent once for a pending payment, nothing when it is paid', async () => {
    const r = await signedRent();
    await database.db.transaction().execute((trx) => startRentPayments(trx, r.ruid, { now: NOW }));
    const txs = await transactionsRepository.listByRent(database, r.ruid);
    const feb = txs.find((t) => t.description === 'Renta de febrero de 2027')!;
    await pay([feb.tuid]);
    await sql`UPDATE jobs SET run_at = now() WHERE name = ${RENT_PAYMENT_REMINDER_JOB} AND key IN (${`${r.ruid}:2027-01-01:before`}, ${`${r.ruid}:2027-02-01:before`}, ${`${r.ruid}:2027-02-01:due`})`.execute(database.db);
    await runDueJobs(database, handlers(), JOBS);
    const mails = await outboxRepository.list(database, { to: r.email, limit: 10 });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(M.reminderSubject);
    expect(mails[0]!.text).toContain('$10,500.00 MXN');
    // a job re-run (or a second enqueue with the same key) sends nothing more
    await enqueue(database.db, RENT_PAYMENT_REMINDER_JOB, { ruid: r.ruid, dueDay: '2027-01-01', when: 'before' }, { key: `${r.ruid}:2027-01-01:before` });
    await runDueJobs(database, handlers(), JOBS);
    expect(await outboxRepository.list(database, { to: r.email, limit: 10 })).toHaveLength(1);
  });
});

describe('escrow through the jobs', () => {
  it('first payment held, first month released at handover, later rents when paid, deposit back minus deduction at move-out', async () => {
    const r = await signedRent();
    await database.db.transaction().execute((trx) => startRentPayments(trx, r.ruid, { now: NOW }));
    const txs = await transactionsRepository.listByRent(database, r.ruid);
    const deposit = txs.find((t) => t.ttype === 'safe_deposit')!;
    const [first, second] = txs.filter((t) => t.ttype === 'rent') as [typeof txs[0], typeof txs[0]];
    await pay([deposit.tuid, first.tuid]);
    let view = await getRentPayments(database, registeredActor(r.renter.cuid), r.ruid);
    expect(view.items.slice(0, 2).map((i) => i.escrow_label)).toEqual(['held_deposit', 'held_first_rent']);
    expect(await payouts(r.ruid)).toEqual([]);

    await enqueue(database.db, RENT_HANDOVER_CONFIRMED_JOB, { ruid: r.ruid });
    await runDueJobs(database, handlers(), JOBS);
    expect(await payouts(r.ruid)).toEqual([{ cuid: r.owner.cuid, reason: 'rent_release', amount_cents: 1_050_000, status: 'awaiting_account' }]);

    await pay([second.tuid]);
    expect((await payouts(r.ruid)).length).toBe(2);

    await enqueue(database.db, RENT_MOVEOUT_CONFIRMED_JOB, { ruid: r.ruid, deductionCents: 200_000, reason: 'Pared dañada' });
    await runDueJobs(database, handlers(), JOBS);
    const all = await payouts(r.ruid);
    expect(all.filter((p) => p.reason !== 'rent_release')).toEqual(expect.arrayContaining([
      { cuid: r.renter.cuid, reason: 'deposit_return', amount_cents: 850_000, status: expect.any(String) },
      { cuid: r.owner.cuid, reason: 'deposit_release', amount_cents: 200_000, status: 'awaiting_account' },
    ]));
    view = await getRentPayments(database, registeredActor(r.owner.cuid), r.ruid);
    expect(view.items.slice(0, 3).map((i) => i.escrow_label)).toEqual(['returned_partly', 'released', 'released']);
    expect(view.deduction_cents).toBe(200_000);
    expect(view.payouts.map((p) => p.to).sort()).toEqual(['owner', 'owner', 'owner', 'renter']);

    // replays change nothing
    await enqueue(database.db, RENT_MOVEOUT_CONFIRMED_JOB, { ruid: r.ruid, deductionCents: 0 });
    await enqueue(database.db, RENT_HANDOVER_CONFIRMED_JOB, { ruid: r.ruid }, { key: 'again' });
    await enqueue(database.db, PAYMENT_COMPLETED_JOB, { tuids: [deposit.tuid, first.tuid, second.tuid] }, { key: 'again' });
    await runDueJobs(database, handlers(), JOBS);
    expect(await payouts(r.ruid)).toHaveLength(4);
  });

  it('handover before payment (even before payments start): the first month is released when paid', async () => {
    const r = await signedRent();
    await enqueue(database.db, RENT_HANDOVER_CONFIRMED_JOB, { ruid: r.ruid });
    await runDueJobs(database, handlers(), JOBS);
    await database.db.transaction().execute((trx) => startRentPayments(trx, r.ruid, { now: NOW }));
    const first = (await transactionsRepository.listByRent(database, r.ruid)).find((t) => t.ttype === 'rent')!;
    await pay([first.tuid]);
    expect(await payouts(r.ruid)).toEqual([{ cuid: r.owner.cuid, reason: 'rent_release', amount_cents: 1_050_000, status: 'awaiting_account' }]);
  });

  it('only the parties read the payments', async () => {
    const r = await signedRent();
    await expect(getRentPayments(database, registeredActor(r.stranger.cuid), r.ruid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getRentPayments(database, registeredActor(r.renter.cuid), 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await getRentPayments(database, registeredActor(r.renter.cuid), r.ruid)).toMatchObject({ started: false, items: [], can_pay: true });
  });
});
