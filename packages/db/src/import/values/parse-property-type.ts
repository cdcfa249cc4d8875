import type { PropertyType } from '@nj/contracts';

/** Normalised property-type words → our property types. Stub. */
export const PROPERTY_TYPE_SYNONYMS: Readonly<Record<string, PropertyType>> = { casa: 'house', departamento: 'apartment' };

/** A property type from a synonym; unknown → null. Stub. */
export function parsePropertyTypeSynonym(text: string | null | undefined): PropertyType | null {
  return PROPERTY_TYPE_SYNONYMS[(text ?? '').trim().toLowerCase()] ?? null;
}
