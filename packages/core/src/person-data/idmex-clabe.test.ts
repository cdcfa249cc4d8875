import { describe, expect, it } from 'vitest';
import { computeClabeCheckDigit } from './compute-clabe-check-digit.ts';
import { validateClabe } from './validate-clabe.ts';
import { validateIdmex } from './validate-idmex.ts';

// Synthetic account numbers; check digits computed by hand (weights 3, 7, 1, each product mod 10) with an independent script.
describe('validateIdmex (spec 03 §5: exactly 10 digits, shown as IDMEX…)', () => {
  it('accepts 10 digits, also pasted with the IDMEX prefix or spaces', () => {
    expect(validateIdmex('1234567890')).toEqual({ ok: true, value: '1234567890', issues: [] });
    expect(validateIdmex('IDMEX1234567890').value).toBe('1234567890');
    expect(validateIdmex(' idmex 12345 67890 ')).toMatchObject({ ok: true, value: '1234567890' });
  });
  it('refuses empty, non-digits and other lengths with the length typed', () => {
    expect(validateIdmex('').issues[0]!.msg).toBe('Escribe el código IDMEX de tu INE');
    expect(validateIdmex('IDMEX').issues[0]!.code).toBe('idmex_required');
    expect(validateIdmex('12345A7890').issues[0]!.msg).toMatch(/^El código IDMEX solo lleva números/);
    expect(validateIdmex('123456789').issues[0]!.msg).toBe('El código IDMEX tiene exactamente 10 números; escribiste 9');
    expect(validateIdmex('12345678901').issues[0]!.msg).toBe('El código IDMEX tiene exactamente 10 números; escribiste 11');
    expect(validateIdmex('123456789').ok).toBe(false);
  });
});

describe('computeClabeCheckDigit (weights 3, 7, 1; mod 10)', () => {
  it('gives the digits computed by hand, including 0', () => {
    expect(computeClabeCheckDigit('01232000012345678')).toBe('8');
    expect(computeClabeCheckDigit('03018000098765432')).toBe('0');
    expect(computeClabeCheckDigit('72218000123456789')).toBe('1');
  });
  it('refuses fewer than 17 digits', () => {
    expect(() => computeClabeCheckDigit('0123')).toThrow(/17 digits/);
  });
});

describe('validateClabe', () => {
  it('accepts a valid CLABE, with spaces or hyphens, and gives its parts and bank', () => {
    const check = validateClabe('012 320 00012345678 8');
    expect(check).toMatchObject({ ok: true, value: '012320000123456788', issues: [] });
    expect(check.parsed).toEqual({ bankCode: '012', bankName: 'BBVA México', plaza: '320', account: '00012345678', checkDigit: '8' });
    expect(validateClabe('722-180-00123456789-1').parsed?.bankName).toBe('Mercado Pago');
    expect(validateClabe('030180000987654320').ok).toBe(true);
  });
  it('refuses empty, non-digits, other lengths and a wrong check digit', () => {
    expect(validateClabe('').issues[0]!.code).toBe('clabe_required');
    expect(validateClabe('01232000012345678X').issues[0]!.msg).toBe('La CLABE solo lleva números');
    expect(validateClabe('01232000012345678').issues[0]!.msg).toBe('La CLABE tiene 18 números; escribiste 17');
    const wrong = validateClabe('012320000123456787');
    expect(wrong.ok).toBe(false);
    expect(wrong.issues[0]!.msg).toMatch(/^El dígito verificador de la CLABE/);
    expect(validateClabe('012320000123456878').ok).toBe(false); // two digits swapped
  });
  it('only warns when the bank code is not in the catalogue', () => {
    const check = validateClabe('999180000000000015');
    expect(check.ok).toBe(true);
    expect(check.issues).toEqual([{ code: 'clabe_unknown_bank', severity: 'warning', msg: 'No reconocemos el banco 999 de la CLABE (sus 3 primeros números); revisa que sea correcta' }]);
    expect(check.parsed?.bankName).toBeNull();
  });
});
