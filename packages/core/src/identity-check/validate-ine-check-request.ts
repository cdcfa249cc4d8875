import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { IneCheckRequest } from './identity-check-provider.ts';

const SHAPES: { [K in 'cic' | 'citizenId' | 'ocr' | 'voterKey' | 'emissionNumber']: RegExp } = {
  cic: /^\d{9}$/,
  citizenId: /^\d{9}$/,
  ocr: /^\d{13}$/,
  voterKey: /^[A-Z]{6}\d{8}[HM]\d{3}$/,
  emissionNumber: /^\d{2}$/,
};

/**
 * Normalises and checks an INE check request before any provider sees it: blanks and spaces removed, the clave de
 * elector upper-cased, empty fields dropped. Takes an IneCheckRequest; returns a copy with the cleaned values.
 * Accepted combinations (INE's Lista Nominal lookup, by card model): CIC + identificador ciudadano (E–H), CIC + OCR
 * (D), clave de elector + número de emisión + OCR (C).
 * @throws AppError BAD_REQUEST IDENTITY_CHECK_MESSAGES.invalidData when a given field (or the birthdate, YYYY-MM-DD) has the wrong shape (its name
 *   in `fields`), IDENTITY_CHECK_MESSAGES.missingData when no accepted combination is complete.
 */
export function validateIneCheckRequest(request: IneCheckRequest): IneCheckRequest {
  const clean = { ...request };
  const bad: Record<string, string> = {};
  for (const key of Object.keys(SHAPES) as (keyof typeof SHAPES)[]) {
    const raw = request[key]?.replace(/\s+/g, '');
    const value = key === 'voterKey' ? raw?.toUpperCase() : raw;
    if (!value) {
      delete clean[key];
      continue;
    }
    if (!SHAPES[key].test(value)) bad[key] = IDENTITY_CHECK_MESSAGES.invalidData;
    clean[key] = value;
  }
  if (clean.birthdate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(clean.birthdate)) bad.birthdate = IDENTITY_CHECK_MESSAGES.invalidData;
  if (Object.keys(bad).length > 0) throw new AppError('BAD_REQUEST', IDENTITY_CHECK_MESSAGES.invalidData, bad);
  const complete = (clean.cic && (clean.citizenId || clean.ocr)) || (clean.voterKey && clean.emissionNumber && clean.ocr);
  if (!complete) throw new AppError('BAD_REQUEST', IDENTITY_CHECK_MESSAGES.missingData);
  return clean;
}
