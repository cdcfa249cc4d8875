import { describe, expect, it } from 'vitest';
import { viewShowsPlace } from './listing-place.ts';

describe('viewShowsPlace', () => {
  const place = { bounds: { north: 20.75, south: 20.6, east: -103.26, west: -103.41 } };
  it('keeps naming the place while the map is centred on it or near it', () => {
    expect(viewShowsPlace(place, null)).toBe(true);
    expect(viewShowsPlace(place, { north: 20.8, south: 20.5, east: -103.2, west: -103.5 })).toBe(true);
    expect(viewShowsPlace(place, { north: 20.85, south: 20.75, east: -103.2, west: -103.3 })).toBe(true);
  });
  it('stops once the map shows somewhere else', () => {
    expect(viewShowsPlace(place, { north: 19.5, south: 19.3, east: -99.0, west: -99.3 })).toBe(false);
    expect(viewShowsPlace(place, { north: 21.2, south: 21.0, east: -103.2, west: -103.4 })).toBe(false);
  });
});
