import { z } from '../common/zod-locale.ts';

/**
 * The renter's authorization of the credit bureau query with a NIP (spec 03 §7 POST /v1/client/multiburopin and
 * /multiburopinresend; issue 12 'Investigation'; decision 020): a bureau may only answer a query the person
 * expressly authorized, so the NIP sent to them is their signature on BUREAU_CONSENT_MESSAGES.consentText.
 */
export const BUREAU_CONSENT = {
  /** Digits of the NIP. */
  pinLength: 6,
  /** A NIP is valid this long (ms). */
  pinTtlMs: 10 * 60_000,
  /** Wrong NIPs allowed per NIP. */
  maxAttempts: 5,
  /** A new NIP only this long after the last (ms). */
  resendAfterMs: 30_000,
  /** An authorization covers investigations started within this many days. */
  validDays: 30,
  /** Version of the text the person authorizes (kept with the authorization). */
  consentVersion: '2026-11',
} as const;

export const BUREAU_CONSENT_MESSAGES = {
  consentText: 'Autorizo expresamente a NJ Inmuebles para consultar mi historial crediticio en Círculo de Crédito y en las demás sociedades de información crediticia, con el único fin de evaluar mis solicitudes de renta durante los próximos 30 días. Sé que la consulta queda registrada en mi historial.',
  pinSentEmail: (hint: string) => `Te enviamos un NIP de 6 dígitos a ${hint}. Escríbelo para autorizar la consulta.`,
  pinSentPhone: (hint: string) => `Te enviamos un NIP de 6 dígitos por WhatsApp al ${hint}. Escríbelo para autorizar la consulta.`,
  emailSubject: 'Tu NIP para autorizar la consulta de tu historial crediticio',
  emailIntro: (nickname: string) => `Hola ${nickname}, pediste autorizar la consulta de tu historial crediticio para rentar.`,
  emailPin: (pin: string) => `Tu NIP es ${pin}. Vence en 10 minutos.`,
  emailIgnore: 'Si no lo pediste, ignora este correo: sin el NIP nadie puede consultar tu historial.',
  textPin: (pin: string) => `NJ Inmuebles: tu NIP para autorizar la consulta de tu historial crediticio es ${pin}. Vence en 10 minutos. No lo compartas.`,
  authorized: 'Autorizaste la consulta de tu historial crediticio',
  pinInvalid: 'El NIP no es correcto',
  pinExpired: 'El NIP venció: pide uno nuevo',
  noPin: 'Primero pide tu NIP',
  tooManyAttempts: 'Escribiste mal el NIP demasiadas veces: pide uno nuevo',
  waitToResend: (seconds: number) => `Espera ${seconds} segundos para pedir otro NIP`,
  consentRequired: 'Antes de la investigación autoriza la consulta de tu historial crediticio con el NIP que te enviamos',
  pinFormat: 'El NIP son 6 dígitos',
  noContact: 'Agrega tu correo o verifica tu teléfono para recibir el NIP',
  ok: 'OK',
  ui: {
    title: 'Autoriza la consulta de tu buró de crédito',
    send: 'Enviarme el NIP',
    resend: 'Enviar otro NIP',
    pin: 'NIP de 6 dígitos',
    confirm: 'Autorizar',
    authorizedUntil: (date: string) => `Consulta autorizada hasta el ${date}.`,
  },
} as const;

/** POST /api/v1/client/multiburopin — the NIP received. */
export const ZBureauPinBody = z.object({
  pin: z.string({ error: BUREAU_CONSENT_MESSAGES.pinFormat }).trim().regex(/^\d{6}$/, { error: BUREAU_CONSENT_MESSAGES.pinFormat }),
});
/** The signed-in client's authorization (times ISO 8601): authorized until `valid_until`; `pin_sent_to` while a NIP waits. */
export const ZBureauConsent = z.object({
  authorized_at: z.string().nullable(),
  valid_until: z.string().nullable(),
  pin_sent_to: z.string().nullable(),
  resend_in_s: z.number(),
});
export type TBureauConsent = z.infer<typeof ZBureauConsent>;
