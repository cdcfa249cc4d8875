import { describe, expect, it } from 'vitest';
import { computeCurpCheckDigit } from './compute-curp-check-digit.ts';
import { deriveCurpNameKey } from './derive-curp-name-key.ts';
import { validateCurp, type CurpPerson } from './validate-curp.ts';

// Synthetic people (no real person's identifiers); each check digit was computed by hand from RENAPO's table with an
// independent script, not with the code under test.
const TODAY = new Date('2026-11-26T12:00:00Z');
const juan: CurpPerson = { first_name: 'Juan Carlos', first_last_name: 'Pérez', other_last_names: 'Gómez', birthdate: '1985-03-14', lsex: 'male', birthplace_state: 'jalisco' };
const joseLuis: CurpPerson = { first_name: 'José', middle_names: 'Luis', first_last_name: 'Hernández', other_last_names: 'Núñez', birthdate: '1979-11-02', lsex: 'male', birthplace_state: 'Ciudad de México' };
const mariaAngeles: CurpPerson = { first_name: 'María de los Ángeles', first_last_name: 'de la Garza', other_last_names: 'Muñoz', birthdate: '2003-07-21', lsex: 'female', birthplace_state: 'nuevo_leon' };
const rosa: CurpPerson = { first_name: 'Rosa', first_last_name: 'Ñúñez', other_last_names: 'Lara', birthdate: '1988-06-15', lsex: 'female', birthplace_state: 'Estado de México' };
const carolina: CurpPerson = { first_name: 'Carolina', first_last_name: 'Smith', birthdate: '1992-12-05', lsex: 'female', birthplace_state: 'extranjero' };
const ofelia: CurpPerson = { first_name: 'Ofelia', first_last_name: 'Cacho', other_last_names: 'Galindo', birthdate: '1990-01-31', lsex: 'female', birthplace_state: 'Puebla' };
const ernesto: CurpPerson = { first_name: 'Ernesto', first_last_name: 'Von Bertrab', other_last_names: 'Del Valle', birthdate: '1976-09-09', lsex: 'male', birthplace_state: 'Veracruz' };
const alvaro: CurpPerson = { first_name: 'Álvaro', first_last_name: 'de la O', other_last_names: 'Lozano', birthdate: '1969-04-20', lsex: 'male', birthplace_state: 'oaxaca' };
const diego: CurpPerson = { first_name: 'Diego', first_last_name: 'Ramírez', other_last_names: 'Soto', birthdate: '2001-02-28', lsex: 'male', birthplace_state: 'sonora' };
const alberto: CurpPerson = { first_name: 'Alberto', first_last_name: 'Vázquez', other_last_names: 'Cárdenas', birthdate: '1982-05-09', lsex: 'male', birthplace_state: 'guanajuato' };
const xochitl: CurpPerson = { first_name: 'Xóchitl', first_last_name: 'López', other_last_names: 'Ayala', birthdate: '1995-08-17', birthplace_state: 'yucatan' };

const codes = (curp: string, person: CurpPerson = {}) => validateCurp(curp, person, TODAY).issues.map((issue) => issue.code);

describe('computeCurpCheckDigit (RENAPO table, weights 18..2, mod 10)', () => {
  it('gives the digits computed by hand', () => {
    expect(computeCurpCheckDigit('PEGJ850314HJCRMN0')).toBe('9');
    expect(computeCurpCheckDigit('GAMA030721MNLRXNA')).toBe('7');
    expect(computeCurpCheckDigit('RASD010228HSRMTGA')).toBe('5');
    expect(computeCurpCheckDigit('RASD010228HSRMTGB')).toBe('3');
    expect(computeCurpCheckDigit('OXLA690420HOCXZL0')).toBe('1');
  });
  it('reads & as Ñ (value 24) and refuses characters outside the table and short input', () => {
    expect(computeCurpCheckDigit('AAAA000000HAS&&&0')).toBe(computeCurpCheckDigit('AAAA000000HASÑÑÑ0'));
    expect(() => computeCurpCheckDigit('AAAA000000HAS-BC0')).toThrow(/outside the table/);
    expect(() => computeCurpCheckDigit('AAAA')).toThrow(/17/);
  });
});

