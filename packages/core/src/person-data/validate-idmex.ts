import { IDMEX_LENGTH, IDMEX_PREFIX } from '@nj/contracts/rents/person-constants';
import { PERSON_MESSAGES as M } from '@nj/contracts/rents/person-messages';
import { error, result, type IdCheck } from './id-check.ts';

/**
 * Checks an INE's IDMEX code (spec 03 §5: exactly 10 characters, all digits; §9: 10 digits; shown with the prefix
 * IDMEX, contracts `formatIdmex`). Spaces and a pasted 'IDMEX' prefix are dropped first, since the card prints the
 * digits right after it.
 *
 * Takes the code as typed; returns `{ ok, value, issues }` with `value` the 10 digits alone, and one error when it is
 * empty, has anything but digits, or is not 10 long (the message gives the length typed). Never throws.
 */
export function validateIdmex(input: string): IdCheck<never> {
  const code = (input ?? '').replace(/\s+/g, '').replace(new RegExp(`^${IDMEX_PREFIX}`, 'i'), '');
  if (code.length === 0) return result(code, [error('idmex_required', M.idmexRequired)]);
  if (!/^\d+$/.test(code)) return result(code, [error('idmex_digits', M.idmexDigits)]);
  if (code.length !== IDMEX_LENGTH) return result(code, [error('idmex_length', M.idmexLength(code.length))]);
  return result(code, []);
}
