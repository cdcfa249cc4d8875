import { VERIFICATION_MESSAGES } from '../verification/messages.ts';

/**
 * Spanish texts of the identity validation (INE list-nominal check; spec 03 §3 "Identity validation", §4 "Identity
 * process status", §8). The too-many-attempts text is the spec's, defined once in the verification messages; the
 * others are ours (the spec shows none for these cases).
 */
export const IDENTITY_CHECK_MESSAGES = {
  // spec 03 §8
  tooManyAttempts: VERIFICATION_MESSAGES.tooManyAttempts,
  // ours
  unavailable: 'No pudimos validar tu INE en este momento, inténtalo de nuevo en unos minutos',
  invalidData: 'Revisa los datos de tu INE: el CIC, el identificador ciudadano, el OCR o la clave de elector no son válidos',
  missingData: 'Escribe el CIC y el identificador ciudadano (INE modelo E, F, G o H) o la clave de elector con el número de emisión y el OCR',
  started: 'Recibimos tus datos de INE',
  resent: 'Consultamos de nuevo tu verificación de identidad',
  ok: 'OK',
  processNotFound: 'No encontramos esa verificación de identidad',
  nothingPending: 'No tienes una verificación de identidad en proceso',
  alreadyVerified: 'Tu identidad ya está verificada',
  stillInProcess: 'Tu verificación de identidad sigue en proceso, te avisaremos cuando termine',
} as const;
