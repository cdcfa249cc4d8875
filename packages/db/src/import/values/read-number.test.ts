import { describe, expect, it } from 'vitest';
import { findNumber, readNumberToken } from './read-number.ts';

describe('readNumberToken', () => {
  it.each([
    ['3,800,000', 3_800_000], ['3.800.000', 3_800_000], ['1,250.5', 1250.5], ['1.250,5', 1250.5], ['2.5', 2.5],
    ['2,5', 2.5], ['0.125', 0.125], ['3,800,000.50', 3_800_000.5], ['110', 110], ['1.250', 1250],
  ])('%s → %d', (token, value) => {
    expect(readNumberToken(token)).toBe(value);
  });

  it.each(['abc', '1,2,3', '12,34,567', '1.2.3,4,5'])('%s is not a number', (token) => {
    expect(readNumberToken(token)).toBeNaN();
  });
});

describe('findNumber', () => {
  it.each([
    ['110 m2 totales', 110], ['US$ 250,000', 250_000], ['m2 120', 120], ['-5 recámaras', -5], ['P3 8', 8],
  ])('%s → %d', (text, value) => {
    expect(findNumber(text)?.value).toBe(value);
  });

  it('gives none for text without digits', () => {
    expect(findNumber('sin números')).toBeNull();
  });
});
