/**
 * Constants of a person's Mexican identifiers shared by the browser's forms and the server's checks (spec 03 §3
 * "Person data", §5, §9; issue 12). The full checks (check digits, consistency with the name and birthdate) are in
 * @nj/core `person-data/`; these are the shapes.
 */

/**
 * The state codes of a CURP (positions 12–13), by the state slug of `MX_STATES` (catalogue/vocabularies.ts), from
 * RENAPO's Instructivo Normativo para la Asignación de la CURP (catálogo de entidades federativas). Mexico City keeps
 * its old code DF.
 */
export const CURP_STATE_CODES: Record<string, string> = {
  aguascalientes: 'AS', baja_california: 'BC', baja_california_sur: 'BS', campeche: 'CC', coahuila: 'CL', colima: 'CM',
  chiapas: 'CS', chihuahua: 'CH', ciudad_de_mexico: 'DF', durango: 'DG', guanajuato: 'GT', guerrero: 'GR', hidalgo: 'HG',
  jalisco: 'JC', estado_de_mexico: 'MC', michoacan: 'MN', morelos: 'MS', nayarit: 'NT', nuevo_leon: 'NL', oaxaca: 'OC',
  puebla: 'PL', queretaro: 'QT', quintana_roo: 'QR', san_luis_potosi: 'SP', sinaloa: 'SL', sonora: 'SR', tabasco: 'TC',
  tamaulipas: 'TS', tlaxcala: 'TL', veracruz: 'VZ', yucatan: 'YN', zacatecas: 'ZS',
};
/** The CURP code of a person born outside Mexico ("nacido en el extranjero"). */
export const CURP_BORN_ABROAD = 'NE';
/** The birthplace_state value the form sends for a person born abroad. */
export const BIRTH_STATE_ABROAD = 'extranjero';

/** A CURP's shape (18 characters; the check digit and the date are checked apart). */
export const CURP_PATTERN = /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$/;
/** An RFC's shape: persona física (4 letters) or moral (3 letters, Ñ and & allowed), YYMMDD, homoclave. */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{2}[0-9A]$/;
/** The prefix printed before the 10 digits of the IDMEX code on the back of an INE. */
export const IDMEX_PREFIX = 'IDMEX';
export const IDMEX_LENGTH = 10;
export const CLABE_LENGTH = 18;

/** An IDMEX code as shown (spec 03 §5: displayed with the prefix IDMEX): '1234567890' → 'IDMEX1234567890'. */
export function formatIdmex(code: string): string {
  return `${IDMEX_PREFIX}${code}`;
}
