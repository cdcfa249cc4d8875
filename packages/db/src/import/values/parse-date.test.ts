import { describe, expect, it } from 'vitest';
import { RowError } from '../listing-fields.ts';
import { detectDateOrder, parseDate } from './parse-date.ts';

const asOf = '2024-11-20';

describe('parseDate', () => {
  it.each([
    ['2024-11-17', 'dmy', '2024-11-17'],
    ['2024-11-17T10:30:00Z', 'dmy', '2024-11-17'],
    ['2024-11-17 10:30', 'dmy', '2024-11-17'],
    ['2024/11/17', 'dmy', '2024-11-17'],
    ['17/11/2024', 'dmy', '2024-11-17'],
    ['11/17/2024', 'mdy', '2024-11-17'],
    ['05/11/2024', 'dmy', '2024-11-05'],
    ['05/11/2024', 'mdy', '2024-05-11'],
    ['11/17/2024', 'dmy', '2024-11-17'],
    ['17-11-2024', 'dmy', '2024-11-17'],
    ['17/11/24', 'dmy', '2024-11-17'],
    ['17.11.2024', 'dmy', '2024-11-17'],
    ['10 ene. 2024', 'dmy', '2024-01-10'],
    ['30 sept 2024', 'dmy', '2024-09-30'],
    ['30 Sep 2024', 'dmy', '2024-09-30'],
    ['1 de marzo de 2024', 'dmy', '2024-03-01'],
    ['Lunes, 1 de marzo de 2024', 'dmy', '2024-03-01'],
    ['01-abr-24', 'dmy', '2024-04-01'],
    ['enero 2024', 'dmy', '2024-01-01'],
    ['2024-03', 'dmy', '2024-03-01'],
    ['03/2024', 'dmy', '2024-03-01'],
    ['17 de noviembre, 2024', 'dmy', '2024-11-17'],
    ['Nov 17, 2024', 'dmy', '2024-11-17'],
    ['15 DIC 1999', 'dmy', '1999-12-15'],
    ['25/12/95', 'dmy', '1995-12-25'],
    ['45613', 'dmy', '2024-11-17'],
    ['Publicado hace 5 meses', 'dmy', '2024-06-20'],
    ['hace 13 días', 'dmy', '2024-11-07'],
    ['hace 1 año', 'dmy', '2023-11-20'],
    ['Publicado hace más de 1 año', 'dmy', '2023-11-20'],
    ['hace una semana', 'dmy', '2024-11-13'],
    ['hace 2 semanas', 'dmy', '2024-11-06'],
    ['hace 3 horas', 'dmy', '2024-11-20'],
    ['ayer', 'dmy', '2024-11-19'],
    ['Publicado desde ayer', 'dmy', '2024-11-19'],
    ['hoy', 'dmy', '2024-11-20'],
    ['Publicado hoy', 'dmy', '2024-11-20'],
    ['3 days ago', 'dmy', '2024-11-17'],
  ] as const)('%j (%s) → %s', (text, order, iso) => {
    expect(parseDate(text, { asOf, order })).toBe(iso);
  });

  it('counts calendar months back to the last day of a shorter month', () => {
    expect(parseDate('hace 1 mes', { asOf: '2024-03-31' })).toBe('2024-02-29');
  });

  it.each(['', 'sin dato', 'N/A', '-', '2024-12-01', '01/12/2024', 'dic 2024', '25/12/25', '0', '0000-00-00', '00/00/0000', '1970-01-01', '1899-12-30', '25/12/30'])('%j → null (unknown or after asOf)', (text) => {
    expect(parseDate(text, { asOf })).toBeNull();
  });

  it.each(['31/02/2024', '2024-13-01', 'pronto', 'marzo', '99/99/2024'])('%j is refused with a Spanish reason', (text) => {
    expect(() => parseDate(text, { asOf })).toThrow(RowError);
  });

  it('says which text it could not read', () => {
    expect(() => parseDate('pronto', { asOf })).toThrow('No se entiende la fecha: «pronto»');
  });
});

describe('detectDateOrder', () => {
  it.each([
    [['17/11/2024', '05/11/2024'], 'dmy'],
    [['11/17/2024', '05/11/2024'], 'mdy'],
    [['01/02/2024', '03/04/2024'], 'dmy'],
    [['11/17/2024', '11/18/2024', '13/11/2024'], 'mdy'],
    [['13/11/2024', '11/17/2024'], 'dmy'],
    [['2024-11-17', 'hace 3 días', ''], 'dmy'],
    [[], 'dmy'],
  ] as const)('%j → %s', (samples, order) => {
    expect(detectDateOrder([...samples])).toBe(order);
  });
});
