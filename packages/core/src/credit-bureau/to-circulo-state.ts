import { CREDIT_BUREAU_MESSAGES, foldText, MX_STATES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';

/** Círculo de Crédito's state catalogue (CatalogoEstados), in INEGI order (cve_ent 01–32). */
const CIRCULO_STATES = [
  'AGS', 'BC', 'BCS', 'CAMP', 'COAH', 'COL', 'CHIS', 'CHIH', 'CDMX', 'DGO', 'GTO', 'GRO', 'HGO', 'JAL', 'MEX', 'MICH',
  'MOR', 'NAY', 'NL', 'OAX', 'PUE', 'QRO', 'QROO', 'SLP', 'SIN', 'SON', 'TAB', 'TAMP', 'TLAX', 'VER', 'YUC', 'ZAC',
] as const;

const BY_NAME = new Map<string, string>();
MX_STATES.forEach((state, index) => {
  const code = CIRCULO_STATES[index]!;
  // 'Coahuila de Zaragoza' is also 'Coahuila'; not 'Ciudad' or 'Estado' for the two whose first word is generic.
  const shortName = /^(Ciudad|Estado) /.test(state.name) ? state.name : state.name.split(' de ')[0]!;
  for (const name of [state.slug.replace(/_/g, ' '), state.name, state.short, code, shortName]) BY_NAME.set(foldText(name), code);
});
BY_NAME.set('df', 'CDMX');
BY_NAME.set('distrito federal', 'CDMX');
BY_NAME.set('mexico', 'MEX');
BY_NAME.set('edomex', 'MEX');

/**
 * The code of a Mexican state in Círculo de Crédito's catalogue (the `estado` of a request's domicilio: AGS … ZAC;
 * developer.circulodecredito.com.mx, "Reporte de Crédito Consolidado con FICO® Score", CatalogoEstados). Takes a
 * state's name, slug, short name or code in any case and with or without accents ('Jalisco', 'nuevo_leon',
 * 'Q. Roo', 'CDMX', 'Estado de México'); returns the code.
 * @throws AppError BAD_REQUEST CREDIT_BUREAU_MESSAGES.rejectedData (field `state`) for anything else.
 */
export function toCirculoState(state: string): string {
  const code = BY_NAME.get(foldText(state));
  if (!code) throw new AppError('BAD_REQUEST', CREDIT_BUREAU_MESSAGES.rejectedData, { state: CREDIT_BUREAU_MESSAGES.rejectedData });
  return code;
}
