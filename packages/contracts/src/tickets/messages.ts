import { PROFILE_PHOTO_MESSAGES } from '../media/messages.ts';
import { CHAT_UI_MESSAGES, RENTS_MESSAGES } from '../rents/messages.ts';

/**
 * Spanish texts of support tickets on the client's side: the help modal, the help centre and the ticket's
 * conversation (issue 14 'Tickets (any client)'; spec 02 §2 item 11, §4 'Ticket modal', §5 'Ticket', §8, §9),
 * defined once. The spec's own texts are verbatim; the staff panel uses these from here. Free of zod (the nav's
 * 'Ayuda' reads it); the files' content texts ('El archivo no tiene extension …', not found, too large) are the chat's,
 * CHAT_NOTIFICATION_MESSAGES in rents/notifications.ts.
 */
export const TICKET_MESSAGES = {
  // spec 02 §5 validation
  titleRequired: 'Debes de poner un título',
  descriptionRequired: 'Debes de poner una descripción',
  categoryRequired: 'Debes escoger una categoría',
  tooManyFiles: 'Lo sentimos, solo puedes subir hasta 10 imágenes',
  // spec 02 §8 catalogue
  createFailed: 'Error al crear el ticket',
  listFailed: 'Error al obtener los tickets',
  sendFailed: 'Error al enviar mensaje',
  // spec 03 §8 catalogue
  invalidTicketId: 'El id del ticket es inválido',
  // spec 02 §8 success
  created: 'El ticket se creó exitosamente, puedes revisarlo en Centro de Ayuda.',
  // our own
  titleTooLong: 'El título puede tener hasta 200 caracteres',
  descriptionTooLong: 'La descripción puede tener hasta 5,000 caracteres',
  messageEmpty: 'Escribe un mensaje o adjunta un archivo',
  messageTooLong: 'El mensaje puede tener hasta 5,000 caracteres',
  // spec 02 §5 'maximum 50 MB' (the proof upload's text, written once in media/messages.ts).
  fileTooLarge: PROFILE_PHOTO_MESSAGES.tooLarge,
  fieldTooLong: 'Uno de los textos es demasiado largo; acórtalo e inténtalo de nuevo',
  clientMessageIdInvalid: RENTS_MESSAGES.clientMessageIdInvalid,
  dateRequired: 'Elige la fecha del pago o de la firma',
  dateInvalid: 'La fecha no es válida',
  listingInvalid: 'No encontramos ese anuncio',
  rentInvalid: 'No encontramos esa renta entre las tuyas',
  ticketNotFound: 'No encontramos este ticket',
  ticketClosed: 'Este ticket está cerrado; abre uno nuevo si necesitas más ayuda',
  pageInvalid: 'La página no es válida',
  lastInvalid: 'El id del último mensaje no es válido',
  attachmentIdInvalid: 'El id del archivo no es válido',
  onlyActiveInvalid: 'El filtro de tickets activos no es válido',
  loaded: 'Tickets',
  messagesLoaded: 'Mensajes del ticket',
  messageSent: 'Mensaje enviado',
  ticketLoaded: 'Ticket',
  /** The LP ticket a signed-in client's listing report becomes (issue 14: 'Listing reports … arrive as LP tickets'). */
  reportTitle: (listing: string) => `Reporte de anuncio: ${listing}`,
  // realtime
  joinFailed: 'No pudimos conectarte a la conversación del ticket',
} as const;

/** Texts of the help modal, the help centre page and the conversation (labels, not answers of the API). */
export const TICKET_UI_MESSAGES = {
  help: 'Ayuda',
  helpCentre: 'Centro de ayuda',
  helpCentreTitle: 'Centro de ayuda',
  helpCentreIntro: '¿Necesitas ayuda? Abre un ticket y el equipo de soporte te responderá aquí mismo.',
  newTicket: 'Abrir un ticket',
  modalTitle: 'Pide ayuda',
  stepInfo: 'Información',
  stepImages: 'Archivos',
  titleLabel: 'Título',
  titlePlaceholder: 'Resume tu problema en pocas palabras',
  categoryLabel: 'Categoría',
  descriptionLabel: 'Descripción',
  descriptionPlaceholder: 'Cuéntanos qué pasó y cómo podemos ayudarte',
  listingLabel: 'Anuncio (opcional)',
  listingPlaceholder: 'Elige uno de tus anuncios o de los que contactaste',
  rentLabel: 'Renta (opcional)',
  rentPlaceholder: 'Elige una de tus rentas',
  dateLabel: 'Fecha',
  datePlaceholder: 'Elige la fecha del pago o de la firma',
  next: 'Siguiente',
  back: 'Regresar',
  submit: 'Enviar ticket',
  cancel: 'Cancelar',
  dropTitle: 'Arrastra aquí tus archivos o haz clic para elegirlos',
  dropHint: 'Hasta 10 archivos PNG, JPG, WebP o PDF de hasta 50 MB cada uno (opcional)',
  dropRejected: 'El archivo no se puede subir',
  removeFile: (name: string) => `Quitar ${name}`,
  // spec 02 §5 'maximum 50 MB' (the proof upload's text, written once in media/messages.ts).
  fileTooLarge: PROFILE_PHOTO_MESSAGES.tooLarge,
  filesCount: (n: number) => (n === 1 ? '1 archivo' : `${n} archivos`),
  signInToSend: 'Inicia sesión para enviar tu ticket; lo mandaremos en cuanto entres.',
  myTickets: 'Mis tickets',
  noTickets: 'Aún no tienes tickets.',
  selectTicket: 'Elige un ticket para ver su conversación.',
  backToList: 'Volver a mis tickets',
  loadMore: 'Cargar más',
  support: 'Soporte',
  you: 'Tú',
  system: 'Aviso',
  author: 'Cliente',
  replyPlaceholder: 'Escribe un mensaje',
  send: 'Enviar',
  attach: 'Adjuntar archivos',
  attachLabel: 'Archivos para adjuntar',
  closedNotice: 'Este ticket está cerrado.',
  noMessages: 'Aún no hay mensajes.',
  openPdf: (name: string) => `Abrir ${name}`,
  imageAlt: (name: string) => `Imagen adjunta: ${name}`,
  today: 'Hoy',
  yesterday: 'Ayer',
  unread: CHAT_UI_MESSAGES.unreadBadge,
  createdOn: (when: string) => `Creado el ${when}`,
  loadError: 'No pudimos cargar tus tickets; recarga la página',
  visitorTitle: 'Entra a tu cuenta para ver tus tickets',
  visitorButton: 'Iniciar sesión',
  previewAlt: (name: string) => `Vista previa de ${name}`,
  /** The calendar's arrows (their accessible names; the month and year titles are named by their text). */
  calendar: {
    nextMonth: 'Mes siguiente', previousMonth: 'Mes anterior',
    nextYear: 'Año siguiente', previousYear: 'Año anterior', nextDecade: 'Década siguiente', previousDecade: 'Década anterior',
  },
  aboutListing: 'Sobre el anuncio',
  aboutRent: 'Sobre la renta',
} as const;
