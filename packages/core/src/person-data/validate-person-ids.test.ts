import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors/app-error.ts';
import { assertPersonIds } from './assert-person-ids.ts';
import { resolveBirthState } from './resolve-birth-state.ts';
import { validatePersonIds, type PersonIdsInput } from './validate-person-ids.ts';

const TODAY = new Date('2026-11-26T12:00:00Z');
// A synthetic renter whose identifiers were computed by hand.
const renter: PersonIdsInput = {
  first_name: 'Juan Carlos', first_last_name: 'Pérez', other_last_names: 'Gómez', birthdate: '1985-03-14', lsex: 'male',
  birthplace_state: 'jalisco', curp: 'pegj850314hjcrmn09', rfc: 'PEGJ850314K73', idmex_code: 'IDMEX1234567890',
};

describe('resolveBirthState', () => {
  it('reads slugs, names with or without accents, abbreviations, CURP codes and abroad', () => {
    expect(resolveBirthState('nuevo_leon')).toBe('NL');
    expect(resolveBirthState('Nuevo León')).toBe('NL');
    expect(resolveBirthState('N.L.')).toBe('NL');
    expect(resolveBirthState('ciudad de mexico')).toBe('DF');
    expect(resolveBirthState('CDMX')).toBe('DF');
    expect(resolveBirthState('Estado de México')).toBe('MC');
    expect(resolveBirthState('Michoacán de Ocampo')).toBe('MN');
    expect(resolveBirthState('Q. Roo')).toBe('QR');
    expect(resolveBirthState('JC')).toBe('JC');
    expect(resolveBirthState('Extranjero')).toBe('NE');
    expect(resolveBirthState('Texas')).toBeNull();
    expect(resolveBirthState('')).toBeNull();
  });
});

describe('validatePersonIds / assertPersonIds', () => {
  it('accepts a consistent person and gives the values to store', () => {
    const report = validatePersonIds(renter, TODAY);
    expect(report).toEqual({ ok: true, errors: {}, warnings: {}, values: { curp: 'PEGJ850314HJCRMN09', rfc: 'PEGJ850314K73', idmex_code: '1234567890' } });
    expect(assertPersonIds(renter, TODAY).values.idmex_code).toBe('1234567890');
  });
  it('checks only the identifiers present', () => {
    expect(validatePersonIds({ first_name: 'Juan', first_last_name: 'Pérez', curp: '  ', rfc: null }, TODAY)).toEqual({ ok: true, errors: {}, warnings: {}, values: {} });
  });
  it('gives each bad field its first error, and warnings apart', () => {
    const report = validatePersonIds({ ...renter, birthdate: '1985-03-15', rfc: 'PEGJ850314K74', idmex_code: '12345' }, TODAY);
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual({
      curp: 'La fecha de la CURP (caracteres 5 a 10) no coincide con tu fecha de nacimiento',
      rfc: 'La fecha del RFC (los 6 números después de las letras) no coincide con tu fecha de nacimiento',
      idmex_code: 'El código IDMEX tiene exactamente 10 números; escribiste 5',
    });
    expect(report.warnings.rfc).toEqual([expect.stringMatching(/^El dígito verificador del RFC/)]);
  });
  it('without a birthdate, refuses an RFC whose date is not the CURP\'s', () => {
    const noBirthdate = { ...renter, birthdate: undefined };
    expect(validatePersonIds(noBirthdate, TODAY).ok).toBe(true);
    expect(validatePersonIds({ ...noBirthdate, rfc: 'PEGJ850315K7' + 'A' }, TODAY).errors).toEqual({
      rfc: 'La fecha del RFC (los 6 números después de las letras) no coincide con la de tu CURP (caracteres 5 a 10)',
    });
  });
  it('an RFC warning alone does not refuse', () => {
    expect(assertPersonIds({ ...renter, rfc: 'PEGJ850314K74' }, TODAY).warnings.rfc).toHaveLength(1);
  });
  it('assertPersonIds throws a 400 AppError with the first message and every bad field', () => {
    let thrown: unknown;
    try {
      assertPersonIds({ ...renter, lsex: 'female', idmex_code: 'ABC' }, TODAY);
    } catch (e) {
      thrown = e;
    }
    expect(isAppError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'BAD_REQUEST', status: 400, msg: 'El sexo de la CURP (carácter 11) no coincide con el que indicaste' });
    expect((thrown as { fields: Record<string, string> }).fields).toEqual({
      curp: 'El sexo de la CURP (carácter 11) no coincide con el que indicaste',
      idmex_code: expect.stringMatching(/^El código IDMEX solo lleva números/),
    });
  });
});
