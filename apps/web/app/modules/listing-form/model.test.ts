import { describe, expect, it } from 'vitest';
import { ZListingInput } from '@nj/contracts/listings/schemas';
import { constructionYearOptions, emptyValues, fromPayload, stateSlugOf, stepOfField, toPayload, validateStep } from './model.ts';

const house = () => {
  const v = emptyValues();
  v.operation = 'renta';
  v.property_type = 'house';
  v.location = { ...v.location, street: 'Av. Prado', number_ext: '120', neighborhood: 'Providencia', municipality: 'Guadalajara', state: 'jalisco', zip: '44630', lat: 20.7, lng: -103.38 };
  v.rooms = 3;
  v.apt_floor = 4;
  v.rents.price = 25000;
  return v;
};

describe('listing form model', () => {
  it('builds a payload the shared schema accepts, dropping what does not apply', () => {
    const payload = toPayload(house());
    expect(payload.apt_floor).toBeNull();
    expect(payload.sales).toBeNull();
    expect(ZListingInput.safeParse(payload).success).toBe(true);
  });
  it('round-trips through a draft', () => {
    const v = house();
    expect(fromPayload(JSON.parse(JSON.stringify(v)))).toEqual(v);
  });
  it('reads the detail shape (is_renta, pricing.rents)', () => {
    const v = fromPayload({ is_renta: true, is_venta: true, pricing: { rents: { price: 10, currency_type: 'usd', based_on: 'm2', commission: { commission_type: 'none', value: null, currency_type: 'mxn' } } } });
    expect(v.operation).toBe('both');
    expect(v.rents.currency_type).toBe('usd');
  });
  it('checks only the fields of the step', () => {
    const v = house();
    v.rents.price = null;
    expect(validateStep('address', v)).toEqual({});
    expect(Object.keys(validateStep('price', v))).toEqual(['rents.price']);
    expect(validateStep('operation', emptyValues())).toHaveProperty('operation');
  });
  it('maps fields to steps, states to slugs and offers the year options', () => {
    expect(stepOfField('location.zip')).toBe('address');
    expect(stepOfField('sales.commission.value')).toBe('price');
    expect(stateSlugOf('Jalisco')).toBe('jalisco');
    expect(stateSlugOf(null, 'CDMX')).toBe('ciudad_de_mexico');
    expect(constructionYearOptions(new Date('2025-06-01')).map((o) => o.value)).toEqual(['building', 'first_use', '2025', '2024', '2023', '2022', '2021']);
  });
});
