import { STAFF_DB_MESSAGES as M, type StaffDbColumn } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';

/** A converted new value: what is stored (before table rules), by the column's kind. */
export type StaffValue = string | number | boolean | null;

const bad = (msg: string): never => {
  throw new AppError('BAD_REQUEST', msg, { newval: msg });
};

/** A number written as text: digits with an optional decimal point; '$', spaces and thousands commas ignored. */
function parseNumberText(text: string): number | null {
  const t = text.replace(/[\s$]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** True for 'YYYY-MM-DD' naming a real calendar day. */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/**
 * Converts an edit's `newval` for `column` (spec 03 §5 'some keys are converted to integer or float'):
 * - int: an integer number, or text of digits ('12', '1,200'); float: a finite number or decimal text ('$12,500.50');
 *   both within the column's min/max when given;
 * - bool: true/false, or the text 'true'/'false', 'sí'/'no', '1'/'0';
 * - date: 'YYYY-MM-DD' (a real day); enum: one of the column's options;
 * - text/longtext: trimmed text of min..max characters.
 * Empty text (or null) is null for a nullable column, else refused.
 * @throws AppError BAD_REQUEST with the column's Spanish message (`fields.newval`)
 */
export function convertStaffValue(column: StaffDbColumn, newval: unknown): StaffValue {
  const label = column.label;
  const text = typeof newval === 'string' ? newval.trim() : null;
  if (newval === null || text === '') {
    if (column.nullable) return null;
    return bad(column.kind === 'text' || column.kind === 'longtext' ? M.textLength(label, column.min ?? 1, column.max ?? 200) : M.valueInvalid);
  }
  switch (column.kind) {
    case 'int':
    case 'float': {
      const n = typeof newval === 'number' ? newval : text !== null ? parseNumberText(text) : null;
      if (n === null || !Number.isFinite(n)) return bad(column.kind === 'int' ? M.notInteger(label) : M.notNumber(label));
      if (column.kind === 'int' && !Number.isInteger(n)) return bad(M.notInteger(label));
      if ((column.min !== undefined && n < column.min) || (column.max !== undefined && n > column.max)) {
        return bad(M.outOfRange(label, column.min ?? 0, column.max ?? Number.MAX_SAFE_INTEGER));
      }
      return n;
    }
    case 'bool': {
      if (typeof newval === 'boolean') return newval;
      const t = text?.toLowerCase();
      if (t === 'true' || t === 'sí' || t === 'si' || t === '1') return true;
      if (t === 'false' || t === 'no' || t === '0') return false;
      return bad(M.notBoolean(label));
    }
    case 'date':
      if (text === null || !isCalendarDay(text)) return bad(M.notDate(label));
      return text;
    case 'enum':
      if (text === null || !(column.options ?? []).includes(text)) return bad(M.notAllowedValue(label));
      return text;
    case 'text':
    case 'longtext': {
      if (text === null) return bad(M.textLength(label, column.min ?? 1, column.max ?? 200));
      const min = column.min ?? 1;
      const max = column.max ?? 200;
      if (text.length < min || text.length > max) return bad(M.textLength(label, min, max));
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) || (column.kind === 'text' && /[\r\n]/.test(text))) {
        return bad(M.valueInvalid);
      }
      return text;
    }
    default:
      return bad(M.columnNotEditable);
  }
}
