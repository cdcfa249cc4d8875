import { SEARCH_MESSAGES } from '../search/messages.ts';

/**
 * Spanish texts of listing statistics, contact (leads) and the owner's list (spec 01 §2 "/mis-propiedades" and
 * owner metrics, §4 "Viewing"; spec 03 §7 POST /v1/leads/contact). The spec gives none of these texts; all are ours
 * except 'Error al obtener las propiedades' (spec 01 §8).
 */
export const STATS_MESSAGES = {
  counted: 'Registrado',
  duplicatePush: 'Este envío ya se había registrado',
  botIgnored: 'Ignorado',
  invalidData: 'El campo data no es válido',
  invalidAdsData: 'El campo ads_data no es válido',
  invalidPushId: 'El identificador del envío no es válido',
  invalidPuids: 'La lista de propiedades no es válida',
  tooManyItems: 'Se enviaron demasiados elementos a la vez',
  invalidChannel: 'El canal para compartir no es válido',
  invalidDays: 'El número de días debe estar entre 1 y 90',
  invalidPage: SEARCH_MESSAGES.invalidParam('page'),
  invalidSearch: 'El texto de búsqueda no es válido',
  invalidStatus: 'El estado debe ser active o inactive',
  invalidParam: SEARCH_MESSAGES.invalidParam,
  invalidBounds: SEARCH_MESSAGES.invalidBounds,
  propertyNotFound: 'La propiedad no existe o ya no está disponible',
  notOwner: 'Solo el propietario puede ver las estadísticas de esta propiedad',
  fetchFailed: SEARCH_MESSAGES.fetchError,
  /** Tooltip of the ctr metric on the owner's cards (spec 01 §2). */
  ctrTooltip: 'Porcentaje de veces que vieron tu propiedad después de que apareció en una búsqueda. Alrededor de 2% es un buen resultado.',
} as const;

export const LEADS_MESSAGES = {
  sent: 'Tu mensaje fue enviado al propietario',
  sentNoOwner: 'Recibimos tu mensaje',
  nameRequired: 'Escribe tu nombre',
  nameTooLong: 'El nombre no puede tener más de 80 caracteres',
  phoneRequired: 'Escribe tu teléfono',
  phoneInvalid: 'El teléfono no es válido',
  emailRequired: 'Escribe tu correo electrónico',
  emailInvalid: 'El correo electrónico no es válido',
  messageRequired: 'Escribe un mensaje',
  messageTooLong: 'El mensaje no puede tener más de 2000 caracteres',
  puidRequired: 'Falta la propiedad',
  rateLimited: 'Enviaste demasiados mensajes; espera un momento e inténtalo de nuevo',
  emailSubject: (title: string) => `Nuevo mensaje sobre tu propiedad: ${title}`,
  emailTitle: 'Alguien está interesado en tu propiedad',
  emailIntro: (name: string, title: string) => `${name} te escribió sobre «${title}».`,
  emailContact: (phone: string, email: string) => `Teléfono: ${phone} · Correo: ${email}`,
  emailButton: 'Ver la propiedad',
  emailFooter: 'Responde directamente al teléfono o correo de la persona interesada.',
} as const;
