import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES as M } from '@nj/contracts';
import { createDocusealESignature } from './docuseal-e-signature.ts';
import { readESignatureSettings } from './create-e-signature.ts';
import { startFakeDocusealServer } from './testing/fake-docuseal-server.ts';

let fake: Awaited<ReturnType<typeof startFakeDocusealServer>>;
beforeAll(async () => { fake = await startFakeDocusealServer({ apiKey: 'clave-docuseal', holdMs: 1500 }); });
afterAll(async () => { await fake.close(); });

const pdf = Buffer.from('%PDF-1.4 contrato\n%%EOF');
const submitters = [
  { role: 'renter', name: 'Lucía Peña', email: 'lucia@example.com', externalId: 'r1:renter' },
  { role: 'owner', name: 'Ana Ruiz', email: 'ana@example.com', externalId: 'r1:owner' },
];

describe('DocuSeal client against a local fake of its API (https://www.docuseal.com/docs/api)', () => {
  it('creates a submission from the PDF with submitters by role, reads their signing links and status, and downloads the signed document and audit log', async () => {
    fake.state.mode = 'ok';
    const client = createDocusealESignature({ baseUrl: fake.url, apiKey: 'clave-docuseal' });
    const created = await client.createSubmission({ name: 'Contrato r1', pdf, submitters });
    const request = fake.state.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/submissions/pdf', token: 'clave-docuseal' });
    expect(request.body).toMatchObject({
      name: 'Contrato r1', send_email: false, documents: [{ name: 'Contrato r1', file: pdf.toString('base64') }],
      submitters: [{ role: 'renter', email: 'lucia@example.com', external_id: 'r1:renter' }, { role: 'owner', name: 'Ana Ruiz' }],
    });
    expect(created.status).toBe('pending');
    expect(created.submitters.map((s) => [s.role, s.status])).toEqual([['renter', 'pending'], ['owner', 'pending']]);
    expect(created.submitters[0]!.signingUrl).toMatch(new RegExp(`^${fake.url}/s/slug`));
    expect(created.signedDocumentUrl).toBeNull();

    fake.complete(created.id, 'renter');
    const half = await client.getSubmission(created.id);
    expect(half.submitters.find((s) => s.role === 'renter')).toMatchObject({ status: 'completed' });
    expect(half.submitters.find((s) => s.role === 'renter')!.completedAt).toBeInstanceOf(Date);
    expect(half.status).toBe('pending');
    fake.complete(created.id, 'owner');
    const done = await client.getSubmission(created.id);
    expect(done.status).toBe('completed');
    expect(await client.download(done.signedDocumentUrl!)).toEqual(pdf);
    expect((await client.download(done.auditLogUrl!)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers UNAVAILABLE in Spanish on an error, a wrong key, a malformed answer and a timeout', async () => {
    const client = createDocusealESignature({ baseUrl: fake.url, apiKey: 'clave-docuseal', timeoutMs: 300 });
    for (const mode of ['error', 'malformed', 'timeout'] as const) {
      fake.state.mode = mode;
      await expect(client.createSubmission({ name: 'x', pdf, submitters })).rejects.toMatchObject({ code: 'UNAVAILABLE', msg: M.providerUnavailable });
    }
    fake.state.mode = 'ok';
    const wrongKey = createDocusealESignature({ baseUrl: fake.url, apiKey: 'otra' });
    await expect(wrongKey.getSubmission('500')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('reads ESIGN_PROVIDER and the DOCUSEAL_* settings', () => {
    expect(readESignatureSettings({}, false)).toEqual({ provider: 'sandbox' });
    expect(readESignatureSettings({}, true)).toEqual({ provider: 'none' });
    expect(readESignatureSettings({ DOCUSEAL_API_KEY: 'k', DOCUSEAL_WEBHOOK_SECRET: 's' }, true)).toEqual({ provider: 'docuseal', docuseal: { apiKey: 'k', baseUrl: undefined, webhookSecret: 's' } });
    expect(() => readESignatureSettings({ ESIGN_PROVIDER: 'sandbox' }, true)).toThrow('ESIGN_PROVIDER=sandbox is not allowed in production');
    expect(() => readESignatureSettings({ ESIGN_PROVIDER: 'docuseal' }, false)).toThrow('DOCUSEAL_API_KEY must be set');
    expect(() => readESignatureSettings({ ESIGN_PROVIDER: 'firmas' }, false)).toThrow('ESIGN_PROVIDER must be docuseal or sandbox');
  });
});
