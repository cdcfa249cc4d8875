import { describe, expect, it } from 'vitest';
import { computeRfcCheckDigit } from './compute-rfc-check-digit.ts';
import { deriveRfcNameKeys } from './derive-rfc-name-key.ts';
import { validateRfc, type RfcPerson } from './validate-rfc.ts';

// Synthetic people; check digits computed by hand from the SAT's table with an independent script. SAT970701NN3 is the
// SAT's own published RFC (a government body, not a person): a fixed point of the algorithm.
const juan: RfcPerson = { first_name: 'Juan Carlos', first_last_name: 'Pérez', other_last_names: 'Gómez', birthdate: '1985-03-14' };
const joseLuis: RfcPerson = { first_name: 'José', middle_names: 'Luis', first_last_name: 'Hernández', other_last_names: 'Núñez', birthdate: '1979-11-02' };
const mariaAngeles: RfcPerson = { first_name: 'María de los Ángeles', first_last_name: 'de la Garza', other_last_names: 'Muñoz', birthdate: '2003-07-21' };
const rosa: RfcPerson = { first_name: 'Rosa', first_last_name: 'Ñúñez', other_last_names: 'Lara', birthdate: '1988-06-15' };
const carolina: RfcPerson = { first_name: 'Carolina', first_last_name: 'Smith', birthdate: '1992-12-05' };
const ofelia: RfcPerson = { first_name: 'Ofelia', first_last_name: 'Cacho', other_last_names: 'Galindo', birthdate: '1990-01-31' };
const ernesto: RfcPerson = { first_name: 'Ernesto', first_last_name: 'Von Bertrab', other_last_names: 'Del Valle', birthdate: '1976-09-09' };
const alvaro: RfcPerson = { first_name: 'Álvaro', first_last_name: 'de la O', other_last_names: 'Lozano', birthdate: '1969-04-20' };
const diego: RfcPerson = { first_name: 'Diego', first_last_name: 'Ramírez', other_last_names: 'Soto', birthdate: '2001-02-28' };
const alberto: RfcPerson = { first_name: 'Alberto', first_last_name: 'Vázquez', other_last_names: 'Cárdenas', birthdate: '1982-05-09' };

const codes = (rfc: string, person: RfcPerson = {}, kind: 'fisica' | 'moral' | 'any' = 'fisica') => validateRfc(rfc, kind, person).issues.map((issue) => `${issue.severity}:${issue.code}`);

describe('computeRfcCheckDigit (SAT table, weights 13..2, mod 11)', () => {
  it('gives the digits computed by hand, including 0 and A', () => {
    expect(computeRfcCheckDigit('PEGJ850314K7')).toBe('3');
    expect(computeRfcCheckDigit('PEGJ850314KE')).toBe('0');
    expect(computeRfcCheckDigit('PEGJ850314K9')).toBe('A');
    expect(computeRfcCheckDigit('ÑULR880615H2')).toBe('A');
  });
  it('pads a persona moral with a leading space', () => {
    expect(computeRfcCheckDigit('SAT970701NN')).toBe('3');
  });
  it('refuses other lengths and characters outside the table', () => {
    expect(() => computeRfcCheckDigit('PEGJ850314')).toThrow(/11 or 12/);
    expect(() => computeRfcCheckDigit('PEGJ850314K-')).toThrow(/outside the table/);
  });
});

describe('deriveRfcNameKeys (SAT instructivo)', () => {
  it('usual case: letter and internal vowel of the first surname, second surname initial, given initial', () => {
    expect(deriveRfcNameKeys(juan as never)[0]).toBe('PEGJ');
    expect(deriveRfcNameKeys(diego as never)[0]).toBe('RASD');
  });
  it('skips JOSÉ/MARÍA in compound given names and particles in surnames and names', () => {
    expect(deriveRfcNameKeys(joseLuis as never)[0]).toBe('HENL');
    expect(deriveRfcNameKeys(mariaAngeles as never)[0]).toBe('GAMA');
    expect(deriveRfcNameKeys(ernesto as never)[0]).toBe('BEVE');
  });
  it('a first surname of one or two letters: its initial, the second surname initial, two letters of the name', () => {
    expect(deriveRfcNameKeys(alvaro as never)[0]).toBe('OLAL');
    expect(deriveRfcNameKeys({ first_name: 'Ernesto', first_last_name: 'Ek', other_last_names: 'Rivera' })[0]).toBe('ERER');
  });
  it('one surname: its first two letters and the name\'s first two, also accepting the CURP-like spelling', () => {
    expect(deriveRfcNameKeys(carolina as never)).toEqual(['SMCA', 'SIXC']);
    expect(deriveRfcNameKeys({ first_name: 'Juan', first_last_name: 'Martínez' })[0]).toBe('MAJU');
  });
  it('keeps Ñ (and accepts it written X)', () => {
    expect(deriveRfcNameKeys(rosa as never)).toEqual(['ÑULR', 'XULR']);
  });
  it('replaces the last letter of a word of the SAT table with X; words only RENAPO forbids stay', () => {
    expect(deriveRfcNameKeys(ofelia as never)[0]).toBe('CAGX');
    expect(deriveRfcNameKeys(alberto as never)[0]).toBe('VACA');
  });
});

