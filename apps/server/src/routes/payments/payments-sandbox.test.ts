import { describe, expect, it } from 'vitest';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts';
import { transactionsRepository } from '@nj/core';
import { insertTestRent } from '@nj/core/rent-documents/testing/document-fixtures';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

/** The sandbox provider end to end through the API: its hosted page's actions deliver signed webhooks to our route. */
const t = useTestApp();

async function pending(amount: number) {
  const r = await insertTestRent(t.database, 'on_rent');
  const [tuid] = await transactionsRepository.insertMany(t.database, [{ cuid: r.renter.cuid, ruid: r.ruid, ttype: 'rent', amountCents: amount, duedate: null, description: 'Renta' }]);
  const res = await callAs(t.app, r.renter, 'POST', '/api/v1/payments/checkout', { tuids: [tuid], use_emoney: false, return_path: '/pagos' });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().data.checkout_url as string;
  expect(url).toMatch(/\/pago-sandbox\/cs_test_/);
  return { ...r, tuid: tuid!, id: url.split('/').pop()! };
}

describe('sandbox payments through the API', () => {
  it('card: a declined card changes nothing; 4242 completes the transaction through the signed webhook', async () => {
    const { tuid, id, renter } = await pending(123_456);
    const view = await callAs(t.app, null, 'GET', `/api/v1/payments/sandbox/${id}`);
    expect(view.json().data).toMatchObject({ amount_cents: 123_456, status: 'open', currency: 'mxn' });
    const declined = await callAs(t.app, null, 'POST', `/api/v1/payments/sandbox/${id}`, { action: 'card', card_number: '4000000000000002' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().msg).toBe(M.sandboxCardDeclined);
    const ok = await callAs(t.app, null, 'POST', `/api/v1/payments/sandbox/${id}`, { action: 'card', card_number: '4242424242424242' });
    expect(ok.json().data).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(await transactionsRepository.findByTuid(t.database, tuid)).toMatchObject({ tstatus: 'completed', paymentMethod: 'card', provider: 'sandbox' });
    const list = await callAs(t.app, renter, 'GET', '/api/v1/client/payments');
    expect(list.json().data.items[0]).toMatchObject({ tuid, tstatus: 'completed', has_receipt: true });
  });

  it('OXXO: a reference with expiry, then paid in store; SPEI: a CLABE; bad actions in Spanish', async () => {
    const a = await pending(20_000);
    const oxxo = (await callAs(t.app, null, 'POST', `/api/v1/payments/sandbox/${a.id}`, { action: 'oxxo' })).json().data;
    expect(oxxo.oxxo_reference).toMatch(/^\d{18}$/);
    expect(new Date(oxxo.oxxo_expires_at).getTime()).toBeGreaterThan(Date.now());
    expect((await transactionsRepository.findByTuid(t.database, a.tuid))!.tstatus).toBe('pending');
    await callAs(t.app, null, 'POST', `/api/v1/payments/sandbox/${a.id}`, { action: 'settle' });
    expect(await transactionsRepository.findByTuid(t.database, a.tuid)).toMatchObject({ tstatus: 'completed', paymentMethod: 'oxxo' });

    const b = await pending(30_000);
    const spei = (await callAs(t.app, null, 'POST', `/api/v1/payments/sandbox/${b.id}`, { action: 'spei' })).json().data;
    expect(spei.spei_clabe).toMatch(/^\d{18}$/);
    const bad = await callAs(t.app, null, 'POST', `/api/v1/payments/sandbox/${b.id}`, { action: 'steal' });
    expect(bad.statusCode).toBe(400);
    expect((await callAs(t.app, null, 'GET', '/api/v1/payments/sandbox/cs_test_nope')).statusCode).toBe(404);
  });
});
