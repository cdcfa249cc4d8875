/**
 * Spanish texts of saved searches and their alerts (issue 17 'Saved searches and alerts'; decision 037). The spec
 * gives none of them; they are ours.
 */
export const SAVED_SEARCH_MESSAGES = {
  saved: 'Búsqueda guardada',
  updated: 'Búsqueda actualizada',
  deleted: 'Búsqueda eliminada',
  notFound: 'No encontramos esa búsqueda guardada',
  otherClient: 'No puedes cambiar las búsquedas guardadas de otro cliente',
  invalidName: 'Escribe un nombre de 1 a 80 caracteres',
  invalidQuery: 'Los filtros de la búsqueda no son válidos',
  invalidFrequency: 'La frecuencia debe ser instantánea, diaria, semanal o desactivada',
  tooMany: (max: number) => `Puedes guardar hasta ${max} búsquedas; elimina alguna para guardar otra`,
  invalidToken: 'El enlace para dejar de recibir alertas no es válido',
  unsubscribed: (name: string) => `Ya no recibirás alertas de la búsqueda «${name}»`,
  /** Frequencies as the page and the e-mail name them. */
  frequency: { instant: 'Al momento', daily: 'Una vez al día', weekly: 'Una vez a la semana', off: 'Sin alertas' },
  /** The alert e-mail and WhatsApp message. */
  alertSubject: (n: number, name: string) => (n === 1 ? `1 propiedad nueva para «${name}»` : `${n} propiedades nuevas para «${name}»`),
  alertIntro: 'Estas propiedades se publicaron o cambiaron y coinciden con tu búsqueda guardada:',
  alertMore: (n: number) => (n === 1 ? 'Hay 1 propiedad más en tu búsqueda.' : `Hay ${n} propiedades más en tu búsqueda.`),
  openSearch: 'Ver la búsqueda',
  unsubscribeFooter: (url: string) => `¿No quieres más alertas de esta búsqueda? Date de baja aquí: ${url}`,
  alertText: (n: number, name: string, url: string) => `${n === 1 ? '1 propiedad nueva' : `${n} propiedades nuevas`} para tu búsqueda «${name}»: ${url}`,
  /** The pages. */
  saveButton: 'Guardar búsqueda',
  saveTitle: 'Guardar esta búsqueda',
  nameLabel: 'Nombre de la búsqueda',
  frequencyLabel: 'Recibir alertas',
  whatsappLabel: 'También por WhatsApp (si tu teléfono está verificado)',
  save: 'Guardar',
  cancel: 'Cancelar',
  pageTitle: 'Búsquedas guardadas',
  emptyTitle: 'Aún no tienes búsquedas guardadas',
  emptyBody: 'En la búsqueda de propiedades, toca «Guardar búsqueda» y te avisaremos cuando haya propiedades nuevas.',
  visitorTitle: 'Inicia sesión para ver tus búsquedas guardadas',
  newCount: (n: number) => (n === 1 ? '1 nueva desde tu última visita' : `${n} nuevas desde tu última visita`),
  open: 'Abrir',
  rename: 'Cambiar nombre',
  delete: 'Eliminar',
  unsubscribePageTitle: 'Alertas de búsqueda',
  unsubscribeQuestion: '¿Quieres dejar de recibir las alertas de esta búsqueda guardada?',
  unsubscribeButton: 'Dejar de recibir alertas',
  savedLink: 'Ver mis búsquedas guardadas',
  pendingSaved: 'Guardamos tu búsqueda; te avisaremos de las propiedades nuevas',
  saveFailed: 'No pudimos guardar la búsqueda, inténtalo de nuevo',
} as const;