describe('validateRfc', () => {
  it('accepts a valid RFC of the person, in lower case with spaces or hyphens', () => {
    const check = validateRfc(' pegj-850314-k73 ', 'fisica', juan);
    expect(check).toMatchObject({ ok: true, value: 'PEGJ850314K73', issues: [], parsed: { kind: 'fisica', yymmdd: '850314' } });
  });
  it('accepts each edge case when it matches the person', () => {
    const valid: [string, RfcPerson][] = [
      ['HENL791102QA2', joseLuis], ['GAMA030721MB9', mariaAngeles], ['ÑULR880615H2A', rosa], ['XULR880615H27', rosa],
      ['SMCA921205R4A', carolina], ['CAGX900131LT2', ofelia], ['BEVE760909P15', ernesto], ['OLAL690420BD6', alvaro],
      ['RASD010228S58', diego], ['VACA820509M37', alberto],
    ];
    for (const [rfc, person] of valid) expect([rfc, codes(rfc, person)]).toEqual([rfc, []]);
  });
  it('says the length, and refuses a company RFC for a person and the reverse', () => {
    expect(codes('PEGJ850314K7')).toEqual(['error:rfc_not_person']); // 12 characters: a company's length
    expect(validateRfc('PEGJ850314').issues[0]!.msg).toBe('El RFC tiene 13 caracteres (persona física) o 12 (persona moral); escribiste 10');
    expect(codes('', {})).toEqual(['error:rfc_required']);
    expect(codes('SAT970701NN3')).toEqual(['error:rfc_not_person']);
    expect(codes('SAT970701NN3', {}, 'moral')).toEqual([]);
    expect(codes('SAT970701NN3', {}, 'any')).toEqual([]);
    expect(codes('PEGJ850314K73', {}, 'moral')).toEqual(['error:rfc_not_company']);
  });
  it('names the segment whose structure is wrong', () => {
    expect(codes('P3GJ850314K73')).toEqual(['error:rfc_letters']);
    expect(codes('PEGJ85031AK73')).toEqual(['error:rfc_date_digits']);
    expect(codes('PEGJ851314K73')).toEqual(['error:rfc_date_invalid']);
    expect(codes('PEGJ850230K73')).toEqual(['error:rfc_date_invalid']);
    expect(codes('PEGJ850314K_3')).toEqual(['error:rfc_homoclave']);
    expect(codes('PEGJ850314K7B')).toEqual(['error:rfc_check_character']);
    expect(codes('A&B970701NN3', {}, 'moral')).toEqual([]); // & is a letter of company names
    expect(codes('A&B970701NN4', {}, 'moral')).toEqual(['warning:rfc_check_digit']);
    expect(codes('S&T970701NN3')).toEqual(['error:rfc_not_person']);
  });
  it('accepts 29 February when either century has it (00 is 2000)', () => {
    const body = 'RASD000229S5';
    expect(codes(body + computeRfcCheckDigit(body))).toEqual([]);
    expect(codes('RASD010229S5' + computeRfcCheckDigit('RASD010229S5'))).toEqual(['error:rfc_date_invalid']);
  });
  it('refuses the SAT\'s generic RFCs', () => {
    expect(validateRfc('XAXX010101000').issues).toEqual([{ code: 'rfc_generic', severity: 'error', msg: 'Ese es un RFC genérico del SAT; escribe tu RFC personal' }]);
    expect(codes('XEXX010101000')).toEqual(['error:rfc_generic']);
  });
  it('warns, without refusing, when the check digit does not match', () => {
    const check = validateRfc('PEGJ850314K74', 'fisica', juan);
    expect(check.ok).toBe(true);
    expect(check.issues).toEqual([{ code: 'rfc_check_digit', severity: 'warning', msg: expect.stringMatching(/^El dígito verificador del RFC/) }]);
  });
  it('refuses an RFC whose date is not the birthdate', () => {
    expect(codes('PEGJ850314K73', { ...juan, birthdate: '1985-03-15' })).toEqual(['error:rfc_birthdate']);
    expect(codes('RASD010228S58', { ...diego, birthdate: '1901-02-28' })).toEqual([]); // the century is not in an RFC
  });
  it('refuses an RFC whose letters are not the names, saying which were expected', () => {
    expect(validateRfc('PEGJ850314K73', 'fisica', { ...juan, first_name: 'Luis' }).issues.map((i) => i.msg))
      .toEqual(['Las letras del RFC no coinciden con tus apellidos y tu nombre (deberían ser PEGL)']);
    const raw = 'CAGO900131LT';
    expect(codes(raw + computeRfcCheckDigit(raw), ofelia)).toEqual(['error:rfc_name_letters']);
  });
});
