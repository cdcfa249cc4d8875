import { COMMON_MESSAGES } from '../common/messages.ts';

/** The product name, in the navigation bar, page titles, e-mails and messages. */
export const PRODUCT_NAME = 'NJ Inmuebles';

/** Navigation bar, footer and error-page texts (spec 01 §2 "Navigation bars"). */
export const NAVIGATION_MESSAGES = {
  brand: PRODUCT_NAME,
  home: 'Inicio',
  websites: 'Sitios web',
  forAdvisers: 'Para asesores',
  publishProperty: 'Publicar una propiedad',
  searchProperties: 'Buscar propiedades',
  signIn: 'Iniciar Sesión',
  signUp: 'Crear Cuenta',
  /** The button of a page that asks a visitor to sign in (favourites, my listings, the listing form). */
  signInCta: 'Iniciar sesión',
  menu: 'Menú',
  mainNavigation: 'Navegación principal',
  footerNavigation: 'Enlaces del sitio',
  heroTitle: 'Encuentra tu próximo hogar en México',
  heroSubtitle: 'Miles de casas, departamentos y locales en renta y venta, en el mapa.',
  suggestedTitle: 'Colonias populares',
  suggestedIn: (area: string) => `Colonias populares en ${area}`,
  suggestedCities: 'Ciudades populares',
  dataSources: 'Fuentes de datos',
  attributionInegi: 'Fuente: INEGI, Marco Geoestadístico 2025 y Censo de Población y Vivienda 2020.',
  attributionProperati: 'Datos: Properati vía WorldQuant University.',
  attributionListings: 'Anuncios de demostración con datos públicos de portales inmobiliarios (solo hechos: precio, superficie, ubicación).',
  attributionMap: 'Mapa: límites de INEGI servidos por este sitio.',
  rights: (year: number) => `© ${year} NJ Inmuebles. Precios en pesos mexicanos salvo que se indique otra moneda.`,
  notFoundTitle: 'Página no encontrada',
  notFoundText: 'No encontramos lo que buscas. Puede que la dirección esté mal escrita o que la página ya no exista.',
  serverErrorTitle: COMMON_MESSAGES.somethingWrong,
  serverErrorText: COMMON_MESSAGES.reload,
  goHome: 'Ir al inicio',
} as const;
