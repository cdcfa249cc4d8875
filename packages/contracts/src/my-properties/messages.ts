import { SEARCH_MESSAGES } from '../search/messages.ts';
import { NAVIGATION_MESSAGES } from '../navigation/messages.ts';

/**
 * Spanish texts of the owner's pages: /mis-propiedades (spec 01 §2 "Property card" owner parts and route table) and
 * a listing's statistics page. From the spec: 'Activada', 'Desactivada', 'Error al obtener las propiedades' (§8) and
 * the idea of the ctr tooltip (STATS_MESSAGES.ctrTooltip); the rest is ours.
 */
export const MY_PROPERTIES_MESSAGES = {
  pageTitle: 'Mis propiedades',
  heading: 'Mis propiedades',
  active: 'Activada',
  inactive: 'Desactivada',
  edit: 'Editar',
  editLabel: (title: string) => `Editar ${title}`,
  /** Accessible name of the activation switch; its visible label is the badge. */
  toggleLabel: (title: string) => `Mostrar ${title} en las búsquedas`,
  toggleFailed: 'No pudimos cambiar el estado de la propiedad, inténtalo de nuevo',
  /** Confirmation before deactivating a listing people have contacted (their conversations end: property_invalid). */
  deactivateTitle: '¿Desactivar esta propiedad?',
  deactivateExplain: (n: number) => `${n === 1 ? 'Una persona te contactó' : `${n.toLocaleString('es-MX')} personas te contactaron`} por esta propiedad. Al desactivarla, las conversaciones que no tengan una oferta aceptada terminarán y verán que la propiedad ya no está disponible.`,
  deactivateConfirm: 'Desactivar',
  deactivateCancel: 'Cancelar',
  statsLink: 'Ver estadísticas',
  /** The link of each card to /property-dashboard/{puid}?tab=offers (issue 11). */
  interested: 'Interesados',
  interestedCount: (n: number) => `Interesados (${n.toLocaleString('es-MX')})`,
  interestedLabel: (visible: string, title: string) => `${visible}: ${title}`,
  metricsLabel: 'Estadísticas de la propiedad',
  metrics: {
    appears: 'Apariciones',
    ctr: 'CTR',
    views: 'Vistas',
    likes: 'Me gusta',
    inquiries: 'Consultas',
    leads: 'Prospectos',
    shares: 'Compartidas',
  },
  /** Shown instead of a number when the activation permission is off (spec 01 §2). */
  metricHidden: '-',
  metricHiddenHint: 'Las estadísticas se muestran cuando la propiedad tiene permiso de activación',
  ctrHelp: '¿Qué es el CTR?',
  searchLabel: 'Buscar en mis propiedades',
  searchPlaceholder: 'Título, colonia o código NJ-',
  statusLabel: 'Estado',
  statusAll: 'Todas',
  statusActive: 'Activadas',
  statusInactive: 'Desactivadas',
  count: (n: number) => (n === 1 ? '1 propiedad' : `${n.toLocaleString('es-MX')} propiedades`),
  publish: 'Publicar propiedad',
  fetchFailed: SEARCH_MESSAGES.fetchError,
  retry: 'Reintentar',
  emptyTitle: 'Aún no has publicado propiedades',
  emptyBody: 'Publica tu casa, departamento o terreno en minutos y empieza a recibir mensajes de personas interesadas.',
  emptyCta: NAVIGATION_MESSAGES.publishProperty,
  noMatchesTitle: 'Ninguna de tus propiedades coincide con la búsqueda',
  noMatchesCta: 'Quitar filtros',
  visitorTitle: 'Inicia sesión para ver tus propiedades',
  visitorBody: 'Aquí administras las propiedades que publicas: actívalas, edítalas y revisa cuántas personas las ven.',
  visitorCta: NAVIGATION_MESSAGES.signInCta,
  pageLabel: 'Páginas de mis propiedades',
  /** The statistics page of one listing. */
  stats: {
    pageTitle: 'Estadísticas de la propiedad',
    heading: 'Estadísticas',
    back: 'Volver a mis propiedades',
    period: (days: number) => `Últimos ${days} días`,
    totals: 'Total',
    chartTitle: 'Actividad diaria',
    chartViews: 'Vistas y apariciones por día',
    chartContacts: 'Me gusta, consultas y compartidas por día',
    chartLabel: (days: number) => `Gráfica de los últimos ${days} días`,
    tableCaption: 'Datos de la gráfica',
    day: 'Día',
    noActivity: 'Aún no hay actividad en estos días. Las cifras se actualizan cada minuto.',
    fetchFailed: 'No pudimos obtener las estadísticas',
    notOwnerTitle: 'No puedes ver estas estadísticas',
    viewListing: 'Ver la propiedad',
  },
} as const;
