import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER_STATE, type TFilterState } from '@nj/contracts';
import { compileArea } from '../search/index/search-area.ts';
import { SearchMatcher, type MatchListing } from './search-matcher.ts';

const GDL = { north: 20.75, south: 20.6, east: -103.3, west: -103.45 };
const state = (s: Partial<TFilterState>): TFilterState => ({ ...DEFAULT_FILTER_STATE, opType: 'renta', maxBudget: 75_000, bounds: GDL, ...s });
const listing = (l: Partial<MatchListing> = {}): MatchListing => ({
  puid: 'p_1', lat: 20.67, lng: -103.37, is_active: true, is_renta: true, is_venta: false, rent_mxn: 20_000, sale_mxn: 0,
  property_type: 'apartment', rooms: 2, bathrooms: 1, parking_spots: 1, amenities: ['pool'], ...l,
});
// A triangle in Guadalajara: (−103.40, 20.64), (−103.34, 20.64), (−103.37, 20.70).
const TRIANGLE: [number, number][] = [[-103.4, 20.64], [-103.34, 20.64], [-103.37, 20.7]];

describe('SearchMatcher', () => {
  it('matches a listing inside the bounds and not one outside', () => {
    const m = new SearchMatcher();
    m.put('1', state({}));
    expect(m.match(listing())).toEqual(['1']);
    expect(m.match(listing({ lat: 19.43, lng: -99.13 }))).toEqual([]);
    expect(m.match(listing({ is_active: false }))).toEqual([]);
  });

  it('applies the filters: operation, budget, minimums, types, amenities', () => {
    const m = new SearchMatcher();
    m.put('op', state({ opType: 'venta', maxBudget: 35_000_000 }));
    m.put('budget', state({ minBudget: 10_000, maxBudget: 15_000 }));
    m.put('rooms', state({ minNumberRooms: 3 }));
    m.put('types', state({ propertyTypes: ['house'] }));
    m.put('amen', state({ amenities: ['gym', 'pool'] }));
    m.put('ok', state({ minBudget: 15_000, maxBudget: 25_000, minNumberRooms: 2, propertyType: 'apartment', amenities: ['pool'] }));
    expect(m.match(listing()).sort()).toEqual(['ok']);
    expect(m.match(listing({ rent_mxn: 12_000, rooms: 3, property_type: 'house', amenities: ['gym', 'pool'] })).sort()).toEqual(['amen', 'budget', 'rooms', 'types']);
  });

  it('a maximum at the ceiling means no maximum', () => {
    const m = new SearchMatcher();
    m.put('1', state({ maxBudget: 75_000 }));
    expect(m.match(listing({ rent_mxn: 90_000 }))).toEqual(['1']);
  });

  it('tests a drawn polygon exactly, not its bounding box', () => {
    const m = new SearchMatcher();
    m.put('poly', state({ bounds: null, area: { kind: 'polygons', polygons: [TRIANGLE] } }));
    expect(m.match(listing({ lat: 20.65, lng: -103.37 }))).toEqual(['poly']);
    // Inside the box, outside the triangle (near the top-left corner of the box).
    expect(m.match(listing({ lat: 20.69, lng: -103.395 }))).toEqual([]);
  });

  it('a search saved on a place matches the place’s outline, not its saved bounds; a drawn area must hold too', () => {
    // The place: a square east of the saved bounds' middle, reaching past them.
    const square: [number, number][][][] = [[[[-103.37, 20.62], [-103.2, 20.62], [-103.2, 20.72], [-103.37, 20.72], [-103.37, 20.62]]]];
    const place = { polygons: square, area: compileArea(square) };
    const m = new SearchMatcher();
    m.put('place', state({}), place);
    m.put('drawn', state({ area: { kind: 'polygons', polygons: [TRIANGLE] } }), place);
    expect(m.match(listing({ lat: 20.67, lng: -103.36 })).sort()).toEqual(['drawn', 'place']);
    expect(m.match(listing({ lat: 20.67, lng: -103.25 }))).toEqual(['place']); // in the place, east of the bounds
    expect(m.match(listing({ lat: 20.67, lng: -103.42 }))).toEqual([]); // in the bounds, outside the place
    expect(m.match(listing({ lat: 20.65, lng: -103.39 }))).toEqual([]); // in the triangle, outside the place
  });

  it('a search with no area matches anywhere; remove and put again replace it', () => {
    const m = new SearchMatcher();
    m.put('any', state({ bounds: null }));
    expect(m.match(listing({ lat: 19.43, lng: -99.13 }))).toEqual(['any']);
    m.put('any', state({}));
    expect(m.match(listing({ lat: 19.43, lng: -99.13 }))).toEqual([]);
    m.remove('any');
    expect(m.match(listing())).toEqual([]);
    expect(m.size).toBe(0);
  });

  it('agrees with a brute-force check on random searches and listings', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const m = new SearchMatcher();
    const searches: [string, TFilterState][] = [];
    for (let i = 0; i < 500; i++) {
      const lat = 19 + rnd() * 3, lng = -104 + rnd() * 5, span = rnd() * 1.5;
      const s = state({ bounds: { north: lat + span, south: lat, east: lng + span, west: lng }, minBudget: Math.round(rnd() * 20_000) });
      searches.push([String(i), s]);
      m.put(String(i), s);
    }
    for (let k = 0; k < 300; k++) {
      const l = listing({ lat: 19 + rnd() * 4, lng: -104 + rnd() * 6, rent_mxn: rnd() * 40_000 });
      const brute = searches.filter(([, s]) => s.bounds!.south <= l.lat && l.lat <= s.bounds!.north && s.bounds!.west <= l.lng
        && l.lng <= s.bounds!.east && l.rent_mxn >= s.minBudget).map(([id]) => id).sort();
      expect(m.match(l).sort()).toEqual(brute);
    }
  });
});
