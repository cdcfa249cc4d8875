import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ZContractState } from '@nj/contracts';
import { createTestClientWithEmail } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { startFakeDocusealServer } from '@nj/core/e-signature/testing/fake-docuseal-server';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

// The real DocuSeal client against a local fake of its API, with the webhook's shared secret.
const fake = await startFakeDocusealServer({ apiKey: 'clave-docuseal' });
afterAll(() => fake.close());
const t = useTestApp({ ESIGN_PROVIDER: 'docuseal', DOCUSEAL_URL: fake.url, DOCUSEAL_API_KEY: 'clave-docuseal', DOCUSEAL_WEBHOOK_SECRET: 'secreto-del-webhook' });

describe('the lease signed through DocuSeal (issue 13; https://www.docuseal.com/docs/api, webhooks)', () => {
  it('creates the submission with both parties by role, and DocuSeal\'s webhooks move the rent to on_rent once both signed', async () => {
    const { app, database } = t;
    const tag = randomBytes(4).toString('hex');
    const owner = await createTestClientWithEmail(database, `duenio-${tag}@example.com`);
    const renter = await createTestClientWithEmail(database, `renta-${tag}@example.com`);
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.34, lng: -114.67, owner_cuid: owner.cuid, rent_price: 9000 }]) as unknown as [{ puid: string }];
    const ruid = `r${randomBytes(8).toString('hex')}`;
    await database.db.insertInto('rents').values({
      ruid, puid, renter_cuid: renter.cuid, owner_cuid: owner.cuid, step: 'on_accepted_offer', price: 9000, maintenance_fee: 0,
      warranty_deposit: 1, plan: 'basic', rent_type: 'solo', first_day: '2027-05-01', last_day: '2028-04-30',
    } as never).execute();
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/contract', { ruid })).statusCode).toBe(200);
    const sent = await callAs(app, owner, 'POST', '/api/v1/rents/send-link-to-sign', { ruid });
    expect(sent.statusCode).toBe(200);
    const state = ZContractState.parse(sent.json().data);
    expect(state).toMatchObject({ provider: 'docuseal', submission_created: true });
    const created = fake.state.requests.find((r) => r.path === '/submissions/pdf')!;
    expect(created.token).toBe('clave-docuseal');
    expect((created.body as { submitters: { role: string; email: string }[] }).submitters).toEqual([
      expect.objectContaining({ role: 'renter', email: `renta-${tag}@example.com` }), expect.objectContaining({ role: 'owner', email: `duenio-${tag}@example.com` }),
    ]);
    const mine = ZContractState.parse((await callAs(app, renter, 'POST', '/api/v1/rents/sign', { ruid })).json().data);
    expect(mine.my_signing_url).toMatch(new RegExp(`^${fake.url}/s/`));
    const submissionId = [...fake.state.submissions.keys()].at(-1)!;

    const hook = (payload: unknown, secret = 'secreto-del-webhook') => app.inject({ method: 'POST', url: '/api/v1/esign/docuseal/webhook', headers: { 'x-docuseal-secret': secret }, payload: payload as never });
    fake.complete(String(submissionId), 'renter');
    expect((await hook({ event_type: 'form.completed', data: { id: 1, submission_id: submissionId } }, 'otro')).statusCode).toBe(401);
    const first = await hook({ event_type: 'form.completed', timestamp: new Date().toISOString(), data: { id: 1, submission_id: submissionId, role: 'renter' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ known: true });
    const half = ZContractState.parse((await callAs(app, owner, 'GET', `/api/v1/rents/${ruid}/contract`)).json().data);
    expect(half.signers.map((s) => [s.role, !!s.signed_at])).toEqual([['renter', true], ['owner', false]]);
    fake.complete(String(submissionId), 'owner');
    expect((await hook({ event_type: 'submission.completed', data: { id: submissionId } })).statusCode).toBe(200);
    const step = (await database.db.selectFrom('rents').select('step').where('ruid', '=', ruid).executeTakeFirstOrThrow()).step;
    expect(step).toBe('on_rent');
    const signed = await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/contract/signed`);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another submission's notice is not ours.
    expect((await hook({ event_type: 'submission.completed', data: { id: 99999 } })).json().data).toEqual({ known: false });
  });
});
