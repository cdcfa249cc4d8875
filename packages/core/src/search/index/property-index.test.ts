import { describe, expect, it } from 'vitest';
import { PropertyIndex, expansionZoom, type IndexQuery, type IndexRow } from './property-index.ts';
import { latToY, lngToX, viewportBounds, xToLng, yToLat } from './mercator.ts';

const rates = { usd: 20, eur: 22 };
let n = 0;
function row(p: Partial<IndexRow> & { lat: number; lng: number }): IndexRow {
  n++;
  return {
    puid: `p_${n}`, slug: `s-${n}`, is_renta: true, is_venta: false, is_active: true, property_type: 'apartment',
    rooms: 2, bathrooms: 1, parking_spots: 1, rent_price: 20_000, rent_currency: 'mxn', sale_price: null,
    sale_currency: 'mxn', amenities: [], published_ms: Date.UTC(2024, 0, 1) + n, ...p,
  };
}
function q(bounds: { north: number; south: number; east: number; west: number }, over: Partial<IndexQuery> = {}): IndexQuery {
  return {
    minX: lngToX(bounds.west), maxX: lngToX(bounds.east), minY: latToY(bounds.north), maxY: latToY(bounds.south),
    zoom: 12, op: null, priceMin: null, priceMax: null, minRooms: -1, minBathrooms: -1, minParking: -1, types: [],
    amenities: [], active: true, orderBy: 'newest', offset: 0, limit: 20, withClusters: true, ...over,
  };
}
const GDL = { north: 20.8, south: 20.5, east: -103.2, west: -103.5 };

describe('mercator', () => {
  it('round-trips lat/lng', () => {
    expect(yToLat(latToY(20.67))).toBeCloseTo(20.67, 9);
    expect(xToLng(lngToX(-103.35))).toBeCloseTo(-103.35, 9);
  });
  it('gives a 1280×800 px viewport that halves when zooming in', () => {
    const a = viewportBounds(20.67, -103.35, 10);
    const b = viewportBounds(20.67, -103.35, 11);
    expect(a.east - a.west).toBeCloseTo(2 * (b.east - b.west), 9);
    expect(a.east - a.west).toBeCloseTo((1280 / (256 * 1024)) * 360, 9);
  });
});

