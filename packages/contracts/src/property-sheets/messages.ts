/**
 * Texts of the property sheet (issue 16 'Property sheets and public pages'; spec 01 §2, spec 03 §2 /ficha/{puid}/{cuid}
 * and /ficha/pdf/{puid}/{cuid}): the public sheet an agent or owner sends a client, its PDF, and the 'Compartir ficha'
 * action on the owner's and the agent's listings.
 */
export const PROPERTY_SHEET_MESSAGES = {
  metaTitle: (title: string) => `Ficha: ${title}`,
  metaDescription: (title: string, price: string) => `${title}. ${price}. Fotos, características, ubicación y contacto.`,
  eyebrow: 'Ficha de la propiedad',
  sharedBy: 'Te comparte esta propiedad',
  agencyOf: (agency: string) => `Inmobiliaria ${agency}`,
  agentRole: 'Asesor inmobiliario',
  phone: 'Teléfono',
  callAgent: (name: string) => `Llamar a ${name}`,
  photoOf: (n: number) => `Foto ${n} de la propiedad`,
  logoOf: (agency: string) => `Logotipo de ${agency}`,
  photoOfPerson: (name: string) => `Foto de ${name}`,
  qrCaption: 'Escanea el código para ver la publicación en línea',
  qrAlt: 'Código QR de la publicación',
  viewOnline: 'Ver la publicación',
  downloadPdf: 'Descargar PDF',
  print: 'Imprimir',
  disclaimer: 'Precio y disponibilidad sujetos a cambio. La publicación en línea siempre tiene la información vigente.',
  generatedBy: 'Ficha generada en NJ Inmuebles',
  // 'Compartir ficha' (owner's and agent's listings).
  share: 'Compartir ficha',
  // Contains the visible 'Compartir ficha' (axe label-content-name-mismatch).
  shareLabel: (title: string) => `Compartir ficha de ${title}`,
  copyLink: 'Copiar enlace',
  linkCopied: 'Enlace de la ficha copiado',
  copyFailed: 'No se pudo copiar; copia el enlace de la barra de direcciones de la ficha',
  openSheet: 'Ver ficha',
  openPdf: 'Abrir PDF',
  whatsapp: 'Enviar por WhatsApp',
  whatsappText: (title: string, url: string) => `Te comparto esta propiedad: ${title} ${url}`,
  pdfFileName: (code: string) => `ficha-${code}.pdf`,
} as const;

/** The 404 text of a sheet whose listing is missing or inactive, or whose sharer is unknown (the app's 404 page). */
export const PROPERTY_SHEET_NOT_FOUND = 'No encontramos esta ficha';
