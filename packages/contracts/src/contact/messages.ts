/**
 * Spanish texts of the contact form and the share buttons on a listing's detail page (issue 4 "Contact"; spec 03 §7
 * POST /v1/leads/contact). The server's texts (sent, field errors) are LEADS_MESSAGES; these are the labels. Ours.
 */
export const CONTACT_MESSAGES = {
  title: 'Contacta al anunciante',
  name: 'Nombre',
  phone: 'Teléfono',
  phoneHint: '10 dígitos',
  email: 'Correo electrónico',
  message: 'Mensaje',
  defaultMessage: (code: string) => `Hola, me interesa la propiedad ${code}. ¿Sigue disponible?`,
  submit: 'Enviar mensaje',
  sendFailed: 'No pudimos enviar tu mensaje, inténtalo de nuevo',
  sentTitle: 'Mensaje enviado',
  sendAnother: 'Enviar otro mensaje',
  privacy: 'Compartiremos tus datos solo con el anunciante de esta propiedad.',
  ownListing: 'Esta es tu propiedad: aquí verás los mensajes que te envíen en tu correo.',
  share: 'Compartir',
  shareTitle: 'Compartir esta propiedad',
  shareText: (title: string) => `Mira esta propiedad: ${title}`,
  copyLink: 'Copiar enlace',
  copied: 'Enlace copiado',
  copyFailed: 'No pudimos copiar el enlace; cópialo desde la barra de direcciones',
  whatsapp: 'WhatsApp',
  whatsappLabel: 'Compartir por WhatsApp',
} as const;
