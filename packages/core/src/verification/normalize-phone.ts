import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { VERIFICATION_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';

export type NormalizedPhone = {
  /** E.164, e.g. '+525512345678'. */
  e164: string;
  /** National significant number, digits only, e.g. '5512345678'. */
  phoneNumber: string;
  /** '+' and the calling code, e.g. '+52'. */
  phoneCountryCode: string;
};

/**
 * Normalises a phone number typed by a person (spec 02 §5) with libphonenumber-js (full metadata). Inputs: the
 * number as typed (spaces, dashes, parentheses, a leading +, 00 allowed) and the country calling code ('+52', '52';
 * default Mexico). Mexico: the legacy mobile prefix '1' after 52 (+52 1 55 1234 5678, dropped in 2019) is accepted
 * and removed, so +521… and +52… are the same number. The number must be valid for its country.
 * Throws AppError BAD_REQUEST 'Debes de escribir un número de teléfono' (empty) or 'El número de teléfono no es
 * válido'.
 */
export function normalizePhone(phoneNumber: string, phoneCountryCode?: string | null): NormalizedPhone {
  const typed = phoneNumber.trim();
  if (!typed) throw new AppError('BAD_REQUEST', VERIFICATION_MESSAGES.phoneRequired, { phone_number: VERIFICATION_MESSAGES.phoneRequired });
  const invalid = () => new AppError('BAD_REQUEST', VERIFICATION_MESSAGES.phoneInvalid, { phone_number: VERIFICATION_MESSAGES.phoneInvalid });
  if (!/^[\d\s()+.\-]+$/.test(typed)) throw invalid();
  const cc = (phoneCountryCode ?? '').replace(/[^\d]/g, '') || '52';
  if (!/^\d{1,3}$/.test(cc)) throw invalid();
  let digits = typed.replace(/[^\d]/g, '');
  const international = typed.startsWith('+') || typed.startsWith('00');
  if (typed.startsWith('00')) digits = digits.slice(2);
  // E.164 form from what was typed: an international number carries its own code; otherwise prefix cc.
  let full = international ? digits : cc + digits;
  // Mexico's legacy mobile prefix: 52 1 + 10 digits → 52 + 10 digits.
  if (/^521\d{10}$/.test(full)) full = '52' + full.slice(3);
  const parsed = parsePhoneNumberFromString('+' + full);
  if (!parsed || !parsed.isValid()) throw invalid();
  if (!international && parsed.countryCallingCode !== cc) throw invalid();
  return { e164: parsed.number, phoneNumber: parsed.nationalNumber, phoneCountryCode: '+' + parsed.countryCallingCode };
}
