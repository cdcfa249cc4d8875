import { applicableAttributes, CURRENCY_SYMBOLS, type AttributeField } from '@nj/contracts/catalogue/vocabularies';
import { ATTRIBUTE_LABELS, CONSTRUCTION_YEAR_LABELS, constructionYearLabel, PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import { formatArea, formatNumber } from './format.ts';

/**
 * The attribute rows a detail page shows: only the fields that apply to the listing's type (spec 01 §3 table) and
 * that have a value. Each row: field, Spanish label, formatted value (a construction year as 'Año de construcción',
 * 'A estrenar' / 'En construcción' as 'Antigüedad').
 */
export function attributeRows(p: TPropertyDetail): { field: AttributeField; label: string; value: string }[] {
  const rows: { field: AttributeField; label: string; value: string }[] = [];
  for (const field of applicableAttributes(p.property_type)) {
    const value = attributeValue(p, field);
    if (!value) continue;
    const label = field === 'construction_year' && p.construction_year ? constructionYearLabel(p.construction_year) : ATTRIBUTE_LABELS[field];
    rows.push({ field, label, value });
  }
  return rows;
}

function positive(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0;
}

export function attributeValue(p: TPropertyDetail, field: AttributeField): string | null {
  switch (field) {
    case 'rooms':
      return positive(p.rooms) ? String(p.rooms) : null;
    case 'bathrooms':
      return positive(p.bathrooms) ? String(p.bathrooms) : null;
    case 'half_bathrooms':
      return positive(p.half_bathrooms) ? String(p.half_bathrooms) : null;
    case 'parking_spots':
      return positive(p.parking_spots) ? String(p.parking_spots) : null;
    case 'construction_area':
      return positive(p.construction_area) ? `${formatArea(p.construction_area)} m²` : null;
    case 'land':
      return positive(p.land.area) ? `${formatArea(p.land.area)} ${p.land.unit === 'ha' ? 'ha' : 'm²'}` : null;
    case 'construction_year': {
      const y = p.construction_year;
      if (!y) return null;
      return CONSTRUCTION_YEAR_LABELS[y] ?? y;
    }
    case 'floors':
      return positive(p.floors) ? String(p.floors) : null;
    case 'apt_floors':
      return positive(p.apt_floor) ? P.floor(p.apt_floor, p.apt_total_floors) : null;
    case 'monthly_maintenance_fee':
      return positive(p.monthly_maintenance_fee) ? `${CURRENCY_SYMBOLS.mxn}${formatNumber(p.monthly_maintenance_fee)}` : null;
    default:
      return null;
  }
}
