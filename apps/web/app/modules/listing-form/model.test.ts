import { describe, expect, it } from 'vitest';
import { ZListingInput } from '@nj/contracts/listings/schemas';
import { LISTING_BOUND_MESSAGES, LISTING_FIELD_MESSAGES } from '@nj/contracts/listings/messages';
import { constructionYearOptions, coverKey, emptyValues, fromPayload, stateSlugOf, stepOfField, toPayload, validateStep } from './model.ts';

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
    const years = constructionYearOptions(new Date('2025-06-01'));
    expect(years.slice(0, 4)).toEqual([{ value: 'building', label: 'En construcción' }, { value: 'first_use', label: 'A estrenar' }, { value: '2025', label: '2025' }, { value: '2024', label: '2024' }]);
    expect(years.at(-1)?.value).toBe('1800');
  });
  it('shows the plausibility bounds on the step that has the field (issue 9 §6), converting USD like the server', () => {
    const v = house();
    v.rents.price = 120;
    expect(validateStep('price', v)).toEqual({ 'rents.price': LISTING_BOUND_MESSAGES.rentPrice({ min: 500, max: 1_000_000 }, null) });
    expect(validateStep('details', v)).toEqual({});
    v.rents = { ...v.rents, price: 20, currency_type: 'usd' };
    expect(validateStep('price', v)['rents.price']).toContain('equivale a $370 MXN');
    v.rents = { ...v.rents, price: 12_000, currency_type: 'mxn' };
    v.monthly_maintenance_fee = 15_000;
    expect(validateStep('details', v)).toEqual({ monthly_maintenance_fee: LISTING_BOUND_MESSAGES.maintenanceBelowRent(15_000, 12_000) });
    expect(validateStep('price', v)).toEqual({ 'rents.price': LISTING_BOUND_MESSAGES.rentAboveMaintenance(15_000) });
    v.monthly_maintenance_fee = 1_000;
    v.construction_year = '1950';
    v.construction_area = 0;
    expect(validateStep('details', v)).toEqual({ construction_area: LISTING_FIELD_MESSAGES.construction_area });
    v.construction_area = 120;
    expect(validateStep('preview', v)).toEqual({});
  });
});

describe('the cover photo (issue 9 §6)', () => {
  const url = { thumb: '/t.webp', card: '/c.webp', full: '/f.webp' };
  const ready = (name: string) => ({ key: name, kind: 'remote' as const, image: { name, order: 0, url } });
  const processing = (name: string) => ({ key: name, kind: 'remote' as const, image: { name, order: 0, url, processing: true } });
  const local = (key: string, status: 'pending' | 'uploading' | 'failed') => ({ key, kind: 'local' as const, file: new Blob() as File, preview: 'blob:x', status });
  it('is the first stored photo that is ready: never one still processing, not yet sent or failed', () => {
    expect(coverKey([ready('a'), ready('b')])).toBe('a');
    expect(coverKey([processing('a'), ready('b')])).toBe('b');
    expect(coverKey([local('x', 'failed'), local('y', 'uploading'), ready('b')])).toBe('b');
    expect(coverKey([processing('a')])).toBeNull();
    expect(coverKey([])).toBeNull();
  });
});
