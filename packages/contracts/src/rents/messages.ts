import { SEARCH_MESSAGES } from '../search/messages.ts';

/**
 * Spanish texts of rents and their conversations (spec 03 §4 step labels, §5 cancel rule; spec 02 §4 'Chat and
 * appointments'; issue 11). Step labels come in two sets because the spec gives two screens' names for the same
 * steps: `label` (the process list, e.g. 'Contactada') and `shortLabel` (the chat, e.g. 'Hola').
 */
export const RENTS_MESSAGES = {
  /** Spec 03 §5: a discard (cancel) reason must be longer than 26 characters. */
  reasonTooShort: 'El mensaje es demasiado corto',
  /** Spec 02 §8: a failed cancellation of a visit. */
  cancelApptFailed: 'Error al cancelar la cita',
  rentNotFound: 'No encontramos esta conversación',
  /** POST /v1/messages/{ruid}/validate-identity/{cuid} (spec 03 §7): asking the other party to verify their identity. */
  identityRequestText: (nickname: string) => `${nickname} te pide verificar tu identidad con tu INE para continuar con la renta.`,
  identityRequestSelf: 'No puedes pedirte a ti mismo verificar tu identidad',
  identityRequestNotParty: 'Esa persona no forma parte de esta conversación',
  identityAlreadyVerified: 'Esta persona ya verificó su identidad',
  identityRequestRecent: 'Ya le pediste verificar su identidad hoy; espera un día para pedirlo de nuevo',
  ownListing: 'No puedes contactar tu propia propiedad',
  noAdvertiser: 'Esta propiedad no tiene un anunciante con cuenta; usa el formulario de contacto',
  listingInactive: 'La propiedad ya no está disponible',
  conversationClosed: 'Esta conversación está cerrada y ya no acepta mensajes',
  /** Issue 11 'Rules and limits': a blocked conversation refuses new messages. */
  conversationBlocked: 'Esta conversación está bloqueada y ya no acepta mensajes',
  alreadyBlocked: 'Esta conversación ya está bloqueada',
  notBlockedByYou: 'Solo quien bloqueó la conversación puede desbloquearla',
  messageEmpty: 'Escribe un mensaje',
  messageTooLong: 'El mensaje no puede tener más de 5,000 caracteres',
  messageNotFound: 'No encontramos este mensaje',
  clientMessageIdInvalid: 'El identificador del mensaje no es válido',
  optionInvalid: 'Esa opción no está disponible',
  /** The chat's real-time connection (issue 11 'Chat'): an absent, forged or expired token from /v1/messages/auth. */
  chatTokenInvalid: 'Tu conexión al chat expiró; recarga la página',
  /** A message sent on the socket before on_join_room joined its conversation. */
  chatJoinFirst: 'Abre la conversación antes de escribir',
  /** An unexpected failure of a socket event (the message may be retried with the same client id). */
  chatFailed: 'No pudimos enviar tu mensaje; inténtalo de nuevo',
  actionNotAllowed: (action: string, step: string) => `No es posible «${action}» cuando la conversación está en «${step}»`,
  /** System messages written into the conversation on a step change. */
  system: {
    hello: 'Nueva conversación sobre esta propiedad',
    appt_requested: 'Se solicitó una cita para visitar la propiedad',
    appt_confirmation_requested: 'El anunciante propuso horarios para la visita',
    appt_assist: 'La visita quedó agendada',
    owner_discard: 'El anunciante descartó esta conversación',
    renter_discard: 'El interesado descartó esta conversación',
    property_invalid: 'El anunciante retiró esta propiedad; la conversación terminó',
    appt_cancelled: 'La cita fue cancelada',
    blocked: 'La conversación fue bloqueada',
    unblocked: 'La conversación fue desbloqueada',
  },
} as const;

/** Labels and colours of each rent step (spec 03 §4); an unknown step shows an empty label. */
export const RENT_STEP_LABELS = {
  hello: { label: 'Contactada', shortLabel: 'Hola', color: 'blue' },
  appt_requested: { label: 'Solicitud de cita', shortLabel: 'Cita solicitada', color: 'cyan' },
  appt_confirmation_requested: { label: 'Visitada', shortLabel: 'Cita solicitada confirmada', color: 'teal' },
  appt_assist: { label: 'Visita agendada', shortLabel: 'Cita asistida', color: 'green' },
  owner_discard: { label: 'Descartada', shortLabel: 'Descartada', color: 'gray' },
  renter_discard: { label: 'Descartada', shortLabel: 'Descartada', color: 'gray' },
  client_offer_in_process: { label: 'Oferta en proceso', shortLabel: 'Oferta en proceso', color: 'yellow' },
  on_offer: { label: 'Oferta enviada', shortLabel: 'Oferta enviada', color: 'orange' },
  on_accepted_offer: { label: 'Oferta aceptada', shortLabel: 'Oferta aceptada', color: 'lime' },
  on_contract_sign: { label: 'En firma de contrato', shortLabel: 'En firma de contrato', color: 'violet' },
  on_rent: { label: 'En renta', shortLabel: 'En renta', color: 'grape' },
  property_invalid: { label: 'Propiedad inválida', shortLabel: 'Propiedad inválida', color: 'red' },
} as const;

