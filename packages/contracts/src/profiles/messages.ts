import { APPT_RATING_LABELS } from '../rents/messages.ts';
import { DETAIL_MESSAGES } from '../property-detail/messages.ts';

/**
 * Spanish texts of a client's public profile, /perfil?u={uid} (spec 02 §2 route table, §3 Client; issue 11 'Visits':
 * ratings and their average appear on the profile). The rating labels are spec 02's (APPT_RATING_LABELS); the rest
 * is ours.
 */
export const PROFILE_MESSAGES = {
  pageTitle: (nickname: string) => `${nickname} · Perfil`,
  notFoundPageTitle: 'Perfil no encontrado',
  /** GET /api/v1/clients/{uid}/profile of an unknown or anonymous client, and the page's not-found state. */
  notFound: 'No encontramos este perfil',
  invalidUid: 'El identificador del perfil no es válido',
  fetchFailed: 'No pudimos cargar el perfil, inténtalo de nuevo',
  noName: 'Usuario de NJ Propiedades',
  photoAlt: (nickname: string) => `Foto de perfil de ${nickname}`,
  memberSince: DETAIL_MESSAGES.memberSince,
  verificationsTitle: 'Verificaciones',
  emailVerified: DETAIL_MESSAGES.emailVerified,
  phoneVerified: DETAIL_MESSAGES.phoneVerified,
  identityVerified: DETAIL_MESSAGES.identityVerified,
  notVerified: DETAIL_MESSAGES.notVerified,
  agent: DETAIL_MESSAGES.advertiserAgent,
  bioTitle: 'Acerca de',
  ratingTitle: 'Calificación',
  /** Accessible name of the stars: 'Calificación 4.5 de 5, Muy buena'. */
  ratingStars: (average: number, label: string) => `Calificación ${average.toLocaleString('es-MX')} de 5, ${label}`,
  ratingCount: (n: number) => (n === 1 ? '1 calificación' : `${n.toLocaleString('es-MX')} calificaciones`),
  noRatings: 'Todavía no tiene calificaciones',
  reviewsTitle: 'Comentarios recientes',
  ratingLabels: APPT_RATING_LABELS,
} as const;

/** The rating label of a 1–5 value (an average is rounded): Baja, Justa, Buena, Muy buena, Excelente; '' otherwise. */
export function ratingLabel(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const i = Math.min(5, Math.max(1, Math.round(value))) - 1;
  return APPT_RATING_LABELS[i] ?? '';
}
