import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import { createDiditIdentityCheck } from './didit-identity-check.ts';
import { createIdentityCheck, readIdentityCheckSettings } from './create-identity-check.ts';
import { startFakeDiditServer } from './testing/fake-didit-server.ts';

const KEY = 'didit-test-key';
let fake: Awaited<ReturnType<typeof startFakeDiditServer>>;

beforeAll(async () => {
  fake = await startFakeDiditServer(KEY);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setMode('normal');
});

const card = { cic: '123456789', citizenId: '987654321', reference: 'idp-1' };

describe("Didit's INE check against a local fake Didit", () => {
  it('sends the documented request and maps Approved to success', async () => {
    const didit = createDiditIdentityCheck({ apiKey: KEY, baseUrl: fake.url });
    const result = await didit.check({ ...card, firstName: 'Ana', lastName: 'López', birthdate: '1990-04-01' });
    expect(result).toMatchObject({ status: 'success', providerStatus: 'Approved', matchType: 'full_match' });
    expect(result.providerReference).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', url: '/v3/database-validation/', apiKey: KEY, contentType: 'application/json' });
    expect(fake.requests[0]!.body).toEqual({
      issuing_state: 'MEX', services: ['mex_ine_vigencia'], cic: '123456789', identificador_ciudadano: '987654321',
      first_name: 'Ana', last_name: 'López', date_of_birth: '1990-04-01', vendor_data: 'idp-1',
    });
  });

  it('maps Declined to failure and In Review to pending', async () => {
    const didit = createDiditIdentityCheck({ apiKey: KEY, baseUrl: fake.url });
    expect(await didit.check({ ...card, cic: '000000001' })).toMatchObject({ status: 'failure', providerStatus: 'Declined', matchType: 'no_match' });
    expect(await didit.check({ ...card, cic: '999123123' })).toMatchObject({ status: 'pending', providerStatus: 'In Review' });
  });

  it('sends a model C card as voter_number, emission_number and ocr', async () => {
    const didit = createDiditIdentityCheck({ apiKey: KEY, baseUrl: fake.url });
    await didit.check({ voterKey: 'gmlpan90040114m800', emissionNumber: '02', ocr: '1234567890123', reference: 'idp-2' });
    expect(fake.requests[0]!.body).toMatchObject({ voter_number: 'GMLPAN90040114M800', emission_number: '02', ocr: '1234567890123' });
    expect(fake.requests[0]!.body).not.toHaveProperty('cic');
  });

  it('refuses missing or malformed card data in Spanish before calling Didit', async () => {
    const didit = createDiditIdentityCheck({ apiKey: KEY, baseUrl: fake.url });
    await expect(didit.check({ cic: '12345', citizenId: '987654321', reference: 'x' }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST', msg: IDENTITY_CHECK_MESSAGES.invalidData, fields: { cic: IDENTITY_CHECK_MESSAGES.invalidData } });
    await expect(didit.check({ cic: '123456789', reference: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: IDENTITY_CHECK_MESSAGES.missingData });
    await expect(didit.check({ ...card, birthdate: '01/04/1990' })).rejects.toMatchObject({ code: 'BAD_REQUEST', fields: { birthdate: IDENTITY_CHECK_MESSAGES.invalidData } });
    expect(fake.requests).toHaveLength(0);
  });

  it("turns a wrong key, 5xx, a timeout, a dead host or a malformed answer into UNAVAILABLE", async () => {
    const didit = createDiditIdentityCheck({ apiKey: KEY, baseUrl: fake.url });
    const unavailable = { code: 'UNAVAILABLE', msg: IDENTITY_CHECK_MESSAGES.unavailable };
    const wrongKey = createDiditIdentityCheck({ apiKey: 'other', baseUrl: fake.url });
    await expect(wrongKey.check(card)).rejects.toMatchObject(unavailable);
    fake.setMode('server-error');
    await expect(didit.check(card)).rejects.toMatchObject(unavailable);
    fake.setMode('not-json');
    await expect(didit.check(card)).rejects.toMatchObject(unavailable);
    fake.setMode('unknown-status');
    await expect(didit.check(card)).rejects.toMatchObject(unavailable);
    fake.setMode('hang');
    const slow = createDiditIdentityCheck({ apiKey: KEY, baseUrl: fake.url, timeoutMs: 200 });
    await expect(slow.check(card)).rejects.toMatchObject(unavailable);
    const down = createDiditIdentityCheck({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1' });
    await expect(down.check(card)).rejects.toMatchObject(unavailable);
  });

  it("maps Didit's 400 to BAD_REQUEST with the Spanish invalid-data text", async () => {
    const fetch400: typeof fetch = async () => new Response(JSON.stringify({ detail: 'Invalid input.' }), { status: 400 });
    const didit = createDiditIdentityCheck({ apiKey: KEY, baseUrl: fake.url, fetch: fetch400 });
    await expect(didit.check(card)).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: IDENTITY_CHECK_MESSAGES.invalidData });
  });
});

describe('readIdentityCheckSettings and createIdentityCheck (IDENTITY_PROVIDER)', () => {
  it('defaults to the sandbox outside production and to Didit in production', () => {
    expect(createIdentityCheck(readIdentityCheckSettings({}, false)).name).toBe('sandbox');
    expect(() => readIdentityCheckSettings({ IDENTITY_PROVIDER: 'didit' }, true)).toThrow(/DIDIT_API_KEY/);
    expect(() => readIdentityCheckSettings({ DIDIT_API_BASE: 'https://x.example' }, true)).toThrow(/DIDIT_API_KEY/);
    expect(() => readIdentityCheckSettings({ IDENTITY_PROVIDER: 'sandbox' }, true)).toThrow(/production/);
  });
  it('builds Didit from DIDIT_* and names a bad variable', () => {
    const settings = readIdentityCheckSettings({ IDENTITY_PROVIDER: 'Didit', DIDIT_API_KEY: ' k ' }, false);
    expect(settings).toEqual({ provider: 'didit', didit: { apiKey: 'k', baseUrl: undefined } });
    expect(createIdentityCheck(settings).name).toBe('didit');
    expect(() => readIdentityCheckSettings({ IDENTITY_PROVIDER: 'nubarium' }, false)).toThrow(/IDENTITY_PROVIDER/);
    expect(() => readIdentityCheckSettings({ IDENTITY_PROVIDER: 'didit', DIDIT_API_KEY: 'k', DIDIT_API_BASE: 'ftp://x' }, false)).toThrow(/DIDIT_API_BASE/);
  });
  it('production with no provider configured starts, and refuses each check in Spanish', async () => {
    const settings = readIdentityCheckSettings({}, true);
    expect(settings).toEqual({ provider: 'none' });
    await expect(createIdentityCheck(settings).check(card)).rejects.toMatchObject({ code: 'UNAVAILABLE', msg: IDENTITY_CHECK_MESSAGES.unavailable });
  });
});
