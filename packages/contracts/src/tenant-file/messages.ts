/**
 * Spanish texts of the reusable tenant file (issue 12 'A reusable tenant file'): a tenant whose identity, income,
 * references and investigation were verified in an application of the last 30 days reuses them in the next one,
 * seeing first what the owner will see.
 */
export const TENANT_FILE_MESSAGES = {
  applied: 'Listo: tu expediente se agregó a esta propuesta',
  nothingToReuse: 'No tienes un expediente verificado de los últimos 30 días para reutilizar',
  renterOnly: 'Solo quien hace la propuesta puede reutilizar su expediente',
  onlyInProcess: 'Tu expediente solo puede agregarse mientras la propuesta está en proceso',
  ui: {
    title: 'Reutiliza tu expediente',
    intro: (title: string, date: string) => `Tienes un expediente verificado de tu solicitud para «${title}» del ${date}. Puedes usarlo aquí sin volver a capturar ni pagar otra investigación.`,
    introInvestigationOnly: (date: string) => `Tienes una investigación vigente del ${date}. Puedes usarla aquí sin pagar otra.`,
    validUntil: (date: string) => `Puedes reutilizarlo hasta el ${date}.`,
    itemsTitle: 'Lo que se agregará a esta propuesta',
    sharedTitle: 'Lo que verá el propietario',
    items: {
      identity: 'Identidad verificada con tu INE',
      person: 'Tus datos personales (nombre, fecha de nacimiento, CURP, RFC e IDMEX)',
      documents: (n: number) => (n === 1 ? '1 comprobante (domicilio o ingresos)' : `${n} comprobantes (domicilio e ingresos)`),
      income: (amount: string) => `Ingreso mensual de ${amount} y los datos de tu empleo`,
      references: (confirmed: number, total: number) => `${confirmed} de ${total} referencias confirmadas`,
      investigation: (score: string) => `Investigación de crédito y listas (puntaje ${score})`,
      investigationNoScore: 'Investigación de crédito y listas (sin historial de crédito)',
    },
    shared: [
      'Tu apodo, calificaciones y si tu correo, teléfono e identidad están verificados',
      'Tu puntaje de crédito, sus razones y el resultado de las listas negras y de prevención de lavado de dinero',
      'Tus comprobantes como copias con marca de agua solo para esta renta',
    ],
    notShared: 'Tu CURP, RFC, IDMEX y tu INE nunca se muestran al propietario.',
    recomputed: 'El resultado de la investigación se vuelve a calcular con la renta de esta propiedad.',
    use: 'Usar mi expediente',
    loadFailed: 'No pudimos cargar tu expediente',
  },
} as const;
