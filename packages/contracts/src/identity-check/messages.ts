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

/** Texts of the identity check in the browser (the proposal's 'Inquilino' section; issue 12 'Identity'). */
export const IDENTITY_UI_MESSAGES = {
  title: 'Verifica tu identidad',
  intro: 'Comparamos los datos de tu credencial para votar con el padrón del INE. Solo se hace una vez: vale para todas tus solicitudes.',
  models: { eh: 'INE modelo E, F, G o H', d: 'INE modelo D', c: 'IFE o INE modelo C' },
  modelLabel: 'Tipo de credencial',
  fields: {
    cic: 'CIC (9 dígitos)', citizen_id: 'Identificador del ciudadano (9 dígitos)', ocr: 'OCR (13 dígitos)',
    voter_key: 'Clave de elector (18 caracteres)', emission_number: 'Número de emisión (2 dígitos)',
  },
  help: {
    cic: 'Al reverso, en la primera línea de la zona de lectura: los 9 números que siguen a «IDMEX».',
    citizen_id: 'Al reverso, en la primera línea: los últimos 9 números, después de «<<».',
    ocr: 'Al reverso: los 13 números de la línea vertical o de la zona de lectura.',
    voter_key: 'Al frente, debajo de tu domicilio: «CLAVE DE ELECTOR».',
    emission_number: 'Al frente, a la derecha de «EMISIÓN» o junto al año de registro.',
  },
  submit: 'Verificar mi INE',
  statusLabels: { success: 'Identidad verificada', 'in-process': 'Verificación en proceso', 'contact-us': 'Contáctanos', 'try-again': 'No se pudo verificar', none: 'Sin verificar' },
  inProcess: 'El INE está revisando tus datos. Te avisaremos cuando termine; también puedes consultar de nuevo.',
  tryAgain: 'El padrón del INE no confirmó tus datos. Revísalos contra tu credencial e inténtalo de nuevo.',
  verifiedNote: 'Tu identidad quedó verificada: el propietario lo verá como «Identidad verificada».',
  checkAgain: 'Consultar de nuevo',
  loadFailed: 'No pudimos cargar tu verificación de identidad',
} as const;
