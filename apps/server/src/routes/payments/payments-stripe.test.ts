import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts';
import { emoneyBalanceCents, PAYMENT_COMPLETED_JOB, transactionsRepository } from '@nj/core';
import { startFakeStripeServer } from '@nj/core/payments/testing/fake-stripe-server';
import { insertTestRent } from '@nj/core/rent-documents/testing/document-fixtures';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

/** Payments against a local fake of Stripe's API (PAYMENTS_PROVIDER=stripe): checkout, signed webhooks, e-money. */
const SECRET = 'sk_test_fake_123';
const WHSEC = 'whsec_fake_456';
const env: Record<string, string> = { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: WHSEC };
let fake: Awaited<ReturnType<typeof startFakeStripeServer>>;
beforeAll(async () => {
  fake = await startFakeStripeServer({ secretKey: SECRET, webhookSecret: WHSEC });
  env.STRIPE_API_BASE = fake.url;
});
afterAll(async () => fake?.close());
const t = useTestApp(env);

const webhook = (e: { payload: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook', payload: e.payload, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } });
const giveEmoney = (cuid: string, mxn: number) => sql`INSERT INTO emoney_ledger (cuid, amount_mxn, kind) VALUES (${cuid}, ${mxn}, 'adjustment')`.execute(t.database.db);
const jobs = async (tuid: string) => (await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE name = ${PAYMENT_COMPLETED_JOB} AND payload::text LIKE ${'%' + tuid + '%'}`.execute(t.database.db)).rows[0]!.n.toString();

async function rentCharges(amounts: number[]) {
  const r = await insertTestRent(t.database, 'on_rent');
  const tuids = await transactionsRepository.insertMany(t.database, amounts.map((a, i) => ({
    cuid: r.renter.cuid, ruid: r.ruid, ttype: i === 0 ? 'safe_deposit' as const : 'rent' as const, amountCents: a, duedate: new Date(Date.UTC(2026, 11, 1 + i)), description: `Cargo ${i}`,
  })));
  return { ...r, tuids };
}

describe('payments with Stripe (fake server)', () => {
  it('pays part with e-money, the rest through a Checkout Session; the signed webhook completes it once', async () => {
    const { renter, tuids } = await rentCharges([1_500_000, 1_500_000]);
    await giveEmoney(renter.cuid, 200);
    const res = await callAs(t.app, renter, 'POST', '/api/v1/payments/checkout', { tuids, use_emoney: true });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'redirect', total_cents: 3_000_000, emoney_cents: 20_000, provider_cents: 2_980_000 });
    expect(await emoneyBalanceCents(t.database, renter.cuid)).toBe(0);
    const create = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(create.authorization).toBe(`Bearer ${SECRET}`);
    expect(create.contentType).toContain('application/x-www-form-urlencoded');
    expect(create.idempotencyKey).toMatch(/^checkout-/);
    expect(create.params).toMatchObject({
      'line_items[0][price_data][unit_amount]': '2980000', 'line_items[0][price_data][currency]': 'mxn', 'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'oxxo', 'payment_method_types[2]': 'customer_balance', 'payment_method_options[oxxo][expires_after_days]': '3',
      'payment_method_options[customer_balance][bank_transfer][type]': 'mx_bank_transfer',
    });
    const session = [...fake.sessions.values()].find((s) => `https://checkout.stripe.test/c/pay/${s.id}` === data.checkout_url)!;

    // Wrong signature and a wrong amount change nothing.
    const wrongSig = fake.event(session.id, 'checkout.session.completed', { status: 'complete', payment_status: 'paid' }, { secret: 'whsec_other' });
    expect((await webhook(wrongSig)).statusCode).toBe(400);
    const old = fake.event(session.id, 'checkout.session.completed', { status: 'complete', payment_status: 'paid' }, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await webhook(old)).json()).toMatchObject({ msg: M.webhookSignature });
    const wrongAmount = fake.event(session.id, 'checkout.session.completed', { status: 'complete', payment_status: 'paid', amount_total: 100 });
    expect((await webhook(wrongAmount)).json().data.outcome).toBe('amount_mismatch');
    expect((await transactionsRepository.findByTuid(t.database, tuids[0]!))!.tstatus).toBe('pending');

    const paid = fake.event(session.id, 'checkout.session.completed', { status: 'complete', payment_status: 'paid', payment_method: 'card' });
    expect((await webhook(paid)).json().data.outcome).toBe('completed');
    expect((await webhook(paid)).json().data.outcome).toBe('duplicate');
    const again = fake.event(session.id, 'checkout.session.completed', { status: 'complete', payment_status: 'paid' });
    expect((await webhook(again)).json().data.outcome).toBe('ignored');
    const [a, b] = await Promise.all(tuids.map((id) => transactionsRepository.findByTuid(t.database, id)));
    expect(a).toMatchObject({ tstatus: 'completed', emoneyUsedCents: 20_000, paymentMethod: 'card', provider: 'stripe' });
    expect(b).toMatchObject({ tstatus: 'completed', emoneyUsedCents: 0 });
    expect(await jobs(tuids[0]!)).toBe('1');

    // The receipt: the payer and the rent's owner, nobody else.
    const receipt = await callAs(t.app, renter, 'GET', `/api/v1/client/payments/${tuids[0]}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the receipt is refused to strangers and before completion; the list is the payer\'s own, 10 a page', async () => {
    const { renter, owner, stranger, tuids } = await rentCharges([50_000]);
    expect((await callAs(t.app, renter, 'GET', `/api/v1/client/payments/${tuids[0]}/receipt`)).statusCode).toBe(409);
    expect((await callAs(t.app, stranger, 'GET', `/api/v1/client/payments/${tuids[0]}/receipt`)).statusCode).toBe(404);
    expect((await callAs(t.app, owner, 'GET', `/api/v1/client/payments/${tuids[0]}/receipt`)).json()).toMatchObject({ msg: M.receiptNotCompleted });
    const list = await callAs(t.app, renter, 'GET', '/api/v1/client/payments?page=1');
    expect(list.json().data).toMatchObject({ total: 1, page_size: 10, items: [{ tuid: tuids[0], tstatus: 'pending', amount_cents: 50_000 }] });
    expect((await callAs(t.app, stranger, 'GET', '/api/v1/client/payments')).json().data.total).toBe(0);
    expect((await callAs(t.app, null, 'GET', '/api/v1/client/payments')).statusCode).toBe(401);
  });

  it('refuses someone else\'s or paid transactions and malformed bodies in Spanish', async () => {
    const { renter, stranger, tuids } = await rentCharges([10_000]);
    const other = await callAs(t.app, stranger, 'POST', '/api/v1/payments/checkout', { tuids, use_emoney: false });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(M.notPayable);
    for (const body of [{}, { tuids: [], use_emoney: true }, { tuids, use_emoney: 'si' }, { tuids, use_emoney: true, extra: 1 }, 'x', { tuids: [1], use_emoney: true }]) {
      const res = await callAs(t.app, renter, 'POST', '/api/v1/payments/checkout', body);
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
      expect(typeof res.json().msg).toBe('string');
    }
    expect((await callAs(t.app, null, 'POST', '/api/v1/payments/checkout', { tuids, use_emoney: true })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook', payload: 'not json', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(400);
  });

  it('e-money alone completes at once; a provider outage or timeout gives the e-money back', async () => {
    const full = await rentCharges([10_000]);
    await giveEmoney(full.renter.cuid, 150);
    const res = await callAs(t.app, full.renter, 'POST', '/api/v1/payments/checkout', { tuids: full.tuids, use_emoney: true });
    expect(res.json()).toMatchObject({ msg: M.paidWithEmoney, data: { status: 'completed', emoney_cents: 10_000, provider_cents: 0 } });
    expect(await emoneyBalanceCents(t.database, full.renter.cuid)).toBe(5_000);
    expect(await jobs(full.tuids[0]!)).toBe('1');

    const part = await rentCharges([90_000]);
    await giveEmoney(part.renter.cuid, 100);
    fake.setMode('error');
    const down = await callAs(t.app, part.renter, 'POST', '/api/v1/payments/checkout', { tuids: part.tuids, use_emoney: true });
    expect(down.statusCode).toBe(503);
    expect(down.json().msg).toBe(M.providerUnavailable);
    expect(await emoneyBalanceCents(t.database, part.renter.cuid)).toBe(10_000);
    fake.setMode('ok');
  });

  it('an OXXO voucher: pending after checkout.session.completed unpaid; expiry expires the charges and returns the e-money', async () => {
    const { renter, tuids } = await rentCharges([40_000]);
    await giveEmoney(renter.cuid, 50);
    const data = (await callAs(t.app, renter, 'POST', '/api/v1/payments/checkout', { tuids, use_emoney: true })).json().data;
    const session = [...fake.sessions.values()].find((s) => data.checkout_url.endsWith(s.id))!;
    expect((await webhook(fake.event(session.id, 'checkout.session.completed', { status: 'complete', payment_status: 'unpaid', payment_method: 'oxxo' }))).json().data.outcome).toBe('awaiting_payment');
    expect(await emoneyBalanceCents(t.database, renter.cuid)).toBe(0);
    expect((await webhook(fake.event(session.id, 'checkout.session.async_payment_failed', { payment_method: 'oxxo' }))).json().data.outcome).toBe('expired');
    expect((await transactionsRepository.findByTuid(t.database, tuids[0]!))!.tstatus).toBe('expired');
    expect(await emoneyBalanceCents(t.database, renter.cuid)).toBe(5_000);
  });
});
