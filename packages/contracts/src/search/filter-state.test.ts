import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTER_STATE, budgetCeilingOnSwitch, filterStateFromQuery, filterStateToQuery, filterStateToSearchParams,
  formatAddress, formatShortAddress, isPropertyCode, normalizeTypeList, sanitizeText, setMaxBudget, setMinBudget,
  switchOperation, toggleAmenity, toggleMinimum, toggleSingleType, zoomForPlaceKind, type TFilterState,
} from './filter-state.ts';

const renta: TFilterState = { ...DEFAULT_FILTER_STATE, opType: 'renta', maxBudget: 75_000 };

describe('budget ceilings when switching operation (spec 01 §4)', () => {
  it('lowers a maximum above the rent ceiling when switching to renta', () => {
    expect(budgetCeilingOnSwitch(35_000_000, 'renta')).toBe(75_000);
    expect(budgetCeilingOnSwitch(50_000, 'renta')).toBe(50_000);
  });
  it('raises the rent ceiling to the sales ceiling when switching to venta', () => {
    expect(budgetCeilingOnSwitch(75_000, 'venta')).toBe(35_000_000);
    expect(budgetCeilingOnSwitch(50_000, 'venta')).toBe(50_000);
  });
  it('resets the maximum to the operation default on a change, and clears a minimum above it', () => {
    const venta = { ...DEFAULT_FILTER_STATE, maxBudget: 2_000_000, minBudget: 1_000_000 };
    expect(switchOperation(venta, 'renta')).toMatchObject({ opType: 'renta', maxBudget: 75_000, minBudget: 0 });
    expect(switchOperation({ ...renta, maxBudget: 30_000 }, 'venta')).toMatchObject({ opType: 'venta', maxBudget: 35_000_000 });
    expect(switchOperation(renta, 'renta')).toBe(renta);
  });
  it('ignores a budget that is not a number, negative, or crosses the other bound (spec 01 §5)', () => {
    const s = { ...renta, minBudget: 10_000, maxBudget: 30_000 };
    expect(setMaxBudget(s, 5_000)).toBe(s);
    expect(setMaxBudget(s, -1)).toBe(s);
    expect(setMaxBudget(s, 'mucho')).toBe(s);
    expect(setMaxBudget(s, 40_000).maxBudget).toBe(40_000);
    expect(setMinBudget(s, 35_000)).toBe(s);
    expect(setMinBudget(s, Number.NaN)).toBe(s);
    expect(setMinBudget(s, 0).minBudget).toBe(0);
  });
});

describe('toggles (spec 01 §4)', () => {
  it('clears a minimum chosen twice, or at 0 or less', () => {
    const two = toggleMinimum(DEFAULT_FILTER_STATE, 'minNumberRooms', 2);
    expect(two.minNumberRooms).toBe(2);
    expect(toggleMinimum(two, 'minNumberRooms', 2).minNumberRooms).toBe(-1);
    expect(toggleMinimum(two, 'minNumberRooms', 3).minNumberRooms).toBe(3);
    expect(toggleMinimum(two, 'minNumberRooms', 0).minNumberRooms).toBe(-1);
    expect(toggleMinimum(two, 'minBathrooms', -5).minBathrooms).toBe(-1);
    expect(filterStateToQuery(toggleMinimum(two, 'minNumberRooms', 2)).has('minNumberRooms')).toBe(false);
  });
  it('clears the single type chosen again', () => {
    const house = toggleSingleType(DEFAULT_FILTER_STATE, 'house');
    expect(house.propertyType).toBe('house');
    expect(toggleSingleType(house, 'house').propertyType).toBeNull();
    expect(toggleSingleType(house, 'apartment').propertyType).toBe('apartment');
  });
  it('toggles amenities one by one, written as 1', () => {
    const on = toggleAmenity(toggleAmenity(DEFAULT_FILTER_STATE, 'pool'), 'gym');
    expect(on.amenities).toEqual(['gym', 'pool']);
    expect(filterStateToQuery(on).get('pool')).toBe('1');
    expect(toggleAmenity(on, 'pool').amenities).toEqual(['gym']);
  });
});

describe('type lists (spec 01 §5)', () => {
  it('trims, de-duplicates and sorts', () => {
    expect(normalizeTypeList(' house, apartment ,house,land')).toEqual(['apartment', 'house', 'land']);
    expect(normalizeTypeList(['oficina', 'house'])).toEqual(['house', 'oficina']);
  });
  it('drops an empty list or one equal to the current', () => {
    expect(normalizeTypeList('')).toBeNull();
    expect(normalizeTypeList(' , ,all')).toBeNull();
    expect(normalizeTypeList('house,apartment', ['apartment', 'house'])).toBeNull();
    expect(normalizeTypeList('house', ['apartment'])).toEqual(['house']);
  });
});

describe('property code (spec 01 §5)', () => {
  it('accepts NJ- plus hex in any case', () => {
    for (const c of ['NJ-1A2B', 'nj-1a2b', 'Nj-00ff', ' NJ-ABC ']) expect(isPropertyCode(c), c).toBe(true);
    for (const c of ['NJ-', 'NJ-XYZ', 'NJ1A2B', 'AB-12', 'NJ-12 34', 42, null]) expect(isPropertyCode(c), String(c)).toBe(false);
  });
});

