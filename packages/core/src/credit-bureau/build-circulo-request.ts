import { CREDIT_BUREAU_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { CreditBureauPerson } from './credit-bureau-provider.ts';
import { toCirculoState } from './to-circulo-state.ts';

/** Upper case without accents (the bureau's files are kept so), Ñ kept, inner blanks collapsed. */
function bureauText(value: string | undefined): string | undefined {
  const text = value
    ?.toUpperCase()
    .replace(/Ñ/g, '\u0000')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u0000/g, 'Ñ')
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

/** The request body of Círculo de Crédito's report call (PersonaPeticion with its DomicilioPeticion). */
export type CirculoRequest = {
  apellidoPaterno: string;
  apellidoMaterno: string;
  primerNombre: string;
  segundoNombre?: string;
  fechaNacimiento: string;
  RFC: string;
  CURP?: string;
  nacionalidad: string;
  domicilio: { direccion: string; coloniaPoblacion?: string; delegacionMunicipio: string; ciudad: string; estado: string; CP: string };
};

/**
 * Builds the body of Círculo de Crédito's "Reporte de Crédito Consolidado con FICO® Score" request (PersonaPeticion:
 * apellidoPaterno, apellidoMaterno, primerNombre, segundoNombre, fechaNacimiento yyyy-MM-dd, RFC, CURP, nacionalidad,
 * domicilio { direccion, coloniaPoblacion, delegacionMunicipio, ciudad, estado, CP }; developer.circulodecredito.com.mx
 * and github.com/APIHub-CdC/rcc-ficoscore-client-java) from the spec's form fields, checking what the bureau
 * requires: both last names, first name, a real birthdate, an RFC of 10 or 13 characters, a street of at least
 * two words, municipality, city, a known state and a 5-digit postal code. Texts are sent upper case without accents.
 * Takes a CreditBureauPerson; returns the CirculoRequest.
 * @throws AppError BAD_REQUEST CREDIT_BUREAU_MESSAGES.rejectedData with every bad field named in `fields`
 *   (firstName, firstLastName, otherLastNames, birthdate, rfc, curp, street, municipality, city, state, cp).
 */
export function buildCirculoRequest(person: CreditBureauPerson): CirculoRequest {
  const bad: Record<string, string> = {};
  const need = (field: string, value: string | undefined, ok: (v: string) => boolean = () => true): string => {
    if (!value || !ok(value)) bad[field] = CREDIT_BUREAU_MESSAGES.rejectedData;
    return value ?? '';
  };
  const firstName = need('firstName', bureauText(person.firstName));
  const firstLastName = need('firstLastName', bureauText(person.firstLastName));
  const otherLastNames = need('otherLastNames', bureauText(person.otherLastNames));
  const birthdate = need('birthdate', person.birthdate?.trim(), (v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v) && date.getTime() < Date.now();
  });
  const rfc = need('rfc', person.rfc?.replace(/\s+/g, '').toUpperCase(), (v) => /^[A-ZÑ&]{4}\d{6}([A-Z0-9]{3})?$/.test(v));
  const curp = person.curp?.replace(/\s+/g, '').toUpperCase() || undefined;
  if (curp !== undefined && !/^[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d$/.test(curp)) bad.curp = CREDIT_BUREAU_MESSAGES.rejectedData;
  const street = need('street', bureauText(person.address?.street), (v) => v.split(' ').length >= 2);
  const municipality = need('municipality', bureauText(person.address?.municipality));
  const city = need('city', bureauText(person.address?.city));
  const cp = need('cp', person.address?.cp?.trim(), (v) => /^\d{5}$/.test(v));
  let state = '';
  try {
    state = toCirculoState(person.address?.state ?? '');
  } catch {
    bad.state = CREDIT_BUREAU_MESSAGES.rejectedData;
  }
  if (Object.keys(bad).length > 0) throw new AppError('BAD_REQUEST', CREDIT_BUREAU_MESSAGES.rejectedData, bad);
  const otherNames = bureauText(person.otherNames);
  const neighborhood = bureauText(person.address.neighborhood);
  return {
    apellidoPaterno: firstLastName,
    apellidoMaterno: otherLastNames,
    primerNombre: firstName,
    ...(otherNames ? { segundoNombre: otherNames } : {}),
    fechaNacimiento: birthdate,
    RFC: rfc,
    ...(curp ? { CURP: curp } : {}),
    nacionalidad: (person.nationality?.trim().toUpperCase() || 'MX').slice(0, 2),
    domicilio: {
      direccion: street,
      ...(neighborhood ? { coloniaPoblacion: neighborhood } : {}),
      delegacionMunicipio: municipality,
      ciudad: city,
      estado: state,
      CP: cp,
    },
  };
}
