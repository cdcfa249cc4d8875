import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXCHANGE_RATES, isConstructionYear, listingBoundIssues, priceRange, totalPriceMxn, type BoundsInput,
} from './bounds.ts';
import { LISTING_BOUND_MESSAGES as B, LISTING_FIELD_MESSAGES as F } from './messages.ts';
import { constructionYearOptions, listingFieldErrors, listingInputSchema } from './schemas.ts';

const rates = { usd: 18.5, eur: 20 };
const base = (patch: Partial<BoundsInput> = {}): BoundsInput => ({
  property_type: 'house', rents: null, sales: null, construction_area: null, land: null,
  monthly_maintenance_fee: null, construction_year: null, ...patch,
});
const rent = (price: number, currency_type: 'mxn' | 'usd' | 'eur' = 'mxn', based_on: 'valor_total' | 'm2' | 'ha' = 'valor_total') =>
  ({ price, currency_type, based_on });
const issuesOf = (v: BoundsInput, year = 2026) => Object.fromEntries(listingBoundIssues(v, rates, year).map((i) => [i.path, i.message]));

/** A whole listing as the form sends it (valid unless patched). */
const listing = (patch: Record<string, unknown> = {}) => ({
  operation: 'renta',
  property_type: 'house',
  location: {
    street: 'Av. Prado', number_ext: '120', neighborhood: 'Providencia', municipality: 'Guadalajara', state: 'jalisco',
    zip: '44630', lat: 20.7, lng: -103.38,
  },
  rents: { price: 25_000, currency_type: 'mxn', based_on: 'valor_total' },
  ...patch,
});
const fieldErrors = (data: unknown) => {
  const r = listingInputSchema(rates).safeParse(data);
  return r.success ? {} : listingFieldErrors(r.error);
};

