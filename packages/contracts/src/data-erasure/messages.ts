/**
 * Spanish texts of the erasure of personal data (issue 12 'Rules'; LFPDPPP derecho de cancelación; decision 019).
 */
export const DATA_ERASURE_MESSAGES = {
  requested: 'Recibimos tu solicitud. Borraremos tus datos personales del proceso de renta en unos minutos.',
  ok: 'OK',
  ui: {
    title: 'Tus datos personales',
    intro: 'Puedes pedir que borremos los datos que nos diste para rentar: tus datos de identificación (CURP, RFC, IDMEX), tu INE, tus comprobantes de domicilio e ingresos, tus investigaciones de crédito y tu verificación de identidad.',
    kept: 'Lo que forma parte de un contrato de renta en curso se conserva mientras dure y durante el plazo legal después de terminar; luego se borra solo.',
    keptAccount: 'Tu cuenta, tus propiedades publicadas y tus conversaciones no se borran con esta solicitud.',
    request: 'Solicitar la eliminación de mis datos',
    confirmTitle: '¿Borrar tus datos personales del proceso de renta?',
    confirmBody: 'Las propuestas que tengas en proceso se quedarán sin tus datos y tendrás que volver a capturarlos. Esta acción no se puede deshacer.',
    confirm: 'Sí, borrar mis datos',
    cancel: 'Cancelar',
    pending: (date: string) => `Solicitud recibida el ${date}; la estamos procesando.`,
    done: (date: string) => `Tus datos personales del proceso de renta se borraron el ${date}.`,
    retained: (n: number) => (n === 1
      ? 'Conservamos los datos de 1 renta con contrato en curso hasta que termine su plazo legal:'
      : `Conservamos los datos de ${n} rentas con contrato en curso hasta que termine su plazo legal:`),
    loadFailed: 'No pudimos cargar el estado de tu solicitud',
  },
} as const;
