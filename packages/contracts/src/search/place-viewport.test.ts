import { describe, expect, it } from 'vitest';
import { placeViewport, roundDegrees } from './place-viewport.ts';

// The viewport a listing page opens on for a place (issue 9 §2–§3); the sitemap's query (decision 015) uses it too.
describe('placeViewport', () => {
  it('is the place\'s own bounds when it has them, as given', () => {
    const bounds = { north: 20.7512345678, south: 20.6, east: -103.3, west: -103.4 };
    expect(placeViewport({ lat: 20.65, lng: -103.35, zoom: 11, bounds })).toBe(bounds);
  });

  it('is a box around the point for its zoom otherwise: 360 / 2^zoom degrees each side east-west, 0.7·cos(lat) of that north-south, six decimals', () => {
    // Cancún at zoom 12: half-width 0.087890625°, half-height 0.087890625 × 0.7 × cos(21.161416°) ≈ 0.057375°.
    const v = placeViewport({ lat: 21.161416, lng: -86.82481, zoom: 12, bounds: null });
    expect(v.east).toBe(roundDegrees(-86.82481 + 0.087890625));
    expect(v.west).toBe(roundDegrees(-86.82481 - 0.087890625));
    expect(v.north - 21.161416).toBeCloseTo(0.057375, 5);
    expect(21.161416 - v.south).toBeCloseTo(0.057375, 5);
    for (const x of Object.values(v)) expect(Math.round(x * 1e6) / 1e6).toBe(x);
  });

  it('ignores empty bounds (north not above south)', () => {
    const v = placeViewport({ lat: 19.4, lng: -99.1, zoom: 12, bounds: { north: 19.4, south: 19.4, east: -99.1, west: -99.1 } });
    expect(v.north).toBeGreaterThan(19.4);
  });
});