describe('PropertyIndex', () => {
  const index = new PropertyIndex(rates);
  index.upsert(row({ lat: 20.67, lng: -103.35, rooms: 3, amenities: ['pool', 'garden'] }));
  index.upsert(row({ lat: 20.68, lng: -103.36, rooms: null, rent_price: 1000, rent_currency: 'usd' }));
  index.upsert(row({ lat: 20.69, lng: -103.37, is_renta: false, is_venta: true, sale_price: 5_000_000, property_type: 'house' }));
  index.upsert(row({ lat: 20.7, lng: -103.38, is_active: false }));
  index.upsert(row({ lat: 19.43, lng: -99.13 }));
  index.compact();

  it('filters by viewport, status and operation', () => {
    expect(index.query(q(GDL)).total).toBe(3);
    expect(index.query(q(GDL, { active: false })).total).toBe(1);
    expect(index.query(q(GDL, { op: 'sale' })).total).toBe(1);
    expect(index.query(q(GDL, { op: 'rent' })).total).toBe(2);
  });
  it('compares prices in MXN (USD converted) and treats NULL rooms as failing a minimum', () => {
    expect(index.query(q(GDL, { op: 'rent', priceMin: 19_000 })).total).toBe(2); // 1000 USD = 20,000 MXN
    expect(index.query(q(GDL, { op: 'rent', priceMax: 19_999 })).total).toBe(0);
    expect(index.query(q(GDL, { minRooms: 1 })).total).toBe(2);
    expect(index.query(q(GDL, { minRooms: 3 })).total).toBe(1);
    expect(index.query(q(GDL, { minRooms: 0 })).total).toBe(3);
  });
  it('applies types any-of and amenities all-of', () => {
    expect(index.query(q(GDL, { types: ['house', 'land'] })).total).toBe(1);
    expect(index.query(q(GDL, { amenities: ['pool', 'garden'] })).total).toBe(1);
    expect(index.query(q(GDL, { amenities: ['pool', 'gym'] })).total).toBe(0);
  });
  it('orders and pages', () => {
    const all = index.query(q(GDL, { orderBy: 'oldest' })).slots.map((s) => index.puidAt(s));
    expect(all).toHaveLength(3);
    const newest = index.query(q(GDL)).slots.map((s) => index.puidAt(s));
    expect(newest).toEqual([...all].reverse());
    const page2 = index.query(q(GDL, { orderBy: 'oldest', offset: 1, limit: 1 })).slots.map((s) => index.puidAt(s));
    expect(page2).toEqual([all[1]]);
    const priciest = index.query(q(GDL, { orderBy: 'priciest' })).slots.map((s) => index.puidAt(s));
    expect(index.priceAt(index.query(q(GDL, { orderBy: 'priciest' })).slots[0]!, null)).toEqual({ op: 'sale', amount: 5_000_000, currency: 'mxn' });
    expect(priciest).toHaveLength(3);
  });
  it('sees updates and removals through the delta, before and after compaction', () => {
    const idx = new PropertyIndex(rates);
    idx.upsert(row({ puid: 'p_a', lat: 20.67, lng: -103.35 }));
    idx.compact();
    expect(idx.query(q(GDL)).total).toBe(1);
    idx.upsert(row({ puid: 'p_a', lat: 20.67, lng: -103.35, is_active: false }));
    expect(idx.query(q(GDL)).total).toBe(0);
    idx.upsert(row({ puid: 'p_b', lat: 20.6, lng: -103.3 }));
    expect(idx.query(q(GDL)).total).toBe(1);
    idx.remove('p_b');
    expect(idx.query(q(GDL)).total).toBe(0);
    idx.compact();
    expect(idx.live).toBe(1);
    expect(idx.query(q(GDL, { active: false })).total).toBe(1);
  });
  it('clusters at low zoom and answers single points at high zoom', () => {
    const idx = new PropertyIndex(rates);
    for (let i = 0; i < 400; i++) idx.upsert(row({ lat: 20.6 + (i % 20) * 0.005, lng: -103.4 + Math.floor(i / 20) * 0.005 }));
    idx.upsert(row({ lat: 25.6, lng: -100.3 }));
    idx.compact();
    const mexico = { north: 32.7, south: 14.5, east: -86.7, west: -118.4 };
    const low = idx.query(q(mexico, { zoom: 5 }));
    expect(low.total).toBe(401);
    expect(low.clusters.reduce((s, c) => s + c.count, 0)).toBe(401);
    const big = low.clusters.find((c) => c.count === 400)!;
    expect(big.lat).toBeCloseTo(20.6475, 2);
    expect(big.bounds.north).toBeGreaterThan(big.bounds.south);
    expect(big.expansion_zoom).toBeGreaterThan(5);
    const single = low.clusters.find((c) => c.count === 1)!;
    expect(single.slot).toBeDefined();
    const near = viewportBounds(20.6, -103.4, 16);
    const high = idx.query(q(near, { zoom: 16 }));
    expect(high.clusters.every((c) => c.count === 1)).toBe(true);
    expect(high.clusters).toHaveLength(high.total);
  });
  it('computes the zoom at which a cluster splits', () => {
    const x = lngToX(-103.35);
    const y = latToY(20.67);
    expect(expansionZoom(x, x, y, y, 10)).toBe(12);
    expect(expansionZoom(x, x + 0.01, y, y, 3)).toBeGreaterThan(3);
    expect(expansionZoom(x, x + 0.01, y, y, 3)).toBeLessThanOrEqual(9);
  });
});

