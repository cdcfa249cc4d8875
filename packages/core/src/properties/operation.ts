import type { OpType, OpTypeEs } from '@nj/contracts';

/**
 * The operation of a listing (issue 8 §3 "one name"): `rent` or `sale` in the API (`op_type`), the index, the core
 * and these functions; the spec's other words are mapped only at the edges, here: `renta`/`venta` (URLs, filter
 * state, the listing form's `operation`) and the storage flags `is_renta`/`is_venta` (spec 01 §3).
 */
export type Operation = OpType;

/** Both operations, rent first (the order the spec lists them). */
export const OPERATIONS: readonly Operation[] = ['rent', 'sale'];

/** The Spanish word of an operation as URLs and the filter state spell it: rent → 'renta', sale → 'venta'. */
export function operationWord(op: Operation): OpTypeEs {
  return op === 'rent' ? 'renta' : 'venta';
}

/**
 * An operation from any of its spellings: 'rent'/'renta' → rent, 'sale'/'venta' → sale (case-insensitive); null for
 * anything else (the caller decides whether that means "both" or a 400).
 */
export function parseOperation(word: string | null | undefined): Operation | null {
  const w = word?.trim().toLowerCase();
  if (w === 'rent' || w === 'renta') return 'rent';
  if (w === 'sale' || w === 'venta') return 'sale';
  return null;
}

/** The storage flag column that says a listing offers `op` (properties.is_renta / is_venta). */
export function operationColumn(op: Operation): 'is_renta' | 'is_venta' {
  return op === 'rent' ? 'is_renta' : 'is_venta';
}

/** The storage flags of a set of operations: which of is_renta / is_venta a listing offering `ops` has. */
export function operationFlags(ops: readonly Operation[]): { is_renta: boolean; is_venta: boolean } {
  return { is_renta: ops.includes('rent'), is_venta: ops.includes('sale') };
}

/** The operations a stored listing offers, rent first. */
export function operationsOf(row: { is_renta: boolean; is_venta: boolean }): Operation[] {
  return OPERATIONS.filter((op) => row[operationColumn(op)]);
}

/**
 * The listing form's `operation` (spec 01 §3: 'renta', 'venta' or 'both') → the operations it offers. Anything
 * other than 'venta' offers rent and anything other than 'renta' offers sale, as the form's schema guarantees one of
 * the three.
 */
export function operationsOfFormChoice(choice: 'renta' | 'venta' | 'both'): Operation[] {
  return choice === 'both' ? ['rent', 'sale'] : [parseOperation(choice)!];
}
