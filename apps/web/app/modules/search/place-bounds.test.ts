import { describe, expect, it } from 'vitest';
import { boundsForPlace } from './place-bounds.ts';

describe('boundsForPlace', () => {
  it('uses the place bounds when known', () => {
    const b = { north: 20.7, south: 20.6, east: -103.3, west: -103.4 };
    expect(boundsForPlace({ lat: 20.65, lng: -103.35, zoom: 15, bounds: b })).toEqual(b);
  });
  it('builds a box around the point that shrinks as zoom grows', () => {
    const near = boundsForPlace({ lat: 20.68, lng: -103.38, zoom: 15, bounds: null });
    const far = boundsForPlace({ lat: 20.68, lng: -103.38, zoom: 8, bounds: null });
    expect(near.north).toBeGreaterThan(20.68);
    expect(near.south).toBeLessThan(20.68);
    expect(far.east - far.west).toBeGreaterThan(near.east - near.west);
  });
});
