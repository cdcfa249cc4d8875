import { describe, expect, it } from 'vitest';
import { RowError } from '../listing-fields.ts';
import { parseAgeOrYear, parseAgeText, parseConstructionYear } from './parse-age.ts';

const ctx = { asOf: '2024-11-20' };

describe('parseAgeOrYear', () => {
  it.each([
    ['A estrenar', { age: 'first_use' }],
    ['a estrenar', { age: 'first_use' }],
    ['Nuevo', { age: 'first_use' }],
    ['first_use', { age: 'first_use' }],
    ['En construcción', { age: 'building' }],
    ['Preventa', { age: 'building' }],
    ['building', { age: 'building' }],
    ['15 años', { age: 15 }],
    ['15', { age: 15 }],
    ['1 año', { age: 1 }],
    ['Más de 20 años', { age: 20 }],
    ['30 meses', { age: 2 }],
    ['1998', { year: 1998 }],
    ['Construido en 1998', { year: 1998 }],
    ['Año de construcción: 1998', { year: 1998 }],
    ['2021 años', { year: 2021 }],
    ['2026', { age: 'building' }],
  ] as const)('%j → %j', (text, expected) => {
    expect(parseAgeOrYear(text, ctx)).toEqual(expected);
  });

  it.each(['0', '0 años', 'sin dato', 'N/A', '-', '', 'menos de 5 años', '6 meses'])('%j → null (unknown, never this year)', (text) => {
    expect(parseAgeOrYear(text, ctx)).toBeNull();
  });

  it.each(['antigua', '500', '1500', 'muchos años'])('%j is refused with a Spanish reason', (text) => {
    expect(() => parseAgeOrYear(text, ctx)).toThrow(RowError);
  });
});

describe('parseAgeText', () => {
  it.each([
    ['15 años', 15], ['A estrenar', 'first_use'], ['1998', 26], ['2024', 'first_use'], ['0', null], ['sin dato', null],
  ] as const)('%j → %j', (text, age) => {
    expect(parseAgeText(text, ctx)).toBe(age);
  });

  it('cannot turn a year into an age without a reference day', () => {
    expect(parseAgeText('1998')).toBeNull();
  });
});

describe('parseConstructionYear', () => {
  it.each([
    ['1998', 1998], ['1998.0', 1998], ['Año 1998', 1998], ['15 años', 2009], ['0', null], ['sin dato', null],
    ['A estrenar', null], ['En construcción', null],
  ] as const)('%j → %j', (text, year) => {
    expect(parseConstructionYear(text, ctx)).toBe(year);
  });

  it('refuses a year before 1800', () => {
    expect(() => parseConstructionYear('1200', ctx)).toThrow('Año de construcción no válido: «1200»');
  });
});
