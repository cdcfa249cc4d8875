import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type Database } from '@nj/db';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { registeredActor } from '../policies/actor.ts';
import { insertTestRent } from '../rent-documents/testing/document-fixtures.ts';
import { emoneyBalanceCents, splitEmoney } from './emoney-payments.ts';
import { createSandboxPaymentProvider, sandboxAct } from './sandbox-payment-provider.ts';
import { startCheckout } from './start-checkout.ts';
import { createStripePaymentProvider, formEncode } from './stripe-payment-provider.ts';
import { readCheckoutEvent, signStripePayload, verifyStripeSignature } from './stripe-signature.ts';
import { startFakeStripeServer } from './testing/fake-stripe-server.ts';
import { transactionsRepository } from './transactions-repository.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => database?.close());

const giveEmoney = (cuid: string, mxn: number) => sql`INSERT INTO emoney_ledger (cuid, amount_mxn, kind) VALUES (${cuid}, ${mxn}, 'adjustment')`.execute(database.db);

describe('transactions repository (centavos)', () => {
  it('inserts pending transactions and reads them by rent and tuid', async () => {
    const { renter, ruid } = await insertTestRent(database, 'on_rent');
    const tuids = await transactionsRepository.insertMany(database, [
      { cuid: renter.cuid, ruid, ttype: 'rent', amountCents: 1_250_050, duedate: new Date('2027-02-01T00:00:00Z'), description: 'Renta de febrero' },
      { cuid: renter.cuid, ruid, ttype: 'safe_deposit', amountCents: 2_500_000, duedate: new Date('2027-01-01T00:00:00Z'), description: 'Depósito' },
    ]);
    expect(tuids).toHaveLength(2);
    const rows = await transactionsRepository.listByRent(database, ruid);
    expect(rows.map((r) => [r.ttype, r.amountCents, r.tstatus])).toEqual([['safe_deposit', 2_500_000, 'pending'], ['rent', 1_250_050, 'pending']]);
    expect(await transactionsRepository.findByTuid(database, tuids[0]!)).toMatchObject({ cuid: renter.cuid, ruid, description: 'Renta de febrero', emoneyUsedCents: 0 });
    await expect(transactionsRepository.insertMany(database, [{ cuid: renter.cuid, ruid, ttype: 'rent', amountCents: 10.5, duedate: null, description: 'x' }])).rejects.toThrow();
    expect(await transactionsRepository.insertMany(database, [])).toEqual([]);
  });

  it('splits e-money earliest first, each up to its amount', () => {
    expect(splitEmoney([500, 300, 200], 650)).toEqual([500, 150, 0]);
    expect(splitEmoney([100], 0)).toEqual([0]);
  });
});

