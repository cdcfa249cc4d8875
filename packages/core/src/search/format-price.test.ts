import { describe, expect, it } from 'vitest';
import { formatShortPrice } from './format-price.ts';

describe('formatShortPrice: price pins round honestly (issue 9 §1)', () => {
  it('keeps three significant digits', () => {
    expect(formatShortPrice(17_900, 'mxn')).toBe('$17.9 mil');
    expect(formatShortPrice(18_000, 'mxn')).toBe('$18 mil');
    expect(formatShortPrice(9_500, 'mxn')).toBe('$9.5 mil');
    expect(formatShortPrice(125_000, 'mxn')).toBe('$125 mil');
    expect(formatShortPrice(125_400, 'mxn')).toBe('$125 mil');
    expect(formatShortPrice(1_250_000, 'mxn')).toBe('$1.25 M');
    expect(formatShortPrice(3_200_000, 'mxn')).toBe('$3.2 M');
    expect(formatShortPrice(12_500_000, 'mxn')).toBe('$12.5 M');
    expect(formatShortPrice(950, 'mxn')).toBe('$950');
    expect(formatShortPrice(0, 'mxn')).toBe('$0');
    expect(formatShortPrice(-5, 'mxn')).toBe('$0');
  });

  it('never shows a thousand of a unit at the thresholds', () => {
    expect(formatShortPrice(999, 'mxn')).toBe('$999');
    expect(formatShortPrice(999.6, 'mxn')).toBe('$1 mil');
    expect(formatShortPrice(999_400, 'mxn')).toBe('$999 mil');
    expect(formatShortPrice(999_500, 'mxn')).toBe('$1 M');
    expect(formatShortPrice(1_000_000_000, 'mxn')).toBe('$1,000 M');
  });

  it('keeps the symbol of a foreign currency', () => {
    expect(formatShortPrice(250_000, 'usd')).toBe('USD $250 mil');
    expect(formatShortPrice(900, 'eur')).toBe('EUR €900');
  });
});
