/**
 * Spanish texts of the tenant's proposal (issue 12 'The proposal'; spec 03 §2 full-screen flows, §4 'Tenant flow',
 * §5 validation). From the spec: 'Solicitud enviada con éxito', 'Campo actualizado con éxito', the three checkbox
 * messages and '¿Listo para enviar la propuesta?'; the rest is ours.
 */
export const OFFER_MESSAGES = {
  started: 'Tu propuesta está en proceso: completa los datos y envíala',
  fieldUpdated: 'Campo actualizado con éxito',
  planChosen: 'Plan actualizado',
  sent: 'Solicitud enviada con éxito',
  confirmSend: '¿Listo para enviar la propuesta?',
  termsAndTruth: 'Hace falta aceptar los términos y condiciones y declarar que los datos ingresados son verdaderos',
  truthOnly: 'Hace falta declarar que los datos ingresados son verdaderos',
  termsOnly: 'Hace falta aceptar los términos y condiciones',
  notYetSent: 'El interesado aún no envía su propuesta',
  keyInvalid: 'Ese campo no se puede modificar en la propuesta',
  priceInvalid: 'La renta mensual debe estar entre $500 y $1,000,000 MXN',
  maintenanceInvalid: 'El mantenimiento debe ser de $0 o más y menor que la renta',
  depositInvalid: 'El depósito en garantía debe ser de 0 a 6 meses',
  rentTypeInvalid: 'Elige si rentas solo (solo) o con otra persona (joint)',
  planInvalid: 'Elige el plan básico (basic) o neo (neo)',
  dateInvalid: 'La fecha no es válida (usa AAAA-MM-DD)',
  firstDayPast: 'La fecha de entrada no puede ser anterior a hoy ni más de un año después',
  lastDayBeforeFirst: 'El último día del contrato debe ser al menos un mes después de la entrada',
  lastDayTooFar: 'El contrato no puede durar más de 5 años',
  batchEmpty: 'Indica al menos un campo',
  missing: 'Faltan datos para enviar la propuesta',
  missingFields: {
    price: 'Indica la renta mensual',
    first_day: 'Indica la fecha de entrada',
    last_day: 'Indica el último día del contrato',
    plan: 'Elige un plan',
  },
  systemStarted: 'El interesado empezó a preparar una propuesta de renta',
  systemSent: 'El interesado envió su propuesta de renta',
  planLabels: { basic: 'Básico', neo: 'Neo' },
  rentTypeLabels: { solo: 'Un inquilino', joint: 'Dos inquilinos' },
} as const;