describe('deriveCurpNameKey (RENAPO name rules)', () => {
  it('takes the first letter and internal vowel of the first surname, the second surname initial, the given initial', () => {
    expect(deriveCurpNameKey(juan as never)).toEqual({ letters: 'PEGJ', consonants: 'RMN' });
  });
  it('skips JOSÉ and MARÍA (and MA., J.) when a second given name follows, but not when alone', () => {
    expect(deriveCurpNameKey(joseLuis as never)).toEqual({ letters: 'HENL', consonants: 'RXS' });
    expect(deriveCurpNameKey({ first_name: 'Ma. Guadalupe', first_last_name: 'Pérez', other_last_names: 'Gómez' })).toEqual({ letters: 'PEGG', consonants: 'RMD' });
    expect(deriveCurpNameKey({ first_name: 'J.', middle_names: 'Refugio', first_last_name: 'Pérez', other_last_names: 'Gómez' }).letters).toBe('PEGR');
    expect(deriveCurpNameKey({ first_name: 'María', first_last_name: 'Pérez', other_last_names: 'Gómez' })).toEqual({ letters: 'PEGM', consonants: 'RMR' });
    expect(deriveCurpNameKey({ first_name: 'José María', first_last_name: 'Pérez', other_last_names: 'Gómez' }).letters).toBe('PEGM');
    expect(deriveCurpNameKey({ first_name: 'José', middle_names: 'Luis', first_last_name: 'Pérez', other_last_names: 'Gómez' }, false).letters).toBe('PEGJ');
  });
  it('skips particles in surnames and given names (DE, DEL, LA, LOS, Y, MC, VON)', () => {
    expect(deriveCurpNameKey(mariaAngeles as never)).toEqual({ letters: 'GAMA', consonants: 'RXN' });
    expect(deriveCurpNameKey(ernesto as never)).toEqual({ letters: 'BEVE', consonants: 'RLR' });
    expect(deriveCurpNameKey({ first_name: 'Luis', first_last_name: 'Mc Gregor', other_last_names: 'Gómez y Farías' })).toEqual({ letters: 'GEGL', consonants: 'RMS' });
  });
  it('writes Ñ as X, and X for a missing second surname, internal vowel or consonant', () => {
    expect(deriveCurpNameKey(rosa as never)).toEqual({ letters: 'XULR', consonants: 'XRS' });
    expect(deriveCurpNameKey(carolina as never)).toEqual({ letters: 'SIXC', consonants: 'MXR' });
    expect(deriveCurpNameKey(alvaro as never)).toEqual({ letters: 'OXLA', consonants: 'XZL' });
  });
  it('replaces the second letter of an inconvenient word with X', () => {
    expect(deriveCurpNameKey(ofelia as never)).toEqual({ letters: 'CXGO', consonants: 'CLF' });
    expect(deriveCurpNameKey(alberto as never).letters).toBe('VXCA');
  });
  it('ignores accents, diaeresis, case, apostrophes and hyphens', () => {
    expect(deriveCurpNameKey({ first_name: 'agüeda', first_last_name: "d'Angelo", other_last_names: 'PÉREZ-gómez' })).toEqual({ letters: 'DAPA', consonants: 'NRG' });
  });
});

