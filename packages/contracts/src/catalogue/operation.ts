import type { OpType, OpTypeEs } from './vocabularies.ts';

/**
 * The one mapping of a listing's operation between its names (issue 8 §3 "one name"): `rent`/`sale` in the API
 * (`op_type`), the index and core; the spec's `renta`/`venta` in URLs and the filter state (spec 01 §9). Used by the
 * browser's filter state and by core (packages/core/src/properties/operation.ts adds the storage flags).
 */

/** The Spanish word of an operation as URLs and the filter state spell it: rent → 'renta', sale → 'venta'. */
export function operationWord(op: OpType): OpTypeEs {
  return op === 'rent' ? 'renta' : 'venta';
}

/**
 * An operation from any of its spellings: 'rent'/'renta' → rent, 'sale'/'venta' → sale (case-insensitive); null for
 * anything else (the caller decides whether that means "both" or a 400).
 */
export function parseOperation(word: string | null | undefined): OpType | null {
  const w = word?.trim().toLowerCase();
  if (w === 'rent' || w === 'renta') return 'rent';
  if (w === 'sale' || w === 'venta') return 'sale';
  return null;
}
