import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARANTOR_MESSAGES as G } from '@nj/contracts';
import { createApolloBondInsurer } from './apollo-bond-insurer.ts';
import type { BondRequest } from './bond-insurer.ts';
import { createBondInsurer, readBondInsurerSettings } from './create-bond-insurer.ts';
import { SANDBOX_BOND } from './sandbox-bond-insurer.ts';
import { startFakeApolloServer } from './testing/fake-apollo-server.ts';

const request: BondRequest = {
  reference: 'r_abc-1',
  tenant: { firstName: 'Ana', lastName: 'Ramírez', birthdate: '1990-01-02', email: 'ana@example.com' },
  rent: { monthlyRent: 15000, maintenanceFee: 1000, address: { street: 'Av. Juárez 100', city: 'Guadalajara', state: 'Jalisco', cp: '44100' } },
};

describe('APOLLO bond insurer client against its local fake server (decision 018)', () => {
  let fake: Awaited<ReturnType<typeof startFakeApolloServer>>;
  beforeAll(async () => {
    fake = await startFakeApolloServer({ apiKey: 'llave-de-prueba', holdMs: 1500 });
  });
  afterAll(() => fake.close());
  const client = (timeoutMs = 3000, apiKey = 'llave-de-prueba') => createApolloBondInsurer({ apiKey, affiliateId: 'nj', baseUrl: fake.url, timeoutMs });

  it('success: the documented path, key and body; the annual total becomes the premium', async () => {
    fake.state.mode = 'approve';
    const answer = await client().quote(request);
    expect(answer).toEqual({ outcome: 'approved', provider: 'apollo', reference: 'r_abc-1', premiumAnnual: 6000 });
    const sent = fake.state.requests.at(-1)!;
    expect(sent.path).toBe('/api/affiliates/nj/tenant/quote');
    expect(sent.apiKey).toBe('llave-de-prueba');
    expect(sent.body).toMatchObject({ externalId: 'r_abc-1', insuranceData: { firstName: 'Ana', lastName: 'Ramírez', birthdate: '1990-01-02', businessAddressPostal: '44100', monthlyRent: 15000 } });
  });

  it('refusal: a validation error answer is a refusal with its reasons', async () => {
    fake.state.mode = 'refuse';
    const answer = await client().quote(request);
    expect(answer.outcome).toBe('refused');
    expect(answer.outcome === 'refused' && answer.reasons[0]).toContain('not eligible');
  });

  it('timeout, malformed answer and a wrong key: UNAVAILABLE with the Spanish message', async () => {
    for (const [mode, timeoutMs, key] of [['timeout', 200, 'llave-de-prueba'], ['malformed', 3000, 'llave-de-prueba'], ['approve', 3000, 'otra']] as const) {
      fake.state.mode = mode;
      await expect(client(timeoutMs, key).quote(request), mode).rejects.toMatchObject({ code: 'UNAVAILABLE', msg: G.insurerUnavailable });
    }
  });
});

describe('bond insurer settings and the sandbox', () => {
  it('reads BOND_INSURER_PROVIDER and APOLLO_* naming what is wrong', () => {
    expect(readBondInsurerSettings({}, false)).toEqual({ provider: 'sandbox' });
    expect(readBondInsurerSettings({}, true)).toEqual({ provider: 'none' });
    expect(() => readBondInsurerSettings({ BOND_INSURER_PROVIDER: 'sandbox' }, true)).toThrow(/not allowed in production/);
    expect(() => readBondInsurerSettings({ BOND_INSURER_PROVIDER: 'apollo' }, false)).toThrow(/APOLLO_API_KEY/);
    expect(() => readBondInsurerSettings({ BOND_INSURER_PROVIDER: 'otra' }, false)).toThrow(/apollo or sandbox/);
    expect(() => readBondInsurerSettings({ APOLLO_API_KEY: 'k', APOLLO_AFFILIATE_ID: 'nj', APOLLO_API_BASE: 'ftp://x' }, true)).toThrow(/APOLLO_API_BASE/);
    expect(readBondInsurerSettings({ APOLLO_API_KEY: 'k', APOLLO_AFFILIATE_ID: 'nj' }, true)).toMatchObject({ provider: 'apollo', apollo: { apiKey: 'k', affiliateId: 'nj' } });
  });

  it('the sandbox approves with 35 % of a month a year, refuses RECHAZO; none refuses in Spanish', async () => {
    const sandbox = createBondInsurer({ provider: 'sandbox' });
    expect(await sandbox.quote(request)).toMatchObject({ outcome: 'approved', premiumAnnual: Math.round(16000 * SANDBOX_BOND.premiumShareOfMonth) });
    expect((await sandbox.quote({ ...request, tenant: { ...request.tenant, lastName: 'rechazo' } })).outcome).toBe('refused');
    await expect(createBondInsurer({ provider: 'none' }).quote(request)).rejects.toMatchObject({ code: 'UNAVAILABLE', msg: G.insurerNotConfigured });
  });
});