describe('validateCurp', () => {
  it('accepts a valid CURP of the person, lower case and with spaces, and says what it holds', () => {
    const check = validateCurp(' pegj850314 hjcrmn09 ', juan, TODAY);
    expect(check).toMatchObject({ ok: true, value: 'PEGJ850314HJCRMN09', issues: [] });
    expect(check.parsed).toEqual({ birthdate: '1985-03-14', sex: 'H', state: 'JC', bornAbroad: false });
  });
  it('accepts each edge case when it matches the person', () => {
    const valid: [string, CurpPerson][] = [
      ['HENL791102HDFRXS07', joseLuis], ['GAMA030721MNLRXNA7', mariaAngeles], ['XULR880615MMCXRS07', rosa],
      ['SIXC921205MNEMXR06', carolina], ['CXGO900131MPLCLF06', ofelia], ['BEVE760909HVZRLR02', ernesto],
      ['OXLA690420HOCXZL01', alvaro], ['RASD010228HSRMTGA5', diego], ['VXCA820509HGTZRL07', alberto],
      ['LOAX950817XYNPYC04', { ...xochitl, lsex: 'female' }],
    ];
    for (const [curp, person] of valid) expect([curp, codes(curp, person)]).toEqual([curp, []]);
    expect(validateCurp('SIXC921205MNEMXR06', carolina, TODAY).parsed).toMatchObject({ state: 'NE', bornAbroad: true });
    expect(validateCurp('GAMA030721MNLRXNA7', {}, TODAY).parsed?.birthdate).toBe('2003-07-21');
  });
  it('accepts a CURP made without skipping JOSÉ, as RENAPO has also issued them', () => {
    const withJose = 'HENJ791102HDFRXS0';
    expect(codes(withJose + computeCurpCheckDigit(withJose), joseLuis)).toEqual([]);
  });
  it('accepts the consonant of CH and LL read either as two letters or as one', () => {
    const chavez: CurpPerson = { first_name: 'Lluvia', first_last_name: 'Chávez', other_last_names: 'Llamas', birthdate: '1980-10-10' };
    expect(deriveCurpNameKey(chavez as never)).toEqual({ letters: 'CALL', consonants: 'HLL' });
    expect(deriveCurpNameKey(chavez as never, true, true)).toEqual({ letters: 'CALL', consonants: 'VMV' });
    for (const body of ['CALL801010MJCHLL0', 'CALL801010MJCVMV0']) expect(codes(body + computeCurpCheckDigit(body), chavez)).toEqual([]);
    const mixed = 'CALL801010MJCHMV0';
    expect(codes(mixed + computeCurpCheckDigit(mixed), chavez)).toEqual(['curp_name_consonants']);
  });
  it('says the length when it is not 18 characters, and asks for it when empty', () => {
    expect(validateCurp('PEGJ850314HJCRMN0', {}, TODAY).issues[0]!.msg).toBe('La CURP tiene 18 caracteres; escribiste 17');
    expect(validateCurp('PEGJ850314HJCRMN091', {}, TODAY).issues[0]!.msg).toBe('La CURP tiene 18 caracteres; escribiste 19');
    expect(validateCurp('   ', {}, TODAY).issues[0]!.msg).toBe('Escribe tu CURP');
  });
  it('names the segment whose structure is wrong', () => {
    expect(codes('P3GJ850314HJCRMN09')).toEqual(['curp_letters']);
    expect(codes('PBGJ850314HJCRMN09')).toEqual(['curp_vowel']);
    expect(codes('PEGJ85O314HJCRMN09')).toEqual(['curp_date_digits']);
    expect(codes('PEGJ850314QJCRMN09')).toEqual(['curp_sex']);
    expect(codes('PEGJ850314HXXRMN09')).toEqual(['curp_state']);
    expect(codes('PEGJ850314HJCRAN09')).toEqual(['curp_consonants']);
    expect(codes('PEGJ850314HJCRMN-9')).toEqual(['curp_differentiator']);
    expect(codes('PEGJ850314HJCRMN0X')).toEqual(['curp_check_character']);
    expect(codes('P3GJ850314QJCRAN0X')).toEqual(['curp_letters', 'curp_sex', 'curp_consonants', 'curp_check_character']);
    expect(validateCurp('PEGJ850314HXXRMN09', {}, TODAY).issues[0]!.msg).toMatch(/12 y 13 .* NE/);
  });
  it('accepts every one of the 32 state codes and NE, and nothing else', () => {
    const states = 'AS BC BS CC CL CM CS CH DF DG GT GR HG JC MC MN MS NT NL OC PL QT QR SP SL SR TC TS TL VZ YN ZS NE'.split(' ');
    expect(states).toHaveLength(33);
    for (const state of states) {
      const body = `PEGJ850314H${state}RMN0`;
      expect(codes(body + computeCurpCheckDigit(body))).toEqual([]);
    }
    expect(codes('PEGJ850314HCXRMN0' + computeCurpCheckDigit('PEGJ850314HCXRMN0'))).toEqual(['curp_state']);
  });
  it('refuses impossible dates, with the century taken from position 17', () => {
    const feb29 = (century: string) => `RASD000229HSRMTG${century}`;
    expect(codes(feb29('A') + computeCurpCheckDigit(feb29('A')))).toEqual([]); // 2000-02-29 existed
    expect(codes(feb29('0') + computeCurpCheckDigit(feb29('0')))).toEqual(['curp_date_invalid']); // 1900-02-29 did not
    expect(codes('RASD011328HSRMTGA' + computeCurpCheckDigit('RASD011328HSRMTGA'))).toEqual(['curp_date_invalid']);
    expect(codes('RASD300101HSRMTGA' + computeCurpCheckDigit('RASD300101HSRMTGA'))).toEqual(['curp_date_invalid']); // 2030: not born yet
  });
  it('refuses a wrong check digit (one mistyped character)', () => {
    const check = validateCurp('PEGJ850314HJCRMN08', juan, TODAY);
    expect(check.ok).toBe(false);
    expect(check.issues).toEqual([{ code: 'curp_check_digit', severity: 'error', msg: expect.stringMatching(/^El dígito verificador de la CURP/) }]);
    expect(codes('PEJG850314HJCRMN09')).toEqual(['curp_check_digit']); // two letters swapped
  });
  it('refuses a CURP that does not match the birthdate, or its century', () => {
    expect(codes('PEGJ850314HJCRMN09', { ...juan, birthdate: '1985-03-15' })).toEqual(['curp_birthdate']);
    expect(codes('PEGJ850314HJCRMN09', { ...juan, birthdate: '1986-03-14' })).toEqual(['curp_birthdate']);
    const check = validateCurp('RASD010228HSRMTG05', diego, TODAY); // a digit at 17 for a 2001 birth
    expect(check.parsed?.birthdate).toBe('1901-02-28');
    expect(computeCurpCheckDigit('RASD010228HSRMTG0')).toBe('5');
    expect(check.issues.map((issue) => issue.code)).toEqual(['curp_century']);
    expect(check.issues[0]!.msg).toMatch(/número si naciste antes de 2000 y una letra desde 2000/);
    expect(codes('PEGJ850314HJCRMN09', { ...juan, birthdate: '2085-03-14' })).toEqual(['curp_century']);
  });
  it('refuses a CURP that does not match the sex or birth state, and accepts X for either sex', () => {
    expect(codes('PEGJ850314HJCRMN09', { ...juan, lsex: 'female' })).toEqual(['curp_sex_mismatch']);
    expect(codes('LOAX950817XYNPYC04', { ...xochitl, lsex: 'male' })).toEqual([]);
    expect(codes('PEGJ850314HJCRMN09', { ...juan, birthplace_state: 'Zacatecas' })).toEqual(['curp_state_mismatch']);
    expect(codes('PEGJ850314HJCRMN09', { ...juan, birthplace_state: 'Jal.' })).toEqual([]);
    expect(codes('PEGJ850314HJCRMN09', { ...juan, birthplace_state: 'Atlántida' })).toEqual([]); // unknown: not compared
  });
  it('refuses a CURP that does not match the names, saying which letters were expected', () => {
    const check = validateCurp('PEGJ850314HJCRMN09', { ...juan, first_last_name: 'Ramírez' }, TODAY);
    expect(check.issues.map((issue) => issue.msg)).toEqual(['Los primeros 4 caracteres de la CURP no coinciden con tus apellidos y tu nombre (deberían ser RAGJ)']);
    expect(validateCurp('PEGJ850314HJCRMN09', { ...juan, first_name: 'Juana', other_last_names: 'Gámez' }, TODAY).issues.map((i) => i.code)).toEqual([]);
    expect(validateCurp('PEGJ850314HJCRMN09', { ...juan, other_last_names: 'Guzmán' }, TODAY).issues.map((i) => i.msg))
      .toEqual(['Los caracteres 14 a 16 de la CURP no coinciden con tus apellidos y tu nombre (deberían ser RZN)']);
  });
  it('refuses the uncorrected inconvenient word and a CURP with Ñ written as Ñ', () => {
    const raw = 'CAGO900131MPLCLF0';
    expect(codes(raw + computeCurpCheckDigit(raw), ofelia)).toEqual(['curp_name_letters']);
    expect(codes('ÑULR880615MMCXRS07', rosa)).toEqual(['curp_letters']);
  });
});
