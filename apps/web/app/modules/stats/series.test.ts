import { describe, expect, it } from 'vitest';
import { chartRows, hasActivity, periodTotals, shortDayLabel } from './series.ts';

const day = (d: string, n: Partial<Record<'appears' | 'views' | 'likes' | 'inquiries' | 'leads' | 'shares', number>> = {}) => ({
  day: d, appears: 0, views: 0, likes: 0, inquiries: 0, leads: 0, shares: 0, ...n,
});

describe('statistics series', () => {
  it('sums a period and computes its ctr', () => {
    const t = periodTotals([day('2025-03-01', { appears: 100, views: 1, shares: 1 }), day('2025-03-02', { appears: 50, views: 2, leads: 1, inquiries: 1 })]);
    expect(t).toEqual({ appears: 150, ctr: 0.02, views: 3, likes: 0, inquiries: 1, leads: 1, shares: 1 });
    expect(periodTotals([]).ctr).toBe(0);
  });

  it('labels calendar days without shifting them', () => {
    expect(shortDayLabel('2025-03-01')).toMatch(/^1 mar/);
    expect(shortDayLabel('2025-12-31')).toMatch(/^31 dic/);
    expect(shortDayLabel('bad')).toBe('bad');
    expect(chartRows([day('2025-01-05')])[0]!.label).toMatch(/^5 ene/);
  });

  it('tells an empty period', () => {
    expect(hasActivity([day('2025-03-01')])).toBe(false);
    expect(hasActivity([day('2025-03-01', { views: 1 })])).toBe(true);
  });
});
