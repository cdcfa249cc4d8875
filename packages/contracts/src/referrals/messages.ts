import { COMMON_MESSAGES } from '../common/messages.ts';

/** Spanish texts of the referral programme (spec 02 §2 route /referido/{id}, §4 "Referral", §5, §8, §9). */
export const REFERRALS_MESSAGES = {
  invalidId: 'El id es inválido',
  joined: '¡Felicidades! Ya formas parte del programa de referidos.',
  alreadyJoined: 'Ya formas parte del programa de referidos',
  selfReferral: 'No puedes usar tu propio código de referido',
  circularReferral: 'Esta persona ya es tu referido; no puede ser quien te invitó',
  referrerNotFound: 'No encontramos a la persona que te invitó',
  fetchError: COMMON_MESSAGES.fetchError,
  rewardButton: 'Recibir mis $10 dólares',
  rewardTitle: 'Gana $10 dólares por cada amigo que invites',
  rewardBody: 'Comparte tu enlace. Cuando tu amigo cree su cuenta con él, recibes $10 dólares.',
  invitedBy: (nickname: string) => `${nickname} te invitó a unirte`,
  landingCta: 'Inicia sesión o crea tu cuenta para recibir tus $10 dólares',
  shareLink: 'Tu enlace de referido',
  myReferrals: 'Mis referidos',
  noReferrals: 'Todavía no tienes referidos',
  redirecting: 'Te llevaremos a tu cuenta en 3 segundos…',
  // the accounts web UI
  landingTitle: 'Te invitaron a NJ Inmuebles',
  programTitle: 'Programa de referidos',
  copy: 'Copiar',
  copied: 'Copiado',
  more: 'Ver más',
} as const;
