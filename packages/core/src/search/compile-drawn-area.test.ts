import { describe, expect, it } from 'vitest';
import { ZDrawnAreaParam, ZNearParam, ZSearchQuery, encodeDrawnArea, type TLngLat } from '@nj/contracts';
import { compileDrawnArea } from './compile-drawn-area.ts';
import { compileArea } from './index/search-area.ts';
import { PropertyIndex, type IndexQuery, type IndexRow } from './index/property-index.ts';
import { latToY, lngToX } from './index/mercator.ts';
import { prng } from './bench/generate-listings.ts';

/** The reference: even-odd ray casting over every vertex of every drawn polygon (straight lines on the map, Mercator). */
function bruteInside(polygons: TLngLat[][], lng: number, lat: number): boolean {
  const x = lngToX(lng);
  const y = latToY(lat);
  return polygons.some((ring) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const xi = lngToX(ring[i]![0]); const yi = latToY(ring[i]![1]);
      const xj = lngToX(ring[j]![0]); const yj = latToY(ring[j]![1]);
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  });
}

/** 1–5 random drawn polygons near Guadalajara: 3–100 vertices, in random order half the time (self-crossing). */
function randomDrawing(r: () => number): TLngLat[][] {
  return Array.from({ length: 1 + Math.floor(r() * 5) }, () => {
    const cx = -103.5 + r() * 0.5;
    const cy = 20.4 + r() * 0.5;
    const radius = 0.01 + r() * 0.15;
    const n = 3 + Math.floor(r() * 98);
    const angles = Array.from({ length: n }, (_, i) => (r() < 0.5 ? r() * 2 * Math.PI : (2 * Math.PI * i) / n));
    return angles.map((a): TLngLat => {
      const d = radius * (0.15 + 0.85 * r());
      return [cx + d * Math.cos(a), cy + d * Math.sin(a)];
    });
  });
}

function row(i: number, lat: number, lng: number): IndexRow {
  return {
    puid: `p_${i}`, slug: `s-${i}`, lat, lng, is_renta: i % 3 !== 0, is_venta: i % 3 === 0, is_active: i % 13 !== 0,
    property_type: i % 2 ? 'apartment' : 'house', rooms: i % 5, bathrooms: 1, parking_spots: 1, rent_price: 10_000 + (i % 50) * 1000,
    rent_currency: 'mxn', sale_price: 2_000_000, sale_currency: 'mxn', amenities: [], published_ms: 1_700_000_000_000 + i,
  };
}

function query(over: Partial<IndexQuery>): IndexQuery {
  return {
    minX: lngToX(-104), maxX: lngToX(-102.8), minY: latToY(21.1), maxY: latToY(20.2), zoom: 11, op: null, priceMin: null,
    priceMax: null, minRooms: -1, minBathrooms: -1, minParking: -1, types: [], amenities: [], active: true,
    orderBy: 'newest', offset: 0, limit: 1000, withClusters: true, ...over,
  };
}

