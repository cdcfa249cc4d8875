import { NAVIGATION_MESSAGES } from '../navigation/messages.ts';
import { MY_PROPERTIES_MESSAGES } from '../my-properties/messages.ts';
import { SEARCH_MESSAGES } from '../search/messages.ts';

/**
 * Spanish texts of the rent pages (spec 03 §2 Tenant and Owner routes; issue 11 'Pages'): the renter's contacted
 * properties (/propiedades-contactadas) and the owner's view of who contacted one listing
 * (/property-dashboard/{puid}?tab=offers). The spec gives the routes and the step labels (RENT_STEP_LABELS), not these
 * sentences: ours.
 */
export const RENT_PAGES_MESSAGES = {
  /** The owner-side list filtered by listing (GET /api/v1/rents?t=owner&puid=) for someone who does not own it. */
  notListingOwner: 'Solo el propietario puede ver quién contactó esta propiedad',
  /** `puid` with t=renter: the filter by listing is the owner's. */
  puidOwnerOnly: 'El filtro por propiedad solo está disponible para tus propiedades (t=owner)',
  listingNotFound: SEARCH_MESSAGES.propertyGone,
  fetchFailed: SEARCH_MESSAGES.fetchError,
  retry: 'Reintentar',
  loading: 'Cargando…',
  loadMore: 'Ver más',
  unread: (n: number) => `${n.toLocaleString('es-MX')} sin leer`,
  lastActivity: (when: string) => `Última actividad: ${when}`,
  noMessages: 'Sin mensajes todavía',
  perMonth: '/mes',
  noPrice: 'Precio no disponible',
  contacted: {
    pageTitle: 'Propiedades contactadas',
    heading: 'Propiedades contactadas',
    navLabel: 'Propiedades contactadas',
    intro: 'Las propiedades sobre las que escribiste al anunciante, con la etapa en que va cada una.',
    onlyActive: 'Solo activas',
    openProcess: 'Ver proceso',
    openProcessLabel: (title: string) => `Ver proceso de ${title}`,
    openListing: 'Ver propiedad',
    openListingLabel: (title: string) => `Ver propiedad: ${title}`,
    photoAlt: (title: string) => `Foto de ${title}`,
    emptyTitle: 'Aún no has contactado ninguna propiedad',
    emptyBody: 'Cuando escribas al anunciante de una propiedad, aquí verás la conversación y en qué etapa va.',
    emptyActiveTitle: 'No tienes procesos activos',
    emptyCta: NAVIGATION_MESSAGES.searchProperties,
    visitorTitle: 'Inicia sesión para ver tus propiedades contactadas',
    visitorBody: 'Aquí sigues cada propiedad sobre la que escribiste: los mensajes, las visitas y la etapa de cada proceso.',
    visitorCta: NAVIGATION_MESSAGES.signInCta,
    listLabel: 'Tus propiedades contactadas',
  },
  dashboard: {
    pageTitle: 'Interesados en tu propiedad',
    tabsLabel: 'Secciones de la propiedad',
    tabOffers: 'Interesados',
    edit: 'Editar',
    stats: 'Ver estadísticas',
    back: MY_PROPERTIES_MESSAGES.stats.back,
    interested: MY_PROPERTIES_MESSAGES.interestedCount,
    filterLabel: 'Filtrar por etapa',
    filterAll: 'Todas las etapas',
    openChat: 'Abrir conversación',
    openChatLabel: (nickname: string) => `Abrir conversación con ${nickname}`,
    viewProfile: (nickname: string) => `Ver el perfil de ${nickname}`,
    noNickname: 'Interesado sin nombre',
    emptyTitle: 'Nadie ha contactado esta propiedad todavía',
    emptyBody: 'Cuando alguien te escriba sobre esta propiedad, aparecerá aquí con la etapa de su proceso.',
    emptyStepTitle: 'Nadie está en esta etapa',
    contactedOn: (when: string) => `Contactó el ${when}`,
    notOwnerTitle: 'Esta propiedad no es tuya',
    visitorTitle: 'Inicia sesión para ver a los interesados en tu propiedad',
    visitorCta: NAVIGATION_MESSAGES.signInCta,
  },
} as const;
