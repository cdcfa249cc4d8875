import { describe, expect, it } from 'vitest';
import { formatIdmex } from './person-constants.ts';
import { PERSON_MESSAGES as M } from './person-messages.ts';
import { ZBirthdate, ZClabe, ZCurp, ZIdmexCode, ZPersonNames, ZPostalCode, ZProofOfAddressFields, ZRfc } from './person-schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('person schemas (spec 03 §3, §5)', () => {
  it('names: first name and first last name required, empty optional parts dropped, no digits', () => {
    expect(ZPersonNames.parse({ first_name: ' Ana ', middle_names: '', first_last_name: 'de la O', other_last_names: ' ' }))
      .toEqual({ first_name: 'Ana', middle_names: undefined, first_last_name: 'de la O', other_last_names: undefined });
    expect(firstMessage(ZPersonNames.safeParse({ first_name: '', first_last_name: 'Pérez' }))).toBe(M.firstNameRequired);
    expect(firstMessage(ZPersonNames.safeParse({ first_name: 'Ana', first_last_name: '  ' }))).toBe(M.firstLastNameRequired);
    expect(firstMessage(ZPersonNames.safeParse({ first_name: 'Ana2', first_last_name: 'Pérez' }))).toBe(M.nameInvalid);
    expect(ZPersonNames.parse({ first_name: 'Ma. Guadalupe', first_last_name: "D'Angelo-Núñez" }).first_last_name).toBe("D'Angelo-Núñez");
    expect(ZPersonNames.parse({ first_name: 'Rosa', first_last_name: 'N\u0303u\u0301n\u0303ez' }).first_last_name).toBe('N\u0303u\u0301n\u0303ez'); // decomposed accents
  });
  it('birthdate: a real YYYY-MM-DD date', () => {
    expect(ZBirthdate.parse('2000-02-29')).toBe('2000-02-29');
    expect(firstMessage(ZBirthdate.safeParse('1900-02-29'))).toBe(M.birthdateInvalid);
    expect(firstMessage(ZBirthdate.safeParse('14/03/1985'))).toBe(M.birthdateInvalid);
  });
  it('CURP and RFC: normalized, with the length and shape messages', () => {
    expect(ZCurp.parse(' pegj850314 hjcrmn09')).toBe('PEGJ850314HJCRMN09');
    expect(firstMessage(ZCurp.safeParse('PEGJ850314'))).toBe(M.curpLength18);
    expect(firstMessage(ZCurp.safeParse('PEGJ850314QJCRMN09'))).toBe(M.curpStructure);
    expect(firstMessage(ZCurp.safeParse(''))).toBe(M.curpRequired);
    expect(ZRfc.parse('pegj-850314-k73')).toBe('PEGJ850314K73');
    expect(ZRfc.parse('SAT970701NN3')).toBe('SAT970701NN3');
    expect(firstMessage(ZRfc.safeParse('PEGJ85031'))).toBe(M.rfcLengthRange);
    expect(firstMessage(ZRfc.safeParse('PEGJ850314K7B'))).toBe(M.rfcStructure);
  });
  it('IDMEX: exactly 10 digits, a pasted prefix dropped, shown with IDMEX', () => {
    expect(ZIdmexCode.parse('IDMEX 1234567890')).toBe('1234567890');
    expect(firstMessage(ZIdmexCode.safeParse('123456789'))).toBe(M.idmexLength10);
    expect(firstMessage(ZIdmexCode.safeParse('12345678AB'))).toBe(M.idmexDigits);
    expect(formatIdmex('1234567890')).toBe('IDMEX1234567890');
  });
  it('CLABE and postal code: digits of the right length', () => {
    expect(ZClabe.parse('012 320 00012345678 8')).toBe('012320000123456788');
    expect(firstMessage(ZClabe.safeParse('0123'))).toBe(M.clabeLength18);
    expect(ZPostalCode.parse(' 44100 ')).toBe('44100');
    expect(firstMessage(ZPostalCode.safeParse('4410'))).toBe(M.postalCodeInvalid);
  });
  it('proof of address: every field required, cp of 5', () => {
    const poa = { addr: 'Av. Juárez 100', neighborhood: 'Centro', city: 'Guadalajara', municipality: 'Guadalajara', state: 'Jalisco', cp: '44100' };
    expect(ZProofOfAddressFields.parse(poa)).toEqual(poa);
    expect(firstMessage(ZProofOfAddressFields.safeParse({ ...poa, neighborhood: ' ' }))).toBe(M.neighborhoodRequired);
    expect(firstMessage(ZProofOfAddressFields.safeParse({ ...poa, cp: '441000' }))).toBe(M.postalCodeInvalid);
  });
});