describe('drawn-area search (issue 17): property test against brute force', () => {
  const r = prng(1717);
  const index = new PropertyIndex({ usd: 20, eur: 22 });
  const points: { lat: number; lng: number; active: boolean; rent: boolean; puid: string }[] = [];
  for (let i = 0; i < 5000; i++) {
    // Some listings exactly on rounded coordinates, as real drawn vertices are (5 decimals).
    const lat = Math.round((20.3 + r() * 0.7) * 1e5) / 1e5;
    const lng = Math.round((-103.7 + r() * 0.8) * 1e5) / 1e5;
    const x = row(i, lat, lng);
    points.push({ lat, lng, active: x.is_active, rent: x.is_renta, puid: x.puid });
    index.upsert(x);
    if (i === 3000) index.compact();
  }

  it('counts, lists and clusters exactly the listings inside random drawn polygons (through the URL encoding)', () => {
    let nonEmpty = 0;
    for (let trial = 0; trial < 60; trial++) {
      const drawn = randomDrawing(r);
      // As the browser sends it: encoded, then decoded by the query schema.
      const polygons = ZDrawnAreaParam.parse(encodeDrawnArea(drawn));
      const area = compileDrawnArea({ area: polygons })!;
      const op = trial % 4 === 0 ? ('rent' as const) : null;
      const res = index.query(query({ area, op, zoom: 8 + (trial % 10) }));
      // MAX_CLUSTERS (500) caps the clusters; below it they hold every listing found.
      const want = points.filter((p) => p.active && (op === null || p.rent) && bruteInside(polygons, p.lng, p.lat));
      if (want.length) nonEmpty++;
      expect(res.total, `trial ${trial}`).toBe(want.length);
      const wanted = new Set(want.map((p) => p.puid));
      for (const slot of res.slots) expect(wanted.has(index.puidAt(slot))).toBe(true);
      expect(res.slots.length).toBe(Math.min(1000, want.length));
      if (want.length <= 500) expect(res.clusters.reduce((s, c) => s + c.count, 0)).toBe(want.length);
    }
    expect(nonEmpty).toBeGreaterThan(40);
  });

  it("'cerca de': every listing within the radius (less the chord's 0.12 %) is found, none beyond it", () => {
    for (const km of [1, 2, 5, 10] as const) {
      const near = ZNearParam.parse(`20.67,-103.35,${km}`);
      const res = index.query(query({ area: compileDrawnArea({ near })!, limit: 5000 }));
      const found = new Set(res.slots.map((s) => index.puidAt(s)));
      const distKm = (p: { lat: number; lng: number }) => {
        const φ1 = (20.67 * Math.PI) / 180; const φ2 = (p.lat * Math.PI) / 180;
        const dφ = φ2 - φ1; const dλ = ((p.lng + 103.35) * Math.PI) / 180;
        const h = Math.sin(dφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(dλ / 2) ** 2;
        return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
      };
      let inside = 0;
      for (const p of points) {
        if (!p.active) continue;
        const d = distKm(p);
        if (d < km * 0.998) { expect(found.has(p.puid)).toBe(true); inside++; }
        if (d > km) expect(found.has(p.puid)).toBe(false);
      }
      expect(res.total).toBe(found.size);
      expect(inside).toBeGreaterThan(0);
    }
  });

  it('with a place too, only listings inside both', () => {
    for (let trial = 0; trial < 12; trial++) {
      const drawn = ZDrawnAreaParam.parse(encodeDrawnArea(randomDrawing(r)));
      const placeRing: TLngLat[] = [[-103.5, 20.5], [-103.2, 20.5], [-103.2, 20.8], [-103.5, 20.8]];
      const place = compileArea([[placeRing]]);
      const area = compileDrawnArea({ area: drawn })!.intersect(place);
      const res = index.query(query({ area }));
      const want = points.filter((p) => p.active && bruteInside(drawn, p.lng, p.lat) && bruteInside([placeRing], p.lng, p.lat));
      expect(res.total).toBe(want.length);
    }
  });

  it('the search query refuses bad areas with a Spanish message and both area and near at once', () => {
    const base = { north: '21', south: '20', east: '-103', west: '-104' };
    expect(ZSearchQuery.safeParse({ ...base, area: 'zz!' }).error?.issues[0]?.message).toMatch(/área dibujada no es válida/);
    expect(ZSearchQuery.safeParse({ ...base, near: '20,-103,3' }).error?.issues[0]?.message).toMatch(/cerca de/);
    const tri = encodeDrawnArea([[[-103.4, 20.6], [-103.3, 20.6], [-103.3, 20.7]]]);
    expect(ZSearchQuery.safeParse({ ...base, area: tri }).success).toBe(true);
    expect(ZSearchQuery.safeParse({ ...base, area: tri, near: '20.6,-103.4,1' }).error?.issues[0]?.message).toMatch(/no las dos/);
  });
});
