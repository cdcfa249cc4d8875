import { describe, expect, it } from 'vitest';
import { savedSearchSummary } from './summary.ts';

describe('savedSearchSummary', () => {
  it('names operation and type, the price range and the minimum of bedrooms', () => {
    expect(savedSearchSummary('opType=renta&propertyTypes=apartment&minBudget=5000&maxBudget=15000&minNumberRooms=2'))
      .toBe('Departamentos en renta · MXN $5,000/mes a MXN $15,000/mes · 2+ recámaras');
  });
  it('says only the bound that narrows the price', () => {
    expect(savedSearchSummary('opType=venta&maxBudget=2000000')).toBe('Propiedades en venta · hasta MXN $2,000,000');
    expect(savedSearchSummary('opType=venta&minBudget=1000000&minNumberRooms=1')).toBe('Propiedades en venta · desde MXN $1,000,000 · 1+ recámara');
  });
  it('reads a query without filters (the map area only) as the default operation', () => {
    expect(savedSearchSummary('north=21.01&south=20.93&east=-89.58&west=-89.66&area=abc')).toBe('Propiedades en venta');
  });
});
