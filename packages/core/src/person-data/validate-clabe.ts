import { CLABE_LENGTH } from '@nj/contracts/rents/person-constants';
import { PERSON_MESSAGES as M } from '@nj/contracts/rents/person-messages';
import { CLABE_BANKS } from './clabe-banks.ts';
import { computeClabeCheckDigit } from './compute-clabe-check-digit.ts';
import { error, result, warning, type IdCheck } from './id-check.ts';

/** The parts of a CLABE: bank (3 digits) and its name when known, plaza (3), account (11), check digit (1). */
export interface ClabeFacts {
  bankCode: string;
  bankName: string | null;
  plaza: string;
  account: string;
  checkDigit: string;
}

/**
 * Checks a CLABE for a bank account (spec 03 §3 "Bank account": bank_key, clabe; issue 12 groundwork for the next
 * issue's bank accounts): spaces and hyphens dropped; errors when empty, not all digits, not 18 long (with the length
 * typed), or the check digit does not match; a warning only when the bank code is not in our catalogue
 * (`CLABE_BANKS`), which lags behind the institutions Banxico admits. Returns `{ ok, value, issues, parsed }` with the
 * parts when the check digit matches. Never throws.
 */
export function validateClabe(input: string): IdCheck<ClabeFacts> {
  const clabe = (input ?? '').replace(/[\s-]+/g, '');
  if (clabe.length === 0) return result(clabe, [error('clabe_required', M.clabeRequired)]);
  if (!/^\d+$/.test(clabe)) return result(clabe, [error('clabe_digits', M.clabeDigits)]);
  if (clabe.length !== CLABE_LENGTH) return result(clabe, [error('clabe_length', M.clabeLength(clabe.length))]);
  if (computeClabeCheckDigit(clabe) !== clabe[17]) return result(clabe, [error('clabe_check_digit', M.clabeCheckDigit)]);
  const bankCode = clabe.slice(0, 3);
  const bankName = CLABE_BANKS[bankCode] ?? null;
  const facts: ClabeFacts = { bankCode, bankName, plaza: clabe.slice(3, 6), account: clabe.slice(6, 17), checkDigit: clabe[17]! };
  return result(clabe, bankName ? [] : [warning('clabe_unknown_bank', M.clabeUnknownBank(bankCode))], facts);
}
