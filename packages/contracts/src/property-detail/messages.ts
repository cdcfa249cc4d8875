/**
 * Spanish texts of a listing's detail page beyond its facts (issue 9 §4): the photo gallery and its full-screen
 * viewer, the advertiser box, the reference-listing notice (imported listings with no advertiser account), similar
 * listings, price per m², the relative publication date and 'Reportar anuncio'. The spec gives no wording for these
 * (spec 01 §2 only names the detail page; §9 the relative-time words 'Hoy', 'Ayer'): ours.
 */
export const DETAIL_MESSAGES = {
  // Gallery (issue 9 §4 "a photo gallery with a count, a full-screen viewer with swipe and keyboard").
  photoCount: (shown: number, total: number) => `${shown} / ${total}`,
  photoCountLabel: (shown: number, total: number) => `Foto ${shown} de ${total}`,
  openViewer: (total: number) => `Ver las ${total} fotos en pantalla completa`,
  openViewerShort: 'Ver fotos',
  viewerTitle: (title: string) => `Fotos: ${title}`,
  closeViewer: 'Cerrar las fotos',
  previousPhoto: 'Foto anterior',
  nextPhoto: 'Foto siguiente',
  // What Mantine's Carousel says in English to screen readers ('carousel', 'slide', 'Slide 1 of 3', 'Go to slide 2'),
  // said in Spanish by every photo carousel (cards, detail, viewer); the announcement is photoCountLabel.
  carouselRole: 'carrusel de fotos',
  slideRole: 'foto',
  goToPhoto: (n: number) => `Ir a la foto ${n}`,
  photoDots: 'Fotos',
  viewerHint: 'Usa las flechas del teclado o desliza para cambiar de foto; Escape cierra.',
  // A listing without photos: the location thumbnail drawn from our boundaries.
  locationThumb: (type: string, place: string) => (place ? `${type} sin fotos; ubicación aproximada en ${place}` : `${type} sin fotos; ubicación aproximada`),
  // Advertiser box (public fields only, decided by advertiserPolicy on the server).
  advertiserTitle: 'Anunciante',
  advertiserPhoto: (name: string) => `Foto de ${name}`,
  advertiserNoName: 'Anunciante de NJ Propiedades',
  advertiserAgent: 'Asesor inmobiliario',
  advertiserOwner: 'Propietario particular',
  memberSince: (monthYear: string) => `Miembro desde ${monthYear}`,
  emailVerified: 'Correo verificado',
  phoneVerified: 'Teléfono verificado',
  identityVerified: 'Identidad verificada',
  notVerified: 'Sin verificaciones todavía',
  // A listing with no advertiser account (imported demo data).
  referenceTitle: 'Anuncio de referencia',
  referenceText:
    'Esta propiedad se muestra como referencia del mercado y no tiene un anunciante en NJ Propiedades, así que aquí no hay a quién enviarle un mensaje. Puedes compartirla, guardarla en tus favoritos o ver propiedades similares.',
  seeSimilar: 'Ver propiedades similares',
  /** The server's refusal of a contact message about such a listing (POST /api/v1/leads/contact). */
  leadNoAdvertiser: 'Esta propiedad es un anuncio de referencia sin anunciante en NJ Propiedades: tu mensaje no le llegaría a nadie.',
  // Similar listings (same operation and type, nearby, price within ±20 %).
  similarTitle: 'Propiedades similares',
  similarIntro: 'Misma operación y tipo, cerca de aquí y con un precio parecido (±20 %).',
  // Price per m² (construction area; land area for land).
  pricePerM2: (amount: string) => `${amount} por m²`,
  pricePerM2Built: 'de construcción',
  pricePerM2Land: 'de terreno',
  // Publication date, relative (spec 01 §9 wording: 'Hoy', 'Ayer').
  publishedToday: 'Publicada hoy',
  publishedYesterday: 'Publicada ayer',
  publishedAgo: (relative: string) => `Publicada ${relative}`,
  // Report a listing (for the support team).
  reportButton: 'Reportar anuncio',
  reportTitle: 'Reportar este anuncio',
  reportIntro: 'Cuéntanos qué está mal. Nuestro equipo de soporte lo revisará; no compartimos tu reporte con el anunciante.',
  reportReason: 'Motivo',
  reportReasonPlaceholder: 'Elige un motivo',
  reportDetails: 'Detalles (opcional)',
  reportSubmit: 'Enviar reporte',
  reportCancel: 'Cancelar',
  reportClose: 'Cerrar',
  reportSent: 'Gracias. Recibimos tu reporte y nuestro equipo de soporte lo revisará.',
  reportFailed: 'No pudimos enviar tu reporte, inténtalo de nuevo',
  reportReasonRequired: 'Elige el motivo del reporte',
  reportDetailsTooLong: 'Los detalles no pueden tener más de 1000 caracteres',
  reportPropertyRequired: 'Falta la propiedad que quieres reportar',
} as const;

/** Why a listing is reported (the form's fixed list; `other` asks for details). Codes stored in listing_reports.reason. */
export const REPORT_REASONS = ['fraud', 'unavailable', 'wrong_price', 'wrong_location', 'wrong_photos', 'duplicate', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Spanish labels of REPORT_REASONS. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fraud: 'Posible fraude o estafa',
  unavailable: 'Ya no está disponible',
  wrong_price: 'El precio es incorrecto',
  wrong_location: 'La ubicación es incorrecta',
  wrong_photos: 'Las fotos no corresponden',
  duplicate: 'Anuncio duplicado',
  offensive: 'Contenido ofensivo o inapropiado',
  other: 'Otro motivo',
};
