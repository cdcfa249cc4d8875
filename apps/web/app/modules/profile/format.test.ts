import { describe, expect, it } from 'vitest';
import { monthYearLabel, starFills } from './format.ts';

describe('profile formatting (es-MX)', () => {
  it("writes a 'YYYY-MM' month as 'marzo de 2024', whatever the reader's time zone", () => {
    expect(monthYearLabel('2024-03')).toBe('marzo de 2024');
    expect(monthYearLabel('2025-12')).toBe('diciembre de 2025');
    expect(monthYearLabel('2025-13')).toBe('');
    expect(monthYearLabel('marzo')).toBe('');
  });

  it('fills the five stars from the average', () => {
    expect(starFills(4.3)).toEqual([1, 1, 1, 1, 0.3]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(null)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(1.5)).toEqual([1, 0.5, 0, 0, 0]);
  });
});
