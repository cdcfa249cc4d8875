import { describe, expect, it } from 'vitest';
import { pricePerM2, publishedAgo } from './detail-facts.ts';

const apartment = { property_type: 'apartment' as const, construction_area: 150, land: { area: 300, unit: 'm2' as const } };

describe('price per m² (issue 9 §4)', () => {
  it('divides a total price by the construction area', () => {
    expect(pricePerM2(apartment, { price: 4_500_000, based_on: 'valor_total' })).toEqual({ amount: 30_000, basis: 'built' });
  });

  it('uses the land area for land, in m² even when the land is given in ha', () => {
    expect(pricePerM2({ property_type: 'land', construction_area: 50, land: { area: 500, unit: 'm2' } }, { price: 1_000_000, based_on: 'valor_total' }))
      .toEqual({ amount: 2_000, basis: 'land' });
    expect(pricePerM2({ property_type: 'ranch', construction_area: null, land: { area: 2, unit: 'ha' } }, { price: 2_000_000, based_on: 'valor_total' }))
      .toEqual({ amount: 100, basis: 'land' });
  });

  it('keeps a price already per m², converts one per ha', () => {
    expect(pricePerM2(apartment, { price: 250, based_on: 'm2' })).toEqual({ amount: 250, basis: 'built' });
    expect(pricePerM2({ ...apartment, property_type: 'land' }, { price: 1_000_000, based_on: 'ha' })).toEqual({ amount: 100, basis: 'land' });
  });

  it('says nothing without the area or the price', () => {
    expect(pricePerM2({ ...apartment, construction_area: null }, { price: 4_500_000, based_on: 'valor_total' })).toBeNull();
    expect(pricePerM2({ ...apartment, construction_area: 0 }, { price: 4_500_000, based_on: 'valor_total' })).toBeNull();
    expect(pricePerM2(apartment, { price: 0, based_on: 'valor_total' })).toBeNull();
  });
});

describe("'Publicada hace 3 días' (issue 9 §4, es-MX, Mexico City's calendar)", () => {
  const now = Date.parse('2026-11-23T18:00:00Z'); // 12:00 in Mexico City
  it('words today, yesterday, days, months and years', () => {
    expect(publishedAgo('2026-11-23T07:00:00Z', now)).toBe('Publicada hoy'); // 01:00 the same day
    expect(publishedAgo('2026-11-23T05:00:00Z', now)).toBe('Publicada ayer'); // 23:00 the day before
    expect(publishedAgo('2026-11-20T18:00:00Z', now)).toBe('Publicada hace 3 días');
    expect(publishedAgo('2026-10-20T18:00:00Z', now)).toBe('Publicada hace un mes');
    expect(publishedAgo('2026-05-20T18:00:00Z', now)).toBe('Publicada hace 6 meses');
    expect(publishedAgo('2024-11-20T18:00:00Z', now)).toBe('Publicada hace 2 años');
  });

  it('is empty for a date it cannot read, and never in the future', () => {
    expect(publishedAgo('no es fecha', now)).toBe('');
    expect(publishedAgo('2026-11-25T18:00:00Z', now)).toBe('Publicada hoy');
  });
});