describe('listing plausibility bounds (issue 9 §6)', () => {
  it('rent: 500 to 1,000,000 MXN a month, both ends included, with a message naming the field and the bounds', () => {
    expect(issuesOf(base({ rents: rent(500) }))).toEqual({});
    expect(issuesOf(base({ rents: rent(1_000_000) }))).toEqual({});
    const low = issuesOf(base({ rents: rent(499) }));
    expect(low['rents.price']).toBe('La renta mensual debe estar entre $500 MXN y $1,000,000 MXN');
    expect(low['rents.price']).toBe(B.rentPrice({ min: 500, max: 1_000_000 }, null));
    expect(issuesOf(base({ rents: rent(1_000_001) }))['rents.price']).toBe(B.rentPrice({ min: 500, max: 1_000_000 }, null));
  });

  it('rent of whole buildings and industrial property: up to 10,000,000 MXN', () => {
    expect(priceRange('rent', 'nave_industrial')).toEqual({ min: 500, max: 10_000_000 });
    expect(issuesOf(base({ property_type: 'nave_industrial', rents: rent(4_000_000) }))).toEqual({});
    expect(issuesOf(base({ property_type: 'house', rents: rent(4_000_000) }))['rents.price']).toContain('$1,000,000 MXN');
  });

  it('sale: 50,000 to 2,000,000,000 MXN', () => {
    expect(issuesOf(base({ sales: rent(50_000) }))).toEqual({});
    expect(issuesOf(base({ sales: rent(2_000_000_000) }))).toEqual({});
    expect(issuesOf(base({ sales: rent(49_999) }))['sales.price']).toBe('El precio de venta debe estar entre $50,000 MXN y $2,000,000,000 MXN');
    expect(issuesOf(base({ sales: rent(2_000_000_001) }))['sales.price']).toBe(B.salePrice({ min: 50_000, max: 2_000_000_000 }, null));
  });

  it('converts USD and EUR with the exchange rates before comparing, and says what the price is worth in MXN', () => {
    // 30 USD = 555 MXN: a plausible rent; 20 USD = 370 MXN: too low.
    expect(issuesOf(base({ rents: rent(30, 'usd') }))).toEqual({});
    expect(issuesOf(base({ rents: rent(20, 'usd') }))['rents.price']).toBe('La renta mensual debe estar entre $500 MXN y $1,000,000 MXN; tu precio equivale a $370 MXN');
    // 110,000,000 USD = 2,035,000,000 MXN: over the sale bound, though the number itself is under it.
    expect(issuesOf(base({ sales: rent(110_000_000, 'usd') }))['sales.price']).toBe(B.salePrice({ min: 50_000, max: 2_000_000_000 }, 2_035_000_000));
    expect(issuesOf(base({ sales: rent(2_600, 'eur') }))).toEqual({}); // 52,000 MXN
    expect(issuesOf(base({ sales: rent(2_400, 'eur') }))['sales.price']).toContain('$48,000 MXN');
    // Other rates move the bound: at 30 MXN per dollar, 20 USD is 600 MXN.
    expect(listingBoundIssues(base({ rents: rent(20, 'usd') }), { usd: 30, eur: 20 })).toEqual([]);
    expect(DEFAULT_EXCHANGE_RATES).toEqual({ usd: 18.5, eur: 20 });
  });

  it('a price per m² or per ha is multiplied by the area; without an area only "above zero" applies', () => {
    expect(totalPriceMxn(rent(200, 'mxn', 'm2'), { constructionM2: 100, landM2: null }, rates)).toBe(20_000);
    expect(totalPriceMxn(rent(1_000_000, 'mxn', 'ha'), { constructionM2: null, landM2: 20_000 }, rates)).toBe(2_000_000);
    expect(totalPriceMxn(rent(200, 'mxn', 'm2'), { constructionM2: null, landM2: null }, rates)).toBeNull();
    expect(issuesOf(base({ rents: rent(2, 'mxn', 'm2'), construction_area: 100 }))['rents.price']).toContain('tu precio equivale a $200 MXN');
    expect(issuesOf(base({ rents: rent(2, 'mxn', 'm2') }))).toEqual({});
  });

  it('maintenance must be below the rent (in MXN), reported on both fields', () => {
    expect(issuesOf(base({ rents: rent(10_000), monthly_maintenance_fee: 9_999 }))).toEqual({});
    const equal = issuesOf(base({ rents: rent(10_000), monthly_maintenance_fee: 10_000 }));
    expect(equal.monthly_maintenance_fee).toBe('El mantenimiento mensual ($10,000 MXN) debe ser menor que la renta mensual ($10,000 MXN)');
    expect(equal['rents.price']).toBe('La renta mensual debe ser mayor que el mantenimiento mensual ($10,000 MXN)');
    // 1,000 USD of rent = 18,500 MXN: a 15,000 MXN fee is below it.
    expect(issuesOf(base({ rents: rent(1_000, 'usd'), monthly_maintenance_fee: 15_000 }))).toEqual({});
    expect(issuesOf(base({ rents: rent(1_000, 'usd'), monthly_maintenance_fee: 20_000 })).monthly_maintenance_fee).toBe(B.maintenanceBelowRent(20_000, 18_500));
    // A sale alone has no rent to compare with.
    expect(issuesOf(base({ sales: rent(3_000_000), monthly_maintenance_fee: 20_000 }))).toEqual({});
  });

  it('areas: above zero (schema) and within the largest plausible size', () => {
    expect(issuesOf(base({ construction_area: 1_000_000 }))).toEqual({});
    expect(issuesOf(base({ construction_area: 1_000_001 })).construction_area).toBe('La superficie construida debe ser mayor que 0 y de hasta 1,000,000 m²');
    expect(issuesOf(base({ land: { area: 100_000, unit: 'ha' } }))).toEqual({});
    expect(issuesOf(base({ land: { area: 100_001, unit: 'ha' } }))['land.area']).toBe('La superficie del terreno debe ser mayor que 0 y de hasta 100,000 ha');
    expect(fieldErrors(listing({ construction_area: 0 })).construction_area).toBe(F.construction_area);
    expect(fieldErrors(listing({ land: { area: -5, unit: 'm2' } }))['land.area']).toBe(F['land.area']);
  });

  it('construction year: building, first_use or any year from 1800 to the current year', () => {
    expect(isConstructionYear('building', 2026)).toBe(true);
    expect(isConstructionYear('first_use', 2026)).toBe(true);
    expect(isConstructionYear('1800', 2026)).toBe(true);
    expect(isConstructionYear('1975', 2026)).toBe(true);
    expect(isConstructionYear('2026', 2026)).toBe(true);
    expect(isConstructionYear('1799', 2026)).toBe(false);
    expect(isConstructionYear('2027', 2026)).toBe(false);
    expect(isConstructionYear('19x5', 2026)).toBe(false);
    expect(issuesOf(base({ construction_year: '1799' })).construction_year).toBe('El año de construcción debe estar entre 1800 y 2026');
    const options = constructionYearOptions(2026);
    expect(options.slice(0, 4)).toEqual(['building', 'first_use', '2026', '2025']);
    expect(options.at(-1)).toBe('1800');
    expect(options.every((o) => isConstructionYear(o, 2026))).toBe(true);
  });

  it('the listing schema applies the bounds and keeps the bound messages per field', () => {
    const year = new Date().getFullYear();
    expect(fieldErrors(listing({ construction_year: '1950', monthly_maintenance_fee: 2_000 }))).toEqual({});
    expect(fieldErrors(listing({ construction_year: 'first_use' }))).toEqual({});
    expect(fieldErrors(listing({ construction_year: String(year + 1) })).construction_year).toBe(B.constructionYear(1800, year));
    expect(fieldErrors(listing({ construction_year: 'antiguo' })).construction_year).toBe(F.construction_year);
    expect(fieldErrors(listing({ rents: { price: 12, currency_type: 'mxn', based_on: 'valor_total' } }))['rents.price']).toBe(B.rentPrice({ min: 500, max: 1_000_000 }, null));
    expect(fieldErrors(listing({ rents: { price: 0, currency_type: 'mxn', based_on: 'valor_total' } }))['rents.price']).toBe(F['rents.price']);
    // A field that does not apply to the type is not checked (land has no maintenance fee).
    expect(fieldErrors(listing({ property_type: 'land', monthly_maintenance_fee: 90_000 }))).toEqual({});
    // The pricing of an operation not chosen is not checked.
    expect(fieldErrors(listing({ sales: { price: 3, currency_type: 'mxn', based_on: 'valor_total' } }))).toEqual({});
  });
});
