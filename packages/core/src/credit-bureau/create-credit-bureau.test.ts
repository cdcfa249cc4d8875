import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CREDIT_BUREAU_MESSAGES } from '@nj/contracts';
import { createCreditBureau, readCreditBureauSettings } from './create-credit-bureau.ts';

const ec384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const ec256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const privatePem = ec384.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
const env = {
  CREDIT_BUREAU_PROVIDER: 'circulo', CIRCULO_API_KEY: 'k', CIRCULO_USERNAME: 'u', CIRCULO_PASSWORD: 'p',
  CIRCULO_PRIVATE_KEY: privatePem, CIRCULO_PUBLIC_KEY: publicPem,
};

describe('readCreditBureauSettings and createCreditBureau (CREDIT_BUREAU_PROVIDER)', () => {
  it('defaults to the sandbox outside production and to Círculo in production', () => {
    expect(createCreditBureau(readCreditBureauSettings({}, false)).name).toBe('sandbox');
    expect(() => readCreditBureauSettings({ CIRCULO_API_KEY: 'k' }, true)).toThrow(/CIRCULO_USERNAME/);
    expect(() => readCreditBureauSettings({ CREDIT_BUREAU_PROVIDER: 'sandbox' }, true)).toThrow(/production/);
  });
  it('builds Círculo from CIRCULO_*, with keys given with real line breaks or \\n escapes', () => {
    const settings = readCreditBureauSettings(env, true);
    expect(settings.provider).toBe('circulo');
    expect(createCreditBureau(settings).name).toBe('circulo');
    const escaped = readCreditBureauSettings({ ...env, CIRCULO_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n') }, false);
    expect(escaped.provider === 'circulo' && escaped.circulo.privateKey.asymmetricKeyDetails?.namedCurve).toBe('secp384r1');
  });
  it('names the variable at fault', () => {
    expect(() => readCreditBureauSettings({ CREDIT_BUREAU_PROVIDER: 'buro' }, false)).toThrow(/CREDIT_BUREAU_PROVIDER/);
    expect(() => readCreditBureauSettings({ ...env, CIRCULO_PASSWORD: ' ' }, false)).toThrow(/CIRCULO_PASSWORD/);
    expect(() => readCreditBureauSettings({ ...env, CIRCULO_PRIVATE_KEY: 'not a key' }, false)).toThrow(/CIRCULO_PRIVATE_KEY/);
    const p256 = ec256.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => readCreditBureauSettings({ ...env, CIRCULO_PRIVATE_KEY: p256 }, false)).toThrow(/secp384r1/);
    expect(() => readCreditBureauSettings({ ...env, CIRCULO_PUBLIC_KEY: 'garbage' }, false)).toThrow(/CIRCULO_PUBLIC_KEY/);
    expect(() => readCreditBureauSettings({ ...env, CIRCULO_API_BASE: 'services.example' }, false)).toThrow(/CIRCULO_API_BASE/);
  });
  it('production with no bureau configured starts, and refuses each query in Spanish', async () => {
    const settings = readCreditBureauSettings({}, true);
    expect(settings).toEqual({ provider: 'none' });
    await expect(createCreditBureau(settings).getReport({} as never)).rejects.toMatchObject({ code: 'UNAVAILABLE', msg: CREDIT_BUREAU_MESSAGES.unavailable });
  });
});
