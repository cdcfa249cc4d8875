import { describe, expect, it } from 'vitest';
import { circlePolygon, placeOutline, pointPlaceRadiusM, type OutlinePlace } from './place-outline.ts';
import { polygonContains } from './geometry.ts';

const place = (over: Partial<OutlinePlace>): OutlinePlace => ({
  id: 'X', kind: 'locality', lat: 20.67, lng: -103.35, min_lat: null, min_lng: null, max_lat: null, max_lng: null, population: 0, ...over,
});
const inside = (polys: ReturnType<typeof placeOutline>['polygons'], lat: number, lng: number) => polys.some((p) => polygonContains(p, lng, lat));

describe('placeOutline (issue 9 §2–§3)', () => {
  it("gives a municipality and a state their INEGI polygons: Guadalajara's centre in, Zapopan's out", () => {
    const gdl = placeOutline(place({ id: 'M14039' }));
    expect(gdl.source).toBe('boundary');
    expect(inside(gdl.polygons, 20.6767, -103.3475)).toBe(true);
    expect(inside(gdl.polygons, 20.735, -103.38)).toBe(false);
    const jalisco = placeOutline(place({ id: 'E14', kind: 'region' }));
    expect(jalisco.source).toBe('boundary');
    expect(inside(jalisco.polygons, 20.735, -103.38)).toBe(true);
    expect(inside(jalisco.polygons, 19.43, -99.13)).toBe(false);
  });

  it('gives a shipped colonia its polygon', () => {
    const colonia = placeOutline(place({ id: 'G14039-039001', kind: 'neighbourhood', lat: 20.689752, lng: -103.322536 }));
    expect(colonia.source).toBe('boundary');
    expect(inside(colonia.polygons, 20.689752, -103.322536)).toBe(true);
  });

  it('falls back to the bbox, then to a circle sized by the people', () => {
    const boxed = placeOutline(place({ id: 'S123', kind: 'neighbourhood', min_lat: 20.6, max_lat: 20.7, min_lng: -103.4, max_lng: -103.3 }));
    expect(boxed.source).toBe('bounds');
    expect(inside(boxed.polygons, 20.65, -103.35)).toBe(true);
    expect(inside(boxed.polygons, 20.75, -103.35)).toBe(false);
    // Its edges and corners are inside (colonias derived from listings have listings there), a metre out is not.
    for (const [lat, lng] of [[20.6, -103.4], [20.7, -103.3], [20.6, -103.3], [20.7, -103.4], [20.65, -103.3], [20.7, -103.35]]) {
      expect(inside(boxed.polygons, lat!, lng!), `${lat},${lng}`).toBe(true);
    }
    expect(inside(boxed.polygons, 20.70001, -103.35)).toBe(false);
    expect(inside(boxed.polygons, 20.65, -103.29999)).toBe(false);
    const town = placeOutline(place({ id: 'L230050001', population: 888_797, lat: 21.16, lng: -86.85 }));
    expect(town.source).toBe('radius');
    expect(inside(town.polygons, 21.16 + 6 / 111.32, -86.85)).toBe(true); // 6 km north: inside a 7.5 km circle
    expect(inside(town.polygons, 21.16 + 9 / 111.32, -86.85)).toBe(false);
    expect(pointPlaceRadiusM('locality', 100)).toBe(1500);
    expect(pointPlaceRadiusM('locality', 50_000_000)).toBe(12_000);
    expect(pointPlaceRadiusM('neighbourhood', null)).toBe(600);
  });

  it('draws a closed circle of the asked radius', () => {
    const [ring] = circlePolygon(20, -100, 1000);
    expect(ring![0]).toEqual(ring![ring!.length - 1]);
    expect((ring![12]![1] - 20) * 111_320).toBeCloseTo(1000, 0);
  });
});