describe('free text (spec 01 §5)', () => {
  it('keeps letters, numbers, punctuation, separators, newline, caret and dollar; trims', () => {
    expect(sanitizeText('  Casa en Ñuñoa, $2,500^2!\n¿Dónde?  ')).toBe('Casa en Ñuñoa, $2,500^2!\n¿Dónde?');
    expect(sanitizeText('Depa 🏠 con alberca ★ <b>')).toBe('Depa  con alberca  b');
    expect(sanitizeText('a\tb\u0000c')).toBe('abc');
  });
  it('gives an empty string for non-text', () => {
    expect(sanitizeText(undefined)).toBe('');
    expect(sanitizeText(12)).toBe('');
    expect(sanitizeText({ a: 1 })).toBe('');
  });
});

describe('address display (spec 01 §3)', () => {
  it('writes street, number, int., colonia and municipality with each word capitalised', () => {
    expect(formatAddress({ street: 'av. chapultepec', number_ext: '15', number_int: '3', neighborhood: 'LADRÓN DE GUEVARA', municipality: 'guadalajara' }))
      .toBe('Av. Chapultepec 15 Int. 3, Ladrón De Guevara, Guadalajara');
    expect(formatAddress({ street: null, neighborhood: 'providencia', municipality: null })).toBe('Providencia');
    expect(formatAddress({ street: 'calle 60', number_ext: '', neighborhood: 'centro', municipality: 'mérida' })).toBe('Calle 60, Centro, Mérida');
  });
  it('has a short form with colonia and municipality', () => {
    expect(formatShortAddress({ street: 'x', neighborhood: 'roma norte', municipality: 'cuauhtémoc' })).toBe('Roma Norte, Cuauhtémoc');
  });
});

describe('zoom by place kind (spec 01 §9)', () => {
  it('maps kinds to zooms with 12 by default', () => {
    expect(zoomForPlaceKind('country')).toBe(6);
    expect(zoomForPlaceKind('region')).toBe(8);
    expect(zoomForPlaceKind('locality')).toBe(12);
    expect(zoomForPlaceKind('neighbourhood')).toBe(15);
    expect(zoomForPlaceKind('street')).toBe(16);
    expect(zoomForPlaceKind('establishment')).toBe(18);
    expect(zoomForPlaceKind('planet')).toBe(12);
    expect(zoomForPlaceKind(null)).toBe(12);
  });
});

describe('filter state ↔ URL ↔ search API', () => {
  const state: TFilterState = {
    ...renta, bounds: { north: 20.8, south: 20.5, east: -103.2, west: -103.5 }, zoom: 12, minBudget: 10_000,
    maxBudget: 30_000, minNumberRooms: 2, propertyTypes: ['apartment', 'house'], orderBy: 'cheapest', amenities: ['pool'],
  };
  it('round-trips through the query string', () => {
    const qs = filterStateToQuery(state);
    expect(qs.get('north')).toBe('20.8');
    expect(qs.get('opType')).toBe('renta');
    expect(filterStateFromQuery(new URLSearchParams(qs.toString()))).toEqual(state);
  });
  it('leaves defaults out of the address', () => {
    const qs = filterStateToQuery({ ...DEFAULT_FILTER_STATE });
    expect([...qs.keys()]).toEqual(['opType']);
    expect(filterStateToQuery({ ...renta, maxBudget: 75_000 }).has('maxBudget')).toBe(false);
  });
  it('reads the API names too and ignores invalid values', () => {
    const s = filterStateFromQuery(new URLSearchParams('op_type=rent&price_max=20000&min_rooms=3&order_by=bogus&status=x&north=1&south=0&east=1'));
    expect(s).toMatchObject({ opType: 'renta', maxBudget: 20_000, minNumberRooms: 3, orderBy: 'newest', status: 'active', bounds: null });
    // One mapping of the operation's names (catalogue/operation.ts): any case, either language; anything else keeps venta.
    expect(filterStateFromQuery(new URLSearchParams('opType=Renta')).opType).toBe('renta');
    expect(filterStateFromQuery(new URLSearchParams('op_type=SALE')).opType).toBe('venta');
    expect(filterStateFromQuery(new URLSearchParams('opType=alquiler')).opType).toBe('venta');
  });
  it('builds search params: price_max omitted at the ceiling, minimums sent from 0', () => {
    const p = filterStateToSearchParams(state, { page: 2 });
    expect(p).toMatchObject({ v: '2', map: '1', op_type: 'rent', price_min: '10000', price_max: '30000', min_rooms: '2', property_types: 'apartment,house', amenities: 'pool', order_by: 'cheapest', page: '2', north: '20.8' });
    expect(p.min_bathrooms).toBeUndefined();
    const atCeiling = filterStateToSearchParams({ ...DEFAULT_FILTER_STATE, minBathrooms: 0 });
    expect(atCeiling.price_max).toBeUndefined();
    expect(atCeiling.price_min).toBeUndefined();
    expect(atCeiling.min_bathrooms).toBe('0');
    expect(atCeiling.op_type).toBe('sale');
    expect(filterStateToSearchParams({ ...DEFAULT_FILTER_STATE, propertyType: 'land' }).property_types).toBe('land');
  });
});