describe('PropertyIndex cell aggregates', () => {
  // Same answers whether whole cells are counted from their aggregates or every point is visited.
  const big = new PropertyIndex(rates);
  let seed = 42;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  for (let i = 0; i < 20_000; i++) {
    const metro = rand() < 0.6 ? [20.67, -103.35] : [19.43, -99.13];
    big.upsert(row({
      lat: metro[0]! + (rand() - 0.5) * 0.6, lng: metro[1]! + (rand() - 0.5) * 0.6,
      is_renta: rand() < 0.5, is_venta: rand() < 0.6, is_active: rand() < 0.9,
      rent_price: Math.round(5000 + rand() * 50_000), sale_price: Math.round(500_000 + rand() * 9_000_000),
      published_ms: Date.UTC(2023, 0, 1) + Math.floor(rand() * 5e10),
    }));
  }
  big.compact();
  // Changes after compaction: removals update the aggregates, new rows land in the delta.
  for (let i = 0; i < 300; i++) big.remove(`p_${n - 1 - i * 7}`);
  for (let i = 0; i < 200; i++) big.upsert(row({ lat: 20.6 + rand() * 0.1, lng: -103.4 + rand() * 0.1 }));

  it('matches the point-by-point answer for totals, clusters and pages', () => {
    for (let t = 0; t < 60; t++) {
      const zoom = 5 + Math.floor(rand() * 8);
      const center = rand() < 0.5 ? [20.67, -103.35] : [19.43, -99.13];
      const b = viewportBounds(center[0]! + (rand() - 0.5) * 0.3, center[1]! + (rand() - 0.5) * 0.3, zoom);
      const orders = ['newest', 'oldest', 'priciest', 'cheapest'] as const;
      const query = q(b, {
        zoom, op: ([null, 'rent', 'sale'] as const)[t % 3]!, orderBy: orders[t % 4]!, offset: (t % 3) * 20,
      });
      const fast = big.query(query);
      const slow = big.query(query, false);
      expect(fast.total).toBe(slow.total);
      expect(fast.slots).toEqual(slow.slots);
      const counts = (r: typeof fast) => r.clusters.map((c) => c.count).sort((x, y) => x - y);
      expect(counts(fast)).toEqual(counts(slow));
      if (fast.clusters.length < 500) expect(fast.clusters.reduce((s, c) => s + c.count, 0)).toBe(fast.total);
      for (const c of fast.clusters.filter((x) => x.count === 1)) expect(c.slot).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('PropertyIndex filtered searches', () => {
  // Filters beyond operation take other paths (per-cell skips, flat runs of inner cells when zoomed out): they must
  // give the point-by-point answer too.
  const idx = new PropertyIndex(rates);
  let seed = 7;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const types = ['apartment', 'house', 'land', 'office'] as const;
  const amenityPool = ['pool', 'garden', 'gym', 'elevator'];
  const add = (count: number) => {
    for (let i = 0; i < count; i++) {
      const metro = rand() < 0.6 ? [20.67, -103.35] : [19.43, -99.13];
      idx.upsert(row({
        lat: metro[0]! + (rand() - 0.5) * 2, lng: metro[1]! + (rand() - 0.5) * 2,
        is_renta: rand() < 0.45, is_venta: rand() < 0.6, is_active: rand() < 0.93,
        property_type: types[Math.floor(rand() * types.length)]!,
        rooms: rand() < 0.1 ? null : Math.floor(rand() * 5), bathrooms: Math.floor(rand() * 4), parking_spots: Math.floor(rand() * 3),
        rent_price: Math.round(5000 + rand() * 50_000), rent_currency: rand() < 0.05 ? 'usd' : 'mxn',
        sale_price: Math.round(500_000 + rand() * 9_000_000),
        amenities: amenityPool.filter(() => rand() < 0.3),
        published_ms: Date.UTC(2023, 0, 1) + Math.floor(rand() * 5e10),
      }));
    }
  };
  add(20_000);
  idx.compact();
  for (let i = 0; i < 200; i++) idx.remove(`p_${n - 1 - i * 11}`);
  add(150);

  it('matches the point-by-point answer under every kind of filter, at every zoom', () => {
    const filters: Partial<IndexQuery>[] = [
      { op: 'rent', priceMax: 30_000, minRooms: 2 },
      { op: 'sale', priceMin: 2_000_000, types: ['house'], orderBy: 'cheapest' },
      { amenities: ['pool'], minBathrooms: 2, orderBy: 'priciest' },
      { types: ['land', 'office'], minParking: 1, orderBy: 'oldest', offset: 20 },
      { active: false, op: 'rent' },
    ];
    for (let t = 0; t < 80; t++) {
      const zoom = 5 + (t % 12);
      const center = rand() < 0.5 ? [20.67, -103.35] : [19.43, -99.13];
      const b = viewportBounds(center[0]! + (rand() - 0.5) * 0.8, center[1]! + (rand() - 0.5) * 0.8, zoom);
      const query = q(b, { zoom, ...filters[t % filters.length]! });
      const fast = idx.query(query);
      const slow = idx.query(query, false);
      expect(fast.total).toBe(slow.total);
      expect(fast.slots).toEqual(slow.slots);
      const counts = (r: typeof fast) => r.clusters.map((c) => c.count).sort((x, y) => x - y);
      expect(counts(fast)).toEqual(counts(slow));
    }
  });
});