describe('e-money under concurrent payments', () => {
  it('never takes the ledger below zero: 8 payments at once with 250 MXN of e-money', async () => {
    const payer = await createTestClientSession(database);
    await giveEmoney(payer.cuid, 250);
    const tuids = await transactionsRepository.insertMany(database, Array.from({ length: 8 }, (_, i) => ({
      cuid: payer.cuid, ruid: null, ttype: 'ic' as const, amountCents: 10_000, duedate: null, description: `Cargo ${i}`,
    })));
    const provider = createSandboxPaymentProvider({ database, publicUrl: 'http://localhost', webhookSecret: 'whsec_test' });
    const results = await Promise.all(tuids.map((tuid) => startCheckout({ database, provider, publicUrl: 'http://localhost' }, { actor: registeredActor(payer.cuid), tuids: [tuid], useEmoney: true })));
    const emoneyUsed = results.reduce((s, r) => s + r.emoney_cents, 0);
    expect(emoneyUsed).toBe(25_000);
    expect(results.filter((r) => r.status === 'completed')).toHaveLength(2);
    expect(results.filter((r) => r.status === 'redirect' && r.emoney_cents === 5_000)).toHaveLength(1);
    expect(await emoneyBalanceCents(database, payer.cuid)).toBe(0);
  });

  it('refuses another payer and transactions no longer pending', async () => {
    const payer = await createTestClientSession(database);
    const other = await createTestClientSession(database);
    const [tuid] = await transactionsRepository.insertMany(database, [{ cuid: payer.cuid, ruid: null, ttype: 'ic', amountCents: 100, duedate: null, description: 'x' }]);
    const provider = createSandboxPaymentProvider({ database, publicUrl: 'http://localhost', webhookSecret: 'whsec_test' });
    const deps = { database, provider, publicUrl: 'http://localhost' };
    await expect(startCheckout(deps, { actor: registeredActor(other.cuid), tuids: [tuid!], useEmoney: false })).rejects.toMatchObject({ code: 'NOT_FOUND', msg: M.notPayable });
    await giveEmoney(payer.cuid, 1);
    expect((await startCheckout(deps, { actor: registeredActor(payer.cuid), tuids: [tuid!], useEmoney: true })).status).toBe('completed');
    await expect(startCheckout(deps, { actor: registeredActor(payer.cuid), tuids: [tuid!], useEmoney: true })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('sandbox provider', () => {
  it('declines 4000…0002, approves 4242…, and signs its events like Stripe', async () => {
    const provider = createSandboxPaymentProvider({ database, publicUrl: 'http://localhost', webhookSecret: 'whsec_sb' });
    const session = await provider.createCheckout({ reference: 'pc1', cuid: 'c1', customerEmail: null, amountCents: 4_990, description: 'x', successUrl: 'http://localhost/ok', cancelUrl: 'http://localhost/no' });
    expect(session.url).toBe(`http://localhost/pago-sandbox/${session.sessionId}`);
    await expect(sandboxAct(database, 'whsec_sb', session.sessionId, { action: 'card', card_number: '4000 0000 0000 0002' })).rejects.toMatchObject({ msg: M.sandboxCardDeclined });
    const paid = await sandboxAct(database, 'whsec_sb', session.sessionId, { action: 'card', card_number: '4242 4242 4242 4242' });
    expect(paid.session).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(verifyStripeSignature(paid.delivery!.payload, paid.delivery!.signature, 'whsec_sb')).toBe(true);
    expect(readCheckoutEvent(JSON.parse(paid.delivery!.payload))).toMatchObject({ type: 'checkout.session.completed', amountTotal: 4_990, currency: 'mxn', paymentStatus: 'paid', reference: 'pc1', paymentMethod: 'card' });
    await expect(sandboxAct(database, 'whsec_sb', session.sessionId, { action: 'oxxo' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('Stripe client against the fake server', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripeServer>>;
  beforeAll(async () => { fake = await startFakeStripeServer({ secretKey: 'sk_test_a', webhookSecret: 'whsec_a' }); });
  afterAll(async () => fake?.close());
  const request = { reference: 'pc-9', cuid: 'c9', customerEmail: 'a@b.mx', amountCents: 12_345, description: 'Renta', successUrl: 'https://x/ok', cancelUrl: 'https://x/no' };

  it('creates a session once per idempotency key', async () => {
    const stripe = createStripePaymentProvider({ secretKey: 'sk_test_a', webhookSecret: 'whsec_a', baseUrl: fake.url });
    const a = await stripe.createCheckout(request);
    const b = await stripe.createCheckout(request);
    expect(b.sessionId).toBe(a.sessionId);
    expect(fake.sessions.get(a.sessionId)).toMatchObject({ amount_total: 12_345, currency: 'mxn', client_reference_id: 'pc-9' });
  });

  it('a wrong key, a 500 and a timeout are UNAVAILABLE in Spanish', async () => {
    const wrong = createStripePaymentProvider({ secretKey: 'sk_test_b', webhookSecret: 'whsec_a', baseUrl: fake.url });
    await expect(wrong.createCheckout({ ...request, reference: 'pc-10' })).rejects.toMatchObject({ code: 'UNAVAILABLE', msg: M.providerUnavailable });
    fake.setMode('error');
    const stripe = createStripePaymentProvider({ secretKey: 'sk_test_a', webhookSecret: 'whsec_a', baseUrl: fake.url, timeoutMs: 300 });
    await expect(stripe.createCheckout({ ...request, reference: 'pc-11' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    fake.setMode('hang');
    await expect(stripe.createCheckout({ ...request, reference: 'pc-12' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    fake.setMode('ok');
  });

  it('verifies signatures: right, wrong secret, tampered body, too old, malformed', () => {
    const body = '{"id":"evt_1"}';
    const header = signStripePayload(body, 'whsec_a');
    expect(verifyStripeSignature(body, header, 'whsec_a')).toBe(true);
    expect(verifyStripeSignature(body, header, 'whsec_b')).toBe(false);
    expect(verifyStripeSignature(`${body} `, header, 'whsec_a')).toBe(false);
    expect(verifyStripeSignature(body, signStripePayload(body, 'whsec_a', Math.floor(Date.now() / 1000) - 301), 'whsec_a')).toBe(false);
    expect(verifyStripeSignature(body, 'garbage', 'whsec_a')).toBe(false);
    expect(verifyStripeSignature(body, undefined, 'whsec_a')).toBe(false);
    expect(formEncode({ a: { b: [{ c: 1 }] }, d: 'x y' })).toBe('a%5Bb%5D%5B0%5D%5Bc%5D=1&d=x%20y');
  });
});