/** Names of the actions a side may take on a rent, as a person reads them (RENTS_MESSAGES.actionNotAllowed). */
export const RENT_ACTION_LABELS = {
  contact: 'contactar',
  send_message: 'enviar mensaje',
  request_appt: 'solicitar cita',
  propose_times: 'proponer horarios',
  confirm_appt: 'confirmar cita',
  cancel_appt: 'cancelar cita',
  start_offer: 'iniciar una oferta',
  edit_offer: 'editar la propuesta',
  send_offer: 'enviar la propuesta',
  withdraw_offer: 'retirar la propuesta',
  accept_offer: 'aceptar la oferta',
  start_contract: 'generar el contrato',
  all_signed: 'concluir la firma',
  invalidate: 'retirar la propiedad',
  discard_owner: 'descartar',
  discard_renter: 'descartar',
} as const;

/** Spec 02 §4: labels of a visit's rating, 1 to 5. */
export const APPT_RATING_LABELS = ['Baja', 'Justa', 'Buena', 'Muy buena', 'Excelente'] as const;

/** Answers of the rent and chat calls (the `msg` of a 200). */
export const RENTS_API_MESSAGES = {
  ok: 'Listo',
  contacted: 'Mensaje enviado al anunciante',
  discarded: 'Conversación descartada',
  blocked: 'Conversación bloqueada',
  unblocked: 'Conversación desbloqueada',
  sent: 'Mensaje enviado',
  seen: 'Mensajes marcados como leídos',
  invalidParam: SEARCH_MESSAGES.invalidParam,
  identityRequested: 'Le pedimos que verifique su identidad',
} as const;

/** Texts of visits (appointments; spec 02 §4 'Chat and appointments', §5 calendar modes; issue 11 'Visits'). */
export const APPT_MESSAGES = {
  timeZoneInvalid: 'La zona horaria no es válida',
  timesRequired: 'Propón entre 1 y 5 horarios',
  timeInvalid: 'El horario no es válido (usa AAAA-MM-DD y HH:MM)',
  outsideWindow: 'Solo puedes proponer horarios en los próximos 7 días a partir de mañana',
  notProposed: 'Ese horario no está entre los propuestos',
  apptNotFound: 'No encontramos esta cita',
  notYetVisited: 'Podrás calificar la visita cuando haya terminado',
  alreadyReviewed: 'Ya calificaste esta visita',
  ratingInvalid: 'La calificación debe ser de 1 a 5',
  system: {
    appt_proposed: (n: number) => `El anunciante propuso ${n === 1 ? 'un horario' : `${n} horarios`} para la visita`,
  },
} as const;

/** Answers of the visit calls. */
export const APPT_API_MESSAGES = {
  requested: 'Cita solicitada',
  proposed: 'Horarios propuestos',
  confirmed: 'Visita agendada',
  cancelled: 'Cita cancelada',
  reviewed: 'Gracias por tu calificación',
  optionSelected: 'Opción elegida',
} as const;

