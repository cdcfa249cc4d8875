import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDIT_BUREAU_MESSAGES } from '@nj/contracts';
import { createCirculoCreditBureau, type CirculoConfig } from './circulo-credit-bureau.ts';
import type { CreditBureauPerson } from './credit-bureau-provider.ts';
import { signCirculoPayload } from './sign-circulo-payload.ts';
import { verifyCirculoSignature } from './verify-circulo-signature.ts';
import { startFakeCirculoServer } from './testing/fake-circulo-server.ts';

const ours = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const circulo = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const stranger = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const credentials = { apiKey: 'cdc-key', username: 'cdc-user', password: 'cdc-pass' };
let fake: Awaited<ReturnType<typeof startFakeCirculoServer>>;

beforeAll(async () => {
  fake = await startFakeCirculoServer({ ...credentials, clientPublicKey: ours.publicKey, circuloPrivateKey: circulo.privateKey, otherPrivateKey: stranger.privateKey });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setMode('normal');
});

const person: CreditBureauPerson = {
  firstName: 'María José', otherNames: 'Guadalupe', firstLastName: 'Peña', otherLastNames: 'Gómez', birthdate: '1990-04-01',
  rfc: 'pegm900401ab1', address: { street: 'Av. Hidalgo 1234 int 5', neighborhood: 'Centro', municipality: 'Guadalajara', city: 'Guadalajara', state: 'Jalisco', cp: '44100' },
  reference: 'cr-1',
};
const at = new Date('2026-11-26T12:00:00Z');
const client = (overrides: Partial<CirculoConfig> = {}) => createCirculoCreditBureau({
  ...credentials, privateKey: ours.privateKey, publicKey: circulo.publicKey, baseUrl: fake.url, now: () => at, ...overrides,
});
const unavailable = { code: 'UNAVAILABLE', msg: CREDIT_BUREAU_MESSAGES.unavailable };

describe('signCirculoPayload and verifyCirculoSignature (ECDSA P-384, SHA-256, hex)', () => {
  it('verifies a signature over the same bytes with the matching key only', () => {
    const signature = signCirculoPayload('{"a":1}', ours.privateKey);
    expect(signature).toMatch(/^[0-9a-f]+$/);
    expect(verifyCirculoSignature('{"a":1}', signature, ours.publicKey)).toBe(true);
    expect(verifyCirculoSignature('{"a":2}', signature, ours.publicKey)).toBe(false);
    expect(verifyCirculoSignature('{"a":1}', signature, circulo.publicKey)).toBe(false);
    expect(verifyCirculoSignature('{"a":1}', undefined, ours.publicKey)).toBe(false);
    expect(verifyCirculoSignature('{"a":1}', 'zz', ours.publicKey)).toBe(false);
  });
});

describe("Círculo de Crédito's report client against a local fake Círculo", () => {
  it('sends a signed PersonaPeticion with the credentials and reads score, reasons and notices from the signed answer', async () => {
    const report = await client().getReport(person);
    expect(fake.requests).toHaveLength(1);
    const seen = fake.requests[0]!;
    expect(seen).toMatchObject({ method: 'POST', url: '/', signatureValid: true, headers: { 'x-api-key': 'cdc-key', username: 'cdc-user', password: 'cdc-pass', 'content-type': 'application/json' } });
    expect(JSON.parse(seen.body)).toEqual({
      apellidoPaterno: 'PEÑA', apellidoMaterno: 'GOMEZ', primerNombre: 'MARIA JOSE', segundoNombre: 'GUADALUPE', fechaNacimiento: '1990-04-01',
      RFC: 'PEGM900401AB1', nacionalidad: 'MX',
      domicilio: { direccion: 'AV. HIDALGO 1234 INT 5', coloniaPoblacion: 'CENTRO', delegacionMunicipio: 'GUADALAJARA', ciudad: 'GUADALAJARA', estado: 'JAL', CP: '44100' },
    });
    expect(report).toMatchObject({
      provider: 'circulo', source: 'rccficoscore', score: 640, reasons: ['D8', 'K0'], notices: ["Respuesta exitosa de otras SIC's"], username: 'cdc-user',
      queriedAt: at, expiresAt: new Date('2026-12-26T12:00:00Z'),
    });
    expect(report.folio).toMatch(/^\d+$/);
    expect(JSON.parse(report.response).folioConsulta).toBe(report.folio);
  });

  it('gives no score for a person without credit history or with FICO value 0, and honours the time to live', async () => {
    const report = await client({ ttlDays: 7 }).getReport({ ...person, firstLastName: 'Sin Historial' });
    expect(report).toMatchObject({ score: null, reasons: [], expiresAt: new Date('2026-12-03T12:00:00Z') });
    expect(await client().getReport({ ...person, firstLastName: 'Sin Score' })).toMatchObject({ score: null, reasons: [] });
  });

  it('refuses incomplete data before calling, and maps Círculo’s 400 to the same Spanish text', async () => {
    await expect(client().getReport({ ...person, otherLastNames: '', address: { ...person.address, cp: '4410', state: 'Texas' } }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST', msg: CREDIT_BUREAU_MESSAGES.rejectedData, fields: { otherLastNames: expect.any(String), cp: expect.any(String), state: expect.any(String) } });
    expect(fake.requests).toHaveLength(0);
    const fetch400: typeof fetch = async () => new Response(JSON.stringify({ errores: [{ codigo: '400.1', mensaje: 'El campo "CP" es requerido.' }] }), { status: 400 });
    await expect(client({ fetch: fetch400 }).getReport(person)).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: CREDIT_BUREAU_MESSAGES.rejectedData });
  });

  it('turns wrong credentials, a wrong request key, 5xx, a timeout and a dead host into UNAVAILABLE', async () => {
    await expect(client({ password: 'nope' }).getReport(person)).rejects.toMatchObject(unavailable);
    await expect(client({ privateKey: stranger.privateKey }).getReport(person)).rejects.toMatchObject(unavailable);
    expect(fake.requests.at(-1)!.signatureValid).toBe(false);
    fake.setMode('server-error');
    await expect(client().getReport(person)).rejects.toMatchObject(unavailable);
    fake.setMode('hang');
    await expect(client({ timeoutMs: 200 }).getReport(person)).rejects.toMatchObject(unavailable);
    await expect(client({ baseUrl: 'http://127.0.0.1:1' }).getReport(person)).rejects.toMatchObject(unavailable);
  });

  it('refuses an answer that is unsigned, signed by another key, not JSON, or with a score outside FICO’s range', async () => {
    for (const mode of ['unsigned', 'bad-signature', 'not-json', 'bad-score'] as const) {
      fake.setMode(mode);
      await expect(client().getReport(person), mode).rejects.toMatchObject(unavailable);
    }
  });
});
