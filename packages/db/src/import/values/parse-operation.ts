import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { RowError } from '../listing-fields.ts';
import { isPlaceholder } from './is-placeholder.ts';
import { splitTypeAndOperation } from './split-type-and-operation.ts';

/**
 * The operation an op_type column states (issue 10): 'Venta', 'venta', 'En venta', 'Se vende', 'Preventa', 'sale' →
 * 'venta'; 'Renta', 'En renta', 'Se renta', 'Alquiler', 'Arrendamiento', 'rent' → 'renta'; also a combined text that
 * names one ('Casa en Venta'). Placeholders → null (the row is then skipped for having no operation). Throws RowError
 * (Spanish) for present text that names no operation ('Traspaso', 'Permuta').
 */
export function parseOperationText(text: string | null | undefined): 'renta' | 'venta' | null {
  if (isPlaceholder(text)) return null;
  const { opType } = splitTypeAndOperation(text);
  if (opType === null) throw new RowError(M.badOperation((text ?? '').trim()));
  return opType;
}
