/**
 * Spanish texts of the credit investigation's bureau query (spec 03 §3 "Credit report record", issue 12
 * "Investigation"). The spec shows no text for these cases: all ours.
 */
export const CREDIT_BUREAU_MESSAGES = {
  unavailable: 'No pudimos consultar el buró de crédito en este momento, inténtalo de nuevo en unos minutos',
  rejectedData: 'El buró de crédito no aceptó los datos: revisa nombre, fecha de nacimiento, RFC y domicilio',
} as const;
