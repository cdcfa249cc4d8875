import { describe, expect, it } from 'vitest';
import { PropertyIndex, type IndexQuery, type IndexRow } from '../search/index/property-index.ts';
import { latToY, lngToX } from '../search/index/mercator.ts';

let n = 0;
function row(p: Partial<IndexRow> & { lat: number; lng: number }): IndexRow {
  n++;
  return {
    puid: `p_${n}`, slug: `s-${n}`, is_renta: true, is_venta: false, is_active: true, property_type: 'apartment', rooms: 2, bathrooms: 1,
    parking_spots: 1, rent_price: 20_000, rent_currency: 'mxn', sale_price: null, sale_currency: 'mxn', amenities: [], published_ms: n, ...p,
  };
}
const GDL = { north: 20.8, south: 20.5, east: -103.2, west: -103.5 };
function q(over: Partial<IndexQuery> = {}): IndexQuery {
  return {
    minX: lngToX(GDL.west), maxX: lngToX(GDL.east), minY: latToY(GDL.north), maxY: latToY(GDL.south), zoom: 12, op: null, priceMin: null,
    priceMax: null, minRooms: -1, minBathrooms: -1, minParking: -1, types: [], amenities: [], active: true, orderBy: 'newest', offset: 0,
    limit: 20, withClusters: true, ...over,
  };
}

describe('hidden duplicates in the search index (decision 034 on decision 002)', () => {
  it('counts, clusters and lists one card per group, through cell aggregates, points and the delta alike', () => {
    const index = new PropertyIndex({ usd: 20, eur: 22 });
    const rep = row({ lat: 20.67, lng: -103.35, dup_group: 'p_rep' });
    index.upsert(rep);
    index.upsert(row({ lat: 20.6701, lng: -103.35, dup_group: rep.puid, dup_hidden: true }));
    index.upsert(row({ lat: 20.6702, lng: -103.35, dup_group: rep.puid, dup_hidden: true }));
    index.upsert(row({ lat: 20.7, lng: -103.4 }));
    index.compact();
    const check = () => {
      for (const query of [q(), q({ op: 'rent' }), q({ minRooms: 2 }), q({ zoom: 17 }), q({ zoom: 5 })]) {
        const r = index.query(query);
        expect(r.total).toBe(2);
        expect(r.slots.map((s) => index.puidAt(s)).sort()).toEqual([rep.puid, `p_${n}`].sort());
        expect(r.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(2);
        // The point-by-point path agrees with the aggregates.
        expect(index.query(query, false).total).toBe(2);
      }
    };
    check();
    expect(index.isGroupedAt(index.query(q({ zoom: 17 })).slots.find((s) => index.puidAt(s) === rep.puid)!)).toBe(true);
    // A hidden listing that leaves its group (changed: in the delta now) is counted again.
    index.upsert(row({ lat: 20.6703, lng: -103.35 }));
    expect(index.query(q()).total).toBe(3);
    index.upsert(row({ lat: 20.6704, lng: -103.35, dup_group: rep.puid, dup_hidden: true }));
    expect(index.query(q()).total).toBe(3);
  });
});
