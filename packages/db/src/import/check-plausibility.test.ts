import { describe, expect, it } from 'vitest';
import { plausibilityIssues } from './check-plausibility.ts';
import type { ListingFacts } from './listing-fields.ts';

const base: ListingFacts = {
  source: 't', sourceId: '1', opType: 'renta', propertyType: 'apartment', price: 18_000, currency: 'mxn', maintenanceFee: 1_500,
  landArea: null, constructionArea: 80, rooms: 2, bathrooms: 1, halfBathrooms: null, parkingSpots: 1, age: 10, amenities: [],
  street: null, colonia: 'Roma Norte', municipality: 'Cuauhtémoc', state: 'Ciudad de México', lat: 19.41, lng: -99.16, publishedAt: '2024-11-17',
};

describe('plausibilityIssues', () => {
  it('accepts a real listing', () => {
    expect(plausibilityIssues(base, 2024)).toEqual([]);
  });

  it('refuses prices outside the bounds of the operation and type, in MXN', () => {
    expect(plausibilityIssues({ ...base, price: 12 }, 2024)).toEqual([expect.stringMatching(/^La renta mensual debe estar entre/)]);
    expect(plausibilityIssues({ ...base, opType: 'venta', price: 5_000_000_000_000 }, 2024)).toEqual([expect.stringMatching(/^El precio de venta debe estar entre/)]);
    // 200,000 USD is about 3.7 million MXN: a real sale.
    expect(plausibilityIssues({ ...base, opType: 'venta', price: 200_000, currency: 'usd', maintenanceFee: null }, 2024)).toEqual([]);
  });

  it('says once that the maintenance is not below the rent', () => {
    expect(plausibilityIssues({ ...base, maintenanceFee: 20_000 }, 2024)).toEqual([expect.stringMatching(/^El mantenimiento mensual/)]);
  });

  it('refuses absurd counts and tiny areas, and ages before 1800', () => {
    expect(plausibilityIssues({ ...base, rooms: 120, constructionArea: 1 }, 2024)).toEqual([
      'Recámaras: 120 no es creíble (máximo 50)',
      'Superficie construida: 1 m² no es creíble (mínimo 5 m²)',
    ]);
    expect(plausibilityIssues({ ...base, age: 400 }, 2024)).toEqual([expect.stringMatching(/^El año de construcción debe estar entre 1800/)]);
  });
});
