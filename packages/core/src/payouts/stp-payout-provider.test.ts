import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../errors/app-error.ts';
import { centsToPesosText } from './payout-provider.ts';
import { createStpPayoutProvider, speiInstitutionKey, stpCadenaOriginal } from './stp-payout-provider.ts';
import { startFakeStpServer } from './testing/fake-stp-server.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
let fake: Awaited<ReturnType<typeof startFakeStpServer>>;
beforeAll(async () => { fake = await startFakeStpServer(publicKey); });
afterAll(async () => { await fake?.close(); });

const provider = () => createStpPayoutProvider({
  baseUrl: fake.url, empresa: 'NIDOJUSTO', privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  ordenanteCuenta: '646180110400000007', ordenanteNombre: 'Plataforma SA de CV', ordenanteRfc: 'PLA200101AB0', timeoutMs: 500,
});
const order = (trackingKey: string) => ({
  trackingKey, amountCents: 1_234_505, beneficiaryName: 'José Pérez', beneficiaryClabe: '002010077777777771', beneficiaryBankCode: '002',
  concept: 'Renta cobrada', numericReference: 1234567,
});

describe('STP registraOrden client against the fake STP server', () => {
  it('signs the cadena original, sends pesos with two decimals and gets an id', async () => {
    fake.state.mode = 'accept';
    const result = await provider().send(order('NJTEST0001'));
    expect(result).toEqual({ outcome: 'accepted', providerId: '4000001' });
    const sent = fake.state.orders.at(-1)!;
    expect(sent).toMatchObject({ monto: '12345.05', institucionContraparte: '40002', institucionOperante: '90646', nombreBeneficiario: 'Jose Perez', tipoCuentaBeneficiario: '40' });
    expect(stpCadenaOriginal(sent).startsWith('||40002|NIDOJUSTO|||NJTEST0001|90646|12345.05|1|40|')).toBe(true);
  });

  it('a repeated tracking key and a refusal come back as rejected with STP’s reason', async () => {
    expect(await provider().send(order('NJTEST0001'))).toEqual({ outcome: 'rejected', reason: 'Clave de rastreo duplicada' });
    fake.state.mode = 'reject';
    expect(await provider().send(order('NJTEST0002'))).toEqual({ outcome: 'rejected', reason: 'Cuenta beneficiario invalida' });
  });

  it('a timeout is UNAVAILABLE (the job retries)', async () => {
    fake.state.mode = 'timeout';
    const err = await provider().send(order('NJTEST0003')).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('UNAVAILABLE');
  });

  it('institution keys and amounts', () => {
    expect(speiInstitutionKey('012')).toBe('40012');
    expect(speiInstitutionKey('646')).toBe('90646');
    expect(centsToPesosText(5)).toBe('0.05');
    expect(centsToPesosText(100_000_00)).toBe('100000.00');
  });
});
