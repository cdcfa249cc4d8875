import { describe, expect, it } from 'vitest';
import { isPlaceholder } from './is-placeholder.ts';

describe('isPlaceholder', () => {
  it.each([
    '', '   ', 'sin dato', 'Sin datos', 'N/A', 'n/d', 'ND', '-', '--', '—', 'no disponible', 'No especificado',
    'Propiedad sin metros totales', 'S/D', 'NULL', 'nan', 'Precio a consultar', null, undefined,
  ])('%j means unknown', (text) => {
    expect(isPlaceholder(text)).toBe(true);
  });

  it.each(['0', '3', 'Casa', 'Roma Norte', 'Sinaloa', 'Nada que ver', 'na na na'])('%j is a value', (text) => {
    expect(isPlaceholder(text)).toBe(false);
  });
});
