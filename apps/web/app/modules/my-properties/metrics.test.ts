import { describe, expect, it } from 'vitest';
import { formatOwnerMetric, pageCount, readMyPropertiesFilters } from './metrics.ts';

const stats = { appears: 12345, ctr: 0.0213, views: 263, likes: 4, inquiries: 2, leads: 1, shares: 0 };

describe('owner metrics (spec 01 §2)', () => {
  it('formats counts and the ctr percentage', () => {
    expect(formatOwnerMetric('appears', stats, true)).toBe('12,345');
    expect(formatOwnerMetric('ctr', stats, true)).toBe('2.1%');
    expect(formatOwnerMetric('ctr', { ...stats, ctr: 0 }, true)).toBe('0%');
    expect(formatOwnerMetric('shares', stats, true)).toBe('0');
  });

  it("shows '-' when the activation permission is off or nothing came", () => {
    expect(formatOwnerMetric('views', stats, false)).toBe('-');
    expect(formatOwnerMetric('ctr', null, true)).toBe('-');
  });
});

describe('list filters', () => {
  it('reads page, search and status from the address, ignoring bad values', () => {
    expect(readMyPropertiesFilters(new URLSearchParams('page=3&search=%20casa%20&status=inactive')))
      .toEqual({ page: 3, search: 'casa', status: 'inactive' });
    expect(readMyPropertiesFilters(new URLSearchParams('page=-1&status=x')))
      .toEqual({ page: 1, search: '', status: undefined });
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});
