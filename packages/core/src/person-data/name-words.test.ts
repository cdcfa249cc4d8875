import { describe, expect, it } from 'vitest';
import { firstInternalConsonant, firstInternalVowel, keyGivenName, keySurname, nameWords, significantWords } from './name-words.ts';

describe('name words as RENAPO and the SAT read them', () => {
  it('upper-cases, removes accents and diaeresis, keeps Ñ, joins apostrophes and splits on other punctuation', () => {
    expect(nameWords('  María  de los Ángeles ')).toEqual(['MARIA', 'DE', 'LOS', 'ANGELES']);
    expect(nameWords('Güémez Peña')).toEqual(['GUEMEZ', 'PEÑA']);
    expect(nameWords('N\u0303u\u0301n\u0303ez')).toEqual(['ÑUÑEZ']); // decomposed Ñ typed on some keyboards
    expect(nameWords("D'Angelo O’Higgins")).toEqual(['DANGELO', 'OHIGGINS']);
    expect(nameWords('Pérez-Gómez, Ma.')).toEqual(['PEREZ', 'GOMEZ', 'MA']);
    expect(nameWords(null)).toEqual([]);
  });
  it('drops particles unless nothing else is left', () => {
    expect(significantWords(['DE', 'LA', 'GARZA'])).toEqual(['GARZA']);
    expect(significantWords(['VON', 'DER', 'BECKE'])).toEqual(['BECKE']);
    expect(significantWords(['DEL'])).toEqual(['DEL']);
    expect(keySurname('Mc Kenzie')).toBe('KENZIE');
    expect(keySurname('McKenzie')).toBe('MCKENZIE');
    expect(keySurname(undefined)).toBe('');
  });
  it('takes the next given name after MARÍA or JOSÉ only in a compound name', () => {
    expect(keyGivenName('María Fernanda')).toBe('FERNANDA');
    expect(keyGivenName('Jose')).toBe('JOSE');
    expect(keyGivenName('M. del Carmen')).toBe('CARMEN');
    expect(keyGivenName('Luz María')).toBe('LUZ');
    expect(keyGivenName('José Luis', false)).toBe('JOSE');
  });
  it('finds the first internal vowel and consonant, after the first letter', () => {
    expect(firstInternalVowel('AGUILAR')).toBe('U');
    expect(firstInternalVowel('NG')).toBeNull();
    expect(firstInternalConsonant('MUÑOZ')).toBe('Ñ');
    expect(firstInternalConsonant('OIA')).toBeNull();
  });
});
