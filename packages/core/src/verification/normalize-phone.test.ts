import { describe, expect, it } from 'vitest';
import { normalizePhone } from './normalize-phone.ts';

describe('normalizePhone (spec 02 §5)', () => {
  it('normalises a Mexican number in the forms people type', () => {
    for (const typed of ['55 1234 5678', '(55) 1234-5678', '+52 55 1234 5678', '0052 5512345678', '5512345678']) {
      expect(normalizePhone(typed, '+52')).toEqual({ e164: '+525512345678', phoneNumber: '5512345678', phoneCountryCode: '+52' });
    }
  });
  it('accepts the legacy +521 mobile prefix and drops it', () => {
    expect(normalizePhone('+521 55 1234 5678').e164).toBe('+525512345678');
    expect(normalizePhone('1 55 1234 5678', '52').e164).toBe('+525512345678');
    expect(normalizePhone('+5213312345678').phoneNumber).toBe('3312345678');
  });
  it('defaults to Mexico and accepts another country when given', () => {
    expect(normalizePhone('3312345678').phoneCountryCode).toBe('+52');
    expect(normalizePhone('(213) 373-4253', '+1')).toMatchObject({ e164: '+12133734253', phoneCountryCode: '+1' });
  });
  it('refuses empty, letters and invalid numbers with the spec texts', () => {
    expect(() => normalizePhone('  ')).toThrow(/Debes de escribir un número de teléfono/);
    expect(() => normalizePhone('55 12 ab')).toThrow(/El número de teléfono no es válido/);
    expect(() => normalizePhone('123')).toThrow(/El número de teléfono no es válido/);
    expect(() => normalizePhone('5512345678', '+999')).toThrow(/El número de teléfono no es válido/);
  });
});
