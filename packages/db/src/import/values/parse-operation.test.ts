import { describe, expect, it } from 'vitest';
import { RowError } from '../listing-fields.ts';
import { parseOperationText } from './parse-operation.ts';

describe('parseOperationText', () => {
  it.each([
    ['Venta', 'venta'], ['venta', 'venta'], ['En venta', 'venta'], ['Se vende', 'venta'], ['Preventa', 'venta'],
    ['sale', 'venta'], ['Renta', 'renta'], ['En renta', 'renta'], ['Se renta', 'renta'], ['Alquiler', 'renta'],
    ['Arrendamiento', 'renta'], ['rent', 'renta'], ['Casa en Venta', 'venta'], ['', null], ['sin dato', null], ['N/A', null],
  ] as const)('%j → %s', (text, op) => {
    expect(parseOperationText(text)).toBe(op);
  });

  it.each(['Traspaso', 'Permuta', 'Casa'])('%j names no operation: RowError', (text) => {
    expect(() => parseOperationText(text)).toThrow(RowError);
  });
});
