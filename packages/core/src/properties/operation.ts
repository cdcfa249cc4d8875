import type { OpType } from '@nj/contracts';
import { parseOperation } from '@nj/contracts/catalogue/operation';

/**
 * The operation of a listing (issue 8 §3 "one name"): `rent` or `sale` in the API (`op_type`), the index, the core
 * and these functions; the spec's other words are mapped only at the edges: `renta`/`venta` (URLs, filter state,
 * the listing form's `operation`; @nj/contracts/catalogue/operation, shared with the browser) and the storage flags
 * `is_renta`/`is_venta` (spec 01 §3, here).
 */
export type Operation = OpType;

/** Both operations, rent first (the order the spec lists them). */
export const OPERATIONS: readonly Operation[] = ['rent', 'sale'];

/** The words of an operation, shared with the browser's filter state (@nj/contracts/catalogue/operation). */
export { operationWord, parseOperation } from '@nj/contracts/catalogue/operation';

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
