import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS, filtersFromParams, listingHref, listingSearchParams, resetFilters, searchApiQuery, setBudget,
  setOperation, toggleMinimum, toggleType,
} from './filters.ts';

describe('listing filters (web side of the shared filter rules)', () => {
  it('reads the address and writes it back with rounded bounds', () => {
    const qs = 'north=20.70000001&south=20.6&east=-103.3&west=-103.4&zoom=14.123&opType=renta&minNumberRooms=2&propertyTypes=house,apartment';
    const { filters, bounds, zoom } = filtersFromParams(new URLSearchParams(qs));
    expect(filters.opType).toBe('renta');
    expect(filters.minNumberRooms).toBe(2);
    expect(filters.propertyTypes).toEqual(['apartment', 'house']);
    const out = listingSearchParams(filters, bounds, zoom);
    expect(out.get('north')).toBe('20.7');
    expect(out.get('zoom')).toBe('14.12');
    expect(out.get('minNumberRooms')).toBe('2');
  });
  it('turns the dropdown single type into the list the filters bar edits', () => {
    const { filters } = filtersFromParams(new URLSearchParams('propertyType=house'));
    expect(filters.propertyTypes).toEqual(['house']);
    expect(filters.propertyType).toBeNull();
  });
  it('drops bounds the API would refuse', () => {
    expect(filtersFromParams(new URLSearchParams('north=20&south=19&east=-100&west=-99')).bounds).toBeNull();
    expect(filtersFromParams(new URLSearchParams('north=20&south=19&east=-99')).bounds).toBeNull();
  });
  it('asks the API with the default bounds when none are known', () => {
    const q = searchApiQuery(toggleMinimum(setOperation(DEFAULT_FILTERS, 'renta'), 'minBathrooms', 1), null, null, 2);
    expect(q).toMatchObject({ north: '32.58', south: '13.11', op_type: 'rent', min_bathrooms: '1', page: '2', map: '1', v: '2' });
    expect(q.price_max).toBeUndefined();
  });
  it('narrows the API search to the chosen place, and only then (issue 9 §2–§3)', () => {
    const bounds = { north: 20.75, south: 20.6, east: -103.26, west: -103.41 };
    expect(searchApiQuery(DEFAULT_FILTERS, bounds, 11, 1, 'guadalajara')).toMatchObject({ place: 'guadalajara', north: '20.75' });
    expect(searchApiQuery(DEFAULT_FILTERS, bounds, 11, 1)).not.toHaveProperty('place');
    expect(searchApiQuery(DEFAULT_FILTERS, bounds, 11, 1, null)).not.toHaveProperty('place');
  });
  it('keeps the budget within the operation ceiling and ignores invalid values', () => {
    const rent = setOperation(DEFAULT_FILTERS, 'renta');
    expect(setBudget(rent, { max: 90_000 }).maxBudget).toBe(75_000);
    const f = setBudget(rent, { min: 10_000, max: 20_000 });
    expect([f.minBudget, f.maxBudget]).toEqual([10_000, 20_000]);
    expect(setBudget(f, { max: 5_000 })).toBe(f);
  });
  it('toggles types and resets to the defaults of the operation', () => {
    const f = toggleType(toggleType(DEFAULT_FILTERS, 'house'), 'apartment');
    expect(f.propertyTypes).toEqual(['apartment', 'house']);
    expect(toggleType(f, 'house').propertyTypes).toEqual(['apartment']);
    const reset = resetFilters({ ...setOperation(f, 'renta'), minNumberRooms: 3 });
    expect(reset).toMatchObject({ opType: 'renta', maxBudget: 75_000, minNumberRooms: -1, propertyTypes: [] });
  });
  it('links the search bar to the listing', () => {
    expect(listingHref({ opType: 'renta', propertyType: 'house' })).toBe('/propiedades?opType=renta&propertyType=house');
  });
});
