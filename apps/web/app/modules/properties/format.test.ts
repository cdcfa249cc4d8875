import { describe, expect, it } from 'vitest';
import { formatCompact, formatPrice, operationLabel, placeName } from './format.ts';

describe('formatPrice', () => {
  it('writes rent per month in pesos', () => {
    expect(formatPrice(25000, 'mxn', 'rent')).toBe('MXN $25,000/mes');
  });
  it('keeps dollars as USD $ without /mes for sale', () => {
    expect(formatPrice(250000, 'usd', 'sale')).toBe('USD $250,000');
  });
  it('shows euros with the euro sign', () => {
    expect(formatPrice(1000, 'eur', 'sale')).toBe('EUR €1,000');
  });
});

describe('place and words', () => {
  it('builds the place from neighbourhood and municipality', () => {
    expect(placeName({ neighborhood: 'providencia', municipality: 'Guadalajara', city: null, state: 'Jalisco' })).toBe('Providencia, Guadalajara');
    expect(placeName({ neighborhood: null, municipality: null, city: null, state: 'Jalisco' })).toBe('Jalisco');
  });
  it('names the operation', () => {
    expect(operationLabel({ is_renta: true, is_venta: false })).toBe('en renta');
    expect(operationLabel({ is_renta: true, is_venta: true })).toBe('en renta y venta');
  });
  it('shortens amounts for map pins', () => {
    expect(formatCompact(3_500_000)).toMatch(/3\.5/);
  });
});
