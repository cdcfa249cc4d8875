import { SEARCH_MESSAGES } from '../search/messages.ts';
import { NAVIGATION_MESSAGES } from '../navigation/messages.ts';
import { FILTER_MESSAGES } from '../search/filter-messages.ts';

/**
 * Spanish texts of likes (favoritos; spec 01 §2 route /favoritos, §4 "Like toggle", §8 "Like failure"). The text of a
 * failed like is not given by the spec; `toggleFailed` is ours. The 401 text is COMMON_MESSAGES.loginRequired.
 */
export const LIKES_MESSAGES = {
  liked: 'Guardada en favoritos',
  unliked: 'Quitada de favoritos',
  toggleFailed: 'No pudimos actualizar tus favoritos, inténtalo de nuevo',
  fetchFailed: SEARCH_MESSAGES.fetchError,
  otherClient: 'No puedes cambiar los favoritos de otro cliente',
  invalidPage: SEARCH_MESSAGES.invalidParam('page'),
  invalidCuid: 'El parámetro cuid no es válido',
  /** Accessible names of the heart on a card. */
  like: 'Guardar en favoritos',
  unlike: 'Quitar de favoritos',
  /** The /favoritos page. */
  pageTitle: 'Favoritos',
  pageHeading: 'Tus favoritos',
  emptyTitle: 'Aún no tienes favoritos',
  emptyBody: 'Toca el corazón de una propiedad para guardarla aquí y encontrarla después.',
  emptyCta: NAVIGATION_MESSAGES.searchProperties,
  visitorTitle: 'Inicia sesión para ver tus favoritos',
  visitorBody: 'Guarda las propiedades que te gustan y encuéntralas aquí desde cualquier dispositivo.',
  visitorCta: NAVIGATION_MESSAGES.signInCta,
  count: (n: number) => (n === 1 ? '1 propiedad guardada' : `${n.toLocaleString('es-MX')} propiedades guardadas`),
  loadingMore: FILTER_MESSAGES.loadingMore,
  pendingApplied: 'Guardamos la propiedad en tus favoritos',
} as const;
