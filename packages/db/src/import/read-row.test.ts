import { describe, expect, it } from 'vitest';
import { searchableColonia } from './read-row.ts';

describe('searchableColonia', () => {
  const where = { municipality: 'Guadalajara', locality: null, state: 'Jalisco' };
  it.each([
    ['Providencia', 'Providencia'],
    ['Providencia 1a Secc', 'Providencia 1a Secc'],
    ['20 de Noviembre', '20 de Noviembre'],
    ['Lomas de Chapultepec III Sección', 'Lomas de Chapultepec III Sección'],
    ['Av. Chapultepec 480, Americana', null],
    ['Calle 60 123', null],
    ['Americana C.P. 44160', null],
    ['guadalajara', null],
    ['Jalisco', null],
    ['Excelente casa con jardín y alberca cerca de todo en zona muy tranquila', null],
    ['', null],
  ])('%s → %s', (colonia, expected) => {
    expect(searchableColonia({ colonia, ...where })).toBe(expected);
  });
});
