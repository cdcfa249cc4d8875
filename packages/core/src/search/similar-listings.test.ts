import { describe, expect, it } from 'vitest';
import type { TPropertySummary } from '@nj/contracts';
import { distanceKm, isSimilar, rankSimilar, similarPriceBand, similarSearchQuery } from './similar-listings.ts';

/** A card with what the rule reads; the rest is irrelevant here. */
function card(over: { uid: string; lat?: number; lng?: number; type?: TPropertySummary['property_type']; op?: 'rent' | 'sale'; mxn?: number; basedOn?: 'valor_total' | 'm2' }): TPropertySummary {
  return {
    uid: over.uid, lat: over.lat ?? 20.67, lng: over.lng ?? -103.39, property_type: over.type ?? 'apartment',
    price: { op_type: over.op ?? 'rent', amount: over.mxn ?? 20_000, currency_type: 'mxn', based_on: over.basedOn ?? 'valor_total', amount_mxn: over.mxn ?? 20_000, label: '' },
  } as TPropertySummary;
}

const target = card({ uid: 'p_target', mxn: 20_000 });

describe('similar listings (issue 9 §4: same operation and type, nearby, price within ±20 %)', () => {
  it('keeps prices from 80 % to 120 % of the listing\'s, in MXN', () => {
    expect(similarPriceBand(target)).toEqual({ min: 16_000, max: 24_000 });
    expect(isSimilar(target, card({ uid: 'a', mxn: 16_000 }))).toBe(true);
    expect(isSimilar(target, card({ uid: 'b', mxn: 24_000 }))).toBe(true);
    expect(isSimilar(target, card({ uid: 'c', mxn: 15_999 }))).toBe(false);
    expect(isSimilar(target, card({ uid: 'd', mxn: 24_001 }))).toBe(false);
  });

  it('needs the same operation, type and price basis, and never the listing itself', () => {
    expect(isSimilar(target, card({ uid: 'e', op: 'sale' }))).toBe(false);
    expect(isSimilar(target, card({ uid: 'f', type: 'house' }))).toBe(false);
    expect(isSimilar(target, card({ uid: 'g', basedOn: 'm2' }))).toBe(false);
    expect(isSimilar(target, card({ uid: 'p_target' }))).toBe(false);
  });

  it('accepts any price when the listing shows none', () => {
    const unpriced = card({ uid: 'p_x', mxn: 0 });
    expect(similarPriceBand(unpriced)).toBeNull();
    expect(isSimilar(unpriced, card({ uid: 'h', mxn: 9_000_000 }))).toBe(true);
    expect(similarSearchQuery(unpriced, 0.08)).not.toHaveProperty('price_min');
  });

  it('asks the index for the same operation, type and band inside the radius', () => {
    const q = similarSearchQuery(target, 0.08);
    expect(q).toMatchObject({
      op_type: 'rent', property_types: ['apartment'], status: 'active', order_by: 'newest', price_min: 16_000, price_max: 24_000,
    });
    for (const [bound, value] of [[q.north, 20.75], [q.south, 20.59], [q.east, -103.31], [q.west, -103.47]] as const) {
      expect(bound).toBeCloseTo(value, 10);
    }
  });

  it('ranks the nearest first, each once, at most `limit`', () => {
    const far = card({ uid: 'far', lat: 20.9 });
    const near = card({ uid: 'near', lat: 20.671 });
    const mid = card({ uid: 'mid', lat: 20.7 });
    const other = card({ uid: 'other', type: 'house', lat: 20.6701 });
    expect(rankSimilar(target, [far, near, other, mid, near], 5).map((c) => c.uid)).toEqual(['near', 'mid', 'far']);
    expect(rankSimilar(target, [far, near, mid], 2).map((c) => c.uid)).toEqual(['near', 'mid']);
    expect(distanceKm({ lat: 20, lng: -103 }, { lat: 21, lng: -103 })).toBeCloseTo(111.2, 0);
  });
});
