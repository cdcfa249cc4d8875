import { describe, expect, it } from 'vitest';
import { compileArea, type AreaPolygon } from './search-area.ts';
import { PropertyIndex, type IndexQuery, type IndexRow } from './property-index.ts';
import { latToY, lngToX } from './mercator.ts';
import { prng } from '../bench/generate-listings.ts';


/** A random star-shaped ring around (cx, cy) degrees: `n` vertices at random radii (often concave). */
function star(r: () => number, cx: number, cy: number, radius: number, n: number): [number, number][] {
  const ring: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const d = radius * (0.2 + 0.8 * r());
    ring.push([cx + d * Math.cos(a), cy + d * Math.sin(a)]);
  }
  return ring;
}

/** The polygons' rings in the index's Mercator x/y (projected once, so the reference stays cheap on big rings). */
function project(polygons: AreaPolygon[]): number[][][] {
  return polygons.map((poly) => poly.map((ring) => ring.flatMap(([lng, lat]) => [lngToX(lng), latToY(lat)])));
}

/** The reference: plain even-odd ray casting over every ring of every polygon, in the same Mercator x/y. */
function bruteContains(projected: number[][][], lng: number, lat: number): boolean {
  const x = lngToX(lng);
  const y = latToY(lat);
  return projected.some((poly) => {
    let inside = false;
    for (const ring of poly) {
      const n = ring.length / 2;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const xi = ring[2 * i]!; const yi = ring[2 * i + 1]!;
        const xj = ring[2 * j]!; const yj = ring[2 * j + 1]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
    return inside;
  });
}

/** 1–3 random polygons near Guadalajara, some with a hole. */
function randomArea(r: () => number): AreaPolygon[] {
  const polys: AreaPolygon[] = [];
  const count = 1 + Math.floor(r() * 3);
  for (let p = 0; p < count; p++) {
    const cx = -103.5 + r() * 0.4;
    const cy = 20.5 + r() * 0.4;
    const radius = 0.02 + r() * 0.15;
    // Now and then a detailed outline (thousands of vertices: a finer grid, as for a state).
    const outer = star(r, cx, cy, radius, 3 + Math.floor(r() * (r() < 0.2 ? 4000 : 200)));
    const rings = [outer];
    if (r() < 0.5) rings.push(star(r, cx, cy, radius * 0.15, 3 + Math.floor(r() * 12)));
    polys.push(rings);
  }
  return polys;
}

function row(i: number, lat: number, lng: number): IndexRow {
  return {
    puid: `p_${i}`, slug: `s-${i}`, lat, lng, is_renta: i % 3 !== 0, is_venta: i % 3 === 0, is_active: i % 17 !== 0,
    property_type: i % 2 ? 'apartment' : 'house', rooms: i % 5, bathrooms: 1, parking_spots: 1, rent_price: 10_000 + (i % 50) * 1000,
    rent_currency: 'mxn', sale_price: 2_000_000, sale_currency: 'mxn', amenities: [], published_ms: 1_700_000_000_000 + i,
  };
}

function query(over: Partial<IndexQuery>): IndexQuery {
  return {
    minX: lngToX(-104), maxX: lngToX(-103), minY: latToY(21), maxY: latToY(20.3), zoom: 10, op: null, priceMin: null,
    priceMax: null, minRooms: -1, minBathrooms: -1, minParking: -1, types: [], amenities: [], active: true,
    orderBy: 'newest', offset: 0, limit: 500, withClusters: true, ...over,
  };
}

describe('SearchArea', () => {
  it('agrees with brute-force ray casting on random points and random polygons with holes', () => {
    const r = prng(9);
    let inside = 0;
    const disagreements: string[] = [];
    for (let trial = 0; trial < 60; trial++) {
      const polys = randomArea(r);
      const area = compileArea(polys);
      const projected = project(polys);
      for (let k = 0; k < 2000; k++) {
        const lng = -103.7 + r() * 0.8;
        const lat = 20.3 + r() * 0.8;
        const want = bruteContains(projected, lng, lat);
        if (want) inside++;
        if (area.contains(lngToX(lng), latToY(lat)) !== want) disagreements.push(`trial ${trial} point ${lng},${lat}: expected ${want}`);
      }
    }
    expect(disagreements).toEqual([]);
    // The random cases really exercise both answers.
    expect(inside).toBeGreaterThan(2000);
  });

  it('contains nothing when no ring has an area', () => {
    const area = compileArea([[[[-103, 20], [-103, 20], [-103, 20]]]]);
    expect(area.empty).toBe(true);
    expect(area.contains(lngToX(-103), latToY(20))).toBe(false);
  });
});

describe('PropertyIndex with an area', () => {
  const r = prng(17);
  const index = new PropertyIndex({ usd: 20, eur: 22 });
  const points: { lat: number; lng: number; active: boolean; rent: boolean; puid: string }[] = [];
  for (let i = 0; i < 6000; i++) {
    const lat = 20.3 + r() * 0.7;
    const lng = -103.8 + r() * 0.8;
    const row_ = row(i, lat, lng);
    points.push({ lat, lng, active: row_.is_active, rent: row_.is_renta, puid: row_.puid });
    index.upsert(row_);
    // Half in the base (compacted), the rest left in the delta: both paths are tested.
    if (i === 3000) index.compact();
  }

  it('counts, lists and clusters exactly the listings inside the area (brute force on the same points)', () => {
    for (let trial = 0; trial < 25; trial++) {
      const polys = randomArea(r);
      const area = compileArea(polys);
      const projected = project(polys);
      const op = trial % 3 === 0 ? 'rent' as const : null;
      const zoom = 6 + (trial % 12);
      const res = index.query(query({ area, op, zoom }));
      const want = points.filter((p) => p.active && (op === null || p.rent) && bruteContains(projected, p.lng, p.lat));
      expect(res.total).toBe(want.length);
      const wanted = new Set(want.map((p) => p.puid));
      for (const slot of res.slots) expect(wanted.has(index.puidAt(slot))).toBe(true);
      expect(res.slots.length).toBe(Math.min(500, want.length));
      if (want.length <= 500) expect(res.clusters.reduce((s, c) => s + c.count, 0)).toBe(want.length);
    }
  });

  it('answers the part of the area inside the viewport, and nothing for an area outside it', () => {
    const polys = randomArea(prng(3));
    const area = compileArea(polys);
    const viewport = { minX: lngToX(-103.4), maxX: lngToX(-103.2), minY: latToY(20.8), maxY: latToY(20.55) };
    const res = index.query(query({ area, ...viewport }));
    const want = points.filter((p) => p.active && p.lng >= -103.4 && p.lng <= -103.2 && p.lat <= 20.8 && p.lat >= 20.55
      && bruteContains(project(polys), p.lng, p.lat));
    expect(res.total).toBe(want.length);
    const far = compileArea([[[[-99.2, 19.3], [-99.1, 19.3], [-99.1, 19.4], [-99.2, 19.4]]]]);
    expect(index.query(query({ area: far }))).toEqual({ total: 0, slots: [], clusters: [] });
  });
});
