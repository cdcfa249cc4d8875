import { describe, expect, it } from 'vitest';
import { BaseTileSet, isTileAddress, localityMinZoom } from './base-tiles.ts';

const square = (w: number, s: number, e: number, n: number, name: string) => ({
  type: 'Feature' as const, properties: { name },
  geometry: { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] },
});
/** The tile holding a point at zoom z. */
function tileOf(lng: number, lat: number, z: number): [number, number, number] {
  const r = (lat * Math.PI) / 180;
  return [z, Math.floor(((lng + 180) / 360) * 2 ** z), Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z)];
}
const collection = (features: ReturnType<typeof square>[]) => ({ type: 'FeatureCollection' as const, features });

describe('base tiles (issue 9 §1)', () => {
  it('knows which addresses are tiles', () => {
    expect(isTileAddress(0, 0, 0)).toBe(true);
    expect(isTileAddress(17, 131071, 131071)).toBe(true);
    expect(isTileAddress(18, 0, 0)).toBe(false);
    expect(isTileAddress(3, 8, 0)).toBe(false);
    expect(isTileAddress(3, 1.5, 0)).toBe(false);
  });

  it('shows the biggest cities first', () => {
    expect(localityMinZoom(1_500_000)).toBe(4);
    expect(localityMinZoom(150_000)).toBe(7);
    expect(localityMinZoom(1_200)).toBe(11);
  });

  it('answers the same tiles after its slicers are made anew, and null where nothing is', () => {
    const state = square(-104, 20, -103, 21, 'Jalisco');
    const set = new BaseTileSet({
      states: collection([state]), municipalities: collection([]), colonias: collection([]), streets: collection([]),
      places: collection([]),
    }, 2, 3);
    const addresses = [tileOf(-103.5, 20.5, 8), tileOf(-103.2, 20.2, 9), tileOf(-103.8, 20.8, 10), tileOf(-103.5, 20.5, 12), tileOf(-103.5, 20.5, 8)];
    const first = addresses.map(([z, x, y]) => set.getTile(z, x, y)?.etag);
    expect(first.every(Boolean)).toBe(true);
    expect(addresses.map(([z, x, y]) => set.getTile(z, x, y)?.etag)).toEqual(first);
    expect(set.getTile(8, 0, 0)).toBeNull();
  });
});
