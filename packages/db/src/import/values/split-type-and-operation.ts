import type { PropertyType } from '@nj/contracts';
import { parsePropertyTypeSynonym } from './parse-property-type.ts';

/** 'Casa en Venta' → { propertyType: 'house', opType: 'venta' }. Stub. */
export function splitTypeAndOperation(text: string | null | undefined): { propertyType: PropertyType | null; opType: 'renta' | 'venta' | null } {
  const t = (text ?? '').toLowerCase();
  const opType = /renta/.test(t) ? 'renta' : /venta/.test(t) ? 'venta' : null;
  return { propertyType: parsePropertyTypeSynonym(t.replace(/\s*(en\s+)?(renta|venta)\s*/, '')), opType };
}
