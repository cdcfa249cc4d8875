import { describe, expect, it } from 'vitest';
import { compatibleTypes, distanceM, DUP_DISTANCE_M, isDuplicatePair, pricesAgree, type DupCandidate } from './duplicate-rule.ts';
import { groupDuplicates } from './group-duplicates.ts';

const RATES = { usd: 18.5, eur: 20 };
/** Metres north of a latitude as degrees. */
const north = (m: number) => m / 111_195;

let n = 0;
function listing(over: Partial<DupCandidate> = {}): DupCandidate {
  n++;
  return {
    puid: `p_${String(n).padStart(4, '0')}`, source: 'inmuebles24', owner_cuid: null, lat: 20.67, lng: -103.39, approximate: false,
    is_renta: true, is_venta: false, property_type: 'apartment', rent_price: 20_000, rent_currency: 'mxn', sale_price: null, sale_currency: 'mxn',
    rooms: 2, construction_area: 90, land_area: null, images: 0, verified: false, published_ms: 0, filled: 0, ...over,
  };
}

describe('the duplicate rule (decision 034)', () => {
  it('groups inside 80 m and refuses just outside', () => {
    const a = listing();
    expect(distanceM(a.lat, a.lng, a.lat + north(79), a.lng)).toBeCloseTo(79, 0);
    expect(isDuplicatePair(a, listing({ lat: a.lat + north(79), source: 'properati' }), RATES)).toBe(true);
    expect(isDuplicatePair(a, listing({ lat: a.lat + north(81), source: 'properati' }), RATES)).toBe(false);
    expect(DUP_DISTANCE_M).toBe(80);
  });

  it('groups within ±3 % of the lower price in MXN and refuses beyond it', () => {
    const a = listing();
    expect(isDuplicatePair(a, listing({ rent_price: 20_600 }), RATES)).toBe(true);
    expect(isDuplicatePair(a, listing({ rent_price: 20_601 }), RATES)).toBe(false);
    expect(isDuplicatePair(a, listing({ rent_price: 19_418 }), RATES)).toBe(true); // 582 ≤ 3 % of 19,418
    expect(isDuplicatePair(a, listing({ rent_price: 19_400 }), RATES)).toBe(false);
    // USD converted with the exchange rates: 1,081 USD × 18.5 = 19,998.5 MXN.
    expect(isDuplicatePair(a, listing({ rent_price: 1_081, rent_currency: 'usd' }), RATES)).toBe(true);
    expect(isDuplicatePair(a, listing({ rent_price: 1_000, rent_currency: 'usd' }), RATES)).toBe(false);
    expect(pricesAgree(0, 0)).toBe(false);
  });

  it('needs a shared operation, a compatible type, equal rooms and areas within 10 %', () => {
    const a = listing();
    expect(isDuplicatePair(a, listing({ is_renta: false, is_venta: true, sale_price: 20_000 }), RATES)).toBe(false);
    expect(isDuplicatePair(a, listing({ property_type: 'house' }), RATES)).toBe(false);
    expect(compatibleTypes('house', 'casa_con_uso_de_suelo')).toBe(true);
    expect(compatibleTypes('apartment', 'house')).toBe(false);
    expect(isDuplicatePair(a, listing({ rooms: 3 }), RATES)).toBe(false);
    expect(isDuplicatePair(a, listing({ rooms: null }), RATES)).toBe(true);
    expect(isDuplicatePair(a, listing({ construction_area: 99 }), RATES)).toBe(true);
    expect(isDuplicatePair(a, listing({ construction_area: 100 }), RATES)).toBe(false);
  });

  it('never groups the same owner on the same source, nor approximate points', () => {
    const a = listing({ owner_cuid: 'c_1', source: 'owner' });
    expect(isDuplicatePair(a, listing({ owner_cuid: 'c_1', source: 'owner' }), RATES)).toBe(false);
    expect(isDuplicatePair(a, listing({ owner_cuid: 'c_2', source: 'owner' }), RATES)).toBe(true);
    expect(isDuplicatePair(a, listing({ owner_cuid: 'c_1', source: 'easybroker' }), RATES)).toBe(true);
    expect(isDuplicatePair(a, listing({ approximate: true }), RATES)).toBe(false);
  });
});

describe('groupDuplicates', () => {
  it('makes one group per home with the most complete listing as representative, and leaves the rest alone', () => {
    const a = listing({ images: 3 });
    const b = listing({ lat: a.lat + north(40), source: 'easybroker' });
    const c = listing({ lat: a.lat + north(60), lng: a.lng + 0.0003, source: 'kw', rent_price: 20_300 });
    const far = listing({ lat: a.lat + north(500) });
    const groups = groupDuplicates([b, far, c, a], RATES);
    expect(groups.get(a.puid)).toEqual({ group: a.puid, hidden: false });
    expect(groups.get(b.puid)).toEqual({ group: a.puid, hidden: true });
    expect(groups.get(c.puid)).toEqual({ group: a.puid, hidden: true });
    expect(groups.has(far.puid)).toBe(false);
  });

  it('finds the same pairs as comparing every pair (random points around grid edges)', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const list = Array.from({ length: 400 }, () => listing({
      lat: 19.4 + rnd() * 0.004, lng: -99.15 + rnd() * 0.004, rent_price: 20_000 + Math.round(rnd() * 1_000), source: rnd() < 0.5 ? 'kw' : 'easybroker',
    }));
    const groups = groupDuplicates(list, RATES);
    // Brute force connected components.
    const parent = list.map((_, i) => i);
    const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
    for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) if (isDuplicatePair(list[i]!, list[j]!, RATES)) parent[find(j)] = find(i);
    const differ: string[] = [];
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const g = groups.get(list[i]!.puid)?.group;
        if ((find(i) === find(j)) !== (g !== undefined && g === groups.get(list[j]!.puid)?.group)) differ.push(`${i} ${j}`);
      }
    }
    expect(differ).toEqual([]);
    expect(groups.size).toBeGreaterThan(10);
  });
});