/** What a person reads on /chat, /propiedades-contactadas/{ruid}, the nav and the 'Contactar' button (issue 11). */
export const CHAT_UI_MESSAGES = {
  pageTitle: 'Mensajes',
  processTitle: 'Proceso de renta',
  navMessages: 'Mensajes',
  unreadBadge: (n: number) => (n === 1 ? '1 mensaje sin leer' : `${n} mensajes sin leer`),
  conversations: 'Conversaciones',
  noConversations: 'Aún no tienes conversaciones.',
  noConversationsHint: 'Cuando contactes a un anunciante o alguien pregunte por tu propiedad, la conversación aparecerá aquí.',
  searchProperties: 'Buscar propiedades',
  chooseConversation: 'Elige una conversación para leerla.',
  loadMore: 'Ver más conversaciones',
  unreadOnly: 'Solo no leídos',
  back: 'Volver a las conversaciones',
  moreActions: 'Más acciones',
  loading: 'Cargando…',
  you: 'Tú',
  youRenter: 'Interesado',
  youOwner: 'Anunciante',
  withRenter: 'Interesado en tu propiedad',
  withOwner: 'Anunciante',
  today: 'Hoy',
  yesterday: 'Ayer',
  seen: 'Visto',
  sent: 'Enviado',
  sending: 'Enviando…',
  pendingOffline: 'Sin conexión: se enviará al reconectar',
  failed: 'No se envió. Toca para reintentar',
  composerLabel: 'Escribe un mensaje',
  composerPlaceholder: 'Escribe un mensaje…',
  send: 'Enviar',
  attach: 'Adjuntar imagen o PDF',
  attachmentTooLarge: 'El archivo no puede pesar más de 50 MB',
  attachmentFailed: 'No pudimos adjuntar el archivo',
  openAttachment: (name: string) => `Abrir ${name}`,
  closed: 'Esta conversación está cerrada y ya no acepta mensajes.',
  blockedByMe: 'Bloqueaste esta conversación: ninguno de los dos puede escribir hasta que la desbloquees.',
  blockedByOther: 'Esta conversación está bloqueada y ya no acepta mensajes.',
  block: 'Bloquear conversación',
  unblock: 'Desbloquear conversación',
  blockConfirm: '¿Bloquear esta conversación? Ninguno de los dos podrá escribir ni agendar visitas hasta que la desbloquees.',
  offline: 'Sin conexión. Reintentando…',
  reconnected: 'Conexión restablecida',
  loadFailed: 'Error al obtener los chats',
  messagesFailed: 'No pudimos cargar los mensajes',
  viewListing: 'Ver la propiedad',
  viewProcess: 'Ver el proceso',
  viewProfile: 'Ver perfil',
  openChat: 'Abrir el chat',
  perMonth: '/ mes',
  discard: 'Descartar conversación',
  discardTitle: 'Descartar esta conversación',
  discardReason: 'Cuéntanos por qué (más de 26 caracteres)',
  discardConfirm: 'Descartar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  understood: 'Entendido',
  // Visits
  visitTitle: 'Visita',
  visitNone: 'Aún no hay una visita agendada.',
  requestVisit: 'Solicitar visita',
  visitRequested: 'Solicitaste una visita. El anunciante te propondrá horarios.',
  visitRequestedOwner: 'El interesado quiere visitar la propiedad. Propón uno o varios horarios.',
  proposeTimes: 'Proponer horarios',
  proposeTitle: 'Proponer horarios de visita',
  proposeHint: (zone: string) => `Elige hasta 5 horarios en los próximos 7 días (tu zona horaria: ${zone}).`,
  proposeDay: 'Día',
  proposeTime: 'Hora',
  addTime: 'Agregar otro horario',
  removeTime: 'Quitar este horario',
  sendProposal: 'Enviar horarios',
  waitingConfirmation: 'Propusiste horarios. Esperando a que el interesado confirme uno.',
  chooseTime: 'Elige el horario que prefieras para la visita:',
  confirmTime: (label: string) => `Confirmar ${label}`,
  confirmedTitle: 'Visita agendada',
  confirmedAt: (label: string) => `Tu visita quedó agendada para el ${label}.`,
  visitOn: (label: string) => `Visita: ${label}`,
  cancelVisit: 'Cancelar la cita',
  rateTitle: 'Califica la visita',
  rateRenter: 'Califica al interesado',
  rateOwner: 'Califica al anunciante',
  rateComment: 'Comentario (opcional)',
  rateSend: 'Enviar calificación',
  rated: 'Ya calificaste esta visita. ¡Gracias!',
  rateAfter: 'Podrás calificar la visita cuando haya terminado.',
  // Contactar
  contact: 'Contactar',
  contactTitle: 'Escríbele al anunciante',
  contactMessage: 'Tu mensaje',
  contactDefault: (code: string) => `Hola, me interesa esta propiedad (${code}). ¿Sigue disponible?`,
  contactSend: 'Enviar y abrir el chat',
  contactOr: 'o déjale tus datos',
  contactSignIn: 'Inicia sesión para chatear con el anunciante',
  /** Spec 03 §8: a cancelled or invalid process, followed by the redirect after 5 s. */
  processCancelled: 'La renta fue cancelada por el propietario o el inquilino o bien, la propiedad es invalida, serás redirigido a tus propiedades contactadas...',
  processCancelledRedirectMs: 5_000,
  contactedProperties: 'Propiedades contactadas',
  tabChats: 'Conversaciones',
  tabLeads: 'Formulario',
  leadsEmpty: 'Nadie te ha escrito por el formulario de contacto todavía.',
  leadsHint: 'Mensajes de personas sin cuenta que escribieron desde el formulario de tus propiedades.',
  leadAbout: (title: string) => `Sobre: ${title}`,
  leadReplyEmail: 'Responder por correo',
  leadReplyWhatsapp: 'WhatsApp',
  leadCall: 'Llamar',
  leadReplySubject: (title: string) => `Re: ${title}`,
  leadsFailed: 'No pudimos cargar los mensajes del formulario',
  chooseLead: 'Elige un mensaje para leerlo.',
  sectionChat: 'Conversación',
  sectionVisit: 'Visita',
  sectionListing: 'Propiedad',
  listingSummary: 'La propiedad',
  signInTitle: 'Inicia sesión para ver tus mensajes',
  signInBody: 'Tus conversaciones con anunciantes e interesados, y tus visitas, están en tu cuenta.',
  signInCta: 'Iniciar sesión',
  contactedAlready: 'Ya estás en contacto: abre la conversación',
  ownListing: 'Esta es tu propiedad',
  verifyIdentity: 'Verificar mi identidad',
  askIdentity: 'Pedir verificar identidad',
} as const;

/** The socket's reconnection (spec 02 §4 'Socket reconnection has a retry cap'): attempts and delays in ms. */
export const CHAT_SOCKET_RETRY = { attempts: 8, delayMs: 1_000, maxDelayMs: 15_000 } as const;
