import { COMMON_MESSAGES } from '../common/messages.ts';

/** Spanish texts of the welcome reward and the platform e-money (spec 02 §2 modal 9, §4 "Welcome reward", §8). */
export const REWARDS_MESSAGES = {
  awardTitle: '¡Felicidades!',
  awardBody: 'Por unirte te regalamos $200 mxn en saldo de la plataforma.',
  claimButton: 'Recibir mis $200 mxn',
  claimed: 'Has recibido tus $200 mxn con éxito',
  alreadyClaimed: 'Ya habías recibido tus $200 mxn de bienvenida',
  status: 'Recompensa de bienvenida',
  balance: 'Saldo',
  fetchError: COMMON_MESSAGES.fetchError,
  claimError: COMMON_MESSAGES.thereWasError,
  kindLabels: {
    welcome_reward: 'Recompensa de bienvenida',
    referral_reward: 'Recompensa por referido',
    adjustment: 'Ajuste',
    payment_debit: 'Pago con dinero electrónico',
    payment_refund: 'Devolución de un pago no completado',
  },
} as const;
