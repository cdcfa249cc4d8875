import { describe, expect, it } from 'vitest';
import { approximateRadiusM, circlePolygon, outlineRadiusM, zoomForRadius } from './approximate-area.ts';

describe('approximate areas of the detail map (issue 10)', () => {
  it('gives a radius per precision and none for an exact point', () => {
    expect(approximateRadiusM('exact')).toBeNull();
    expect(approximateRadiusM(undefined)).toBeNull();
    expect(approximateRadiusM('colonia')).toBe(500);
    expect(approximateRadiusM('postal_code')).toBe(1000);
    expect(approximateRadiusM('locality')).toBe(3000);
    expect(approximateRadiusM('municipality')).toBe(8000);
  });

  it('draws a closed circle whose vertices are the radius away from the centre', () => {
    const lat = 20.67;
    const lng = -103.39;
    const ring = circlePolygon(lat, lng, 1000, 32).geometry.coordinates[0]!;
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    const metres = ([x, y]: [number, number]) => {
      const dLat = ((y - lat) * Math.PI) / 180;
      const dLng = ((x - lng) * Math.PI) / 180 * Math.cos((lat * Math.PI) / 180);
      return Math.hypot(dLat, dLng) * 6_371_008.8;
    };
    for (const v of ring) expect(Math.abs(metres(v) - 1000)).toBeLessThan(5);
  });

  it("measures an outline's reach from the point (its farthest vertex)", () => {
    const ring = circlePolygon(20.67, -103.39, 700, 16).geometry.coordinates[0]!;
    expect(outlineRadiusM({ coordinates: [[ring]] }, 20.67, -103.39)).toBeCloseTo(700, -1);
  });

  it('zooms out for a larger area', () => {
    expect(zoomForRadius(500, 20.67)).toBeGreaterThan(zoomForRadius(8000, 20.67));
    expect(zoomForRadius(500, 20.67)).toBeGreaterThanOrEqual(13);
    expect(zoomForRadius(8000, 20.67)).toBeLessThanOrEqual(11);
  });
});
