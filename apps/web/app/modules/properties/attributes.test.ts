import { describe, expect, it } from 'vitest';
import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import { attributeRows } from './attributes.ts';

const base = {
  rooms: 3, bathrooms: 2, half_bathrooms: 1, parking_spots: 2, construction_area: 120, land: { area: 200, unit: 'm2' },
  construction_year: 'first_use', floors: 2, apt_floor: 4, apt_total_floors: 10, monthly_maintenance_fee: 1500,
} as unknown as TPropertyDetail;

describe('attributeRows', () => {
  it('shows no land and no apartment floor for a house, but its rooms', () => {
    const fields = attributeRows({ ...base, property_type: 'house' }).map((r) => r.field);
    expect(fields).toContain('rooms');
    expect(fields).toContain('land');
    expect(fields).not.toContain('apt_floors');
  });
  it('shows only land and age for land', () => {
    const rows = attributeRows({ ...base, property_type: 'land' });
    expect(rows.map((r) => r.field)).toEqual(['land', 'construction_year']);
    expect(rows[1]?.value).toBe('A estrenar');
    expect(rows[1]?.label).toBe('Antigüedad');
  });
  it('labels a construction year as the year of construction, not as an age', () => {
    const row = attributeRows({ ...base, property_type: 'house', construction_year: '2004' }).find((r) => r.field === 'construction_year');
    expect(row).toEqual({ field: 'construction_year', label: 'Año de construcción', value: '2004' });
  });
  it('has no rooms for an office and formats the maintenance fee', () => {
    const rows = attributeRows({ ...base, property_type: 'oficina' });
    expect(rows.map((r) => r.field)).not.toContain('rooms');
    expect(rows.find((r) => r.field === 'monthly_maintenance_fee')?.value).toBe('MXN $1,500');
  });
  it('leaves out empty values', () => {
    const rows = attributeRows({ ...base, property_type: 'apartment', half_bathrooms: null, parking_spots: 0 });
    expect(rows.map((r) => r.field)).not.toContain('half_bathrooms');
    expect(rows.map((r) => r.field)).not.toContain('parking_spots');
  });
});
