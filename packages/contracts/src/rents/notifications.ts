import { z } from '../common/zod-locale.ts';
import { CHAT_UI_MESSAGES, RENTS_API_MESSAGES as A, RENTS_MESSAGES as M } from './messages.ts';

/**
 * Spanish texts of the chat's e-mail/WhatsApp notifications, the visit invitation and reminder, the unsubscribe link
 * and message attachments (issue 11 'Offline notification', 'Visits', 'Chat' attachments).
 */
export const CHAT_NOTIFICATION_MESSAGES = {
  newMessageSubject: (sender: string) => `Tienes un mensaje nuevo de ${sender}`,
  newMessageAbout: (title: string) => `Sobre la propiedad «${title}»:`,
  newMessageAttachment: (name: string) => `Te envió un archivo: ${name}`,
  newMessageText: (sender: string, title: string, text: string) => `Tienes un mensaje nuevo de ${sender} sobre «${title}»: ${text}`,
  openChat: 'Abrir la conversación',
  /** Footer of every chat notification (the link turns off this conversation's notifications only). */
  unsubscribeFooter: (url: string) => `¿No quieres más avisos de esta conversación? Desactívalos aquí: ${url}`,
  someone: 'Alguien',
  visitConfirmedSubject: (title: string) => `Visita confirmada: ${title}`,
  visitConfirmedBody: (when: string, title: string) => `Tu visita a «${title}» quedó agendada para el ${when}.`,
  visitWith: (name: string) => `Te verás con ${name}.`,
  visitInvitationNote: 'Adjuntamos una invitación de calendario (.ics) para que la agregues a tu agenda.',
  visitReminderSubject: (title: string) => `Recordatorio: tu visita a ${title} es en dos horas`,
  visitReminderBody: (when: string, title: string) => `Te recordamos que tu visita a «${title}» es hoy, ${when}.`,
  visitReminderText: (when: string, title: string) => `Recordatorio: tu visita a «${title}» es hoy, ${when}.`,
  visitEventTitle: (title: string) => `Visita: ${title}`,
  visitEventDescription: 'Visita acordada en el chat de la propiedad.',
  /** The unsubscribe page and its call. */
  unsubscribeInvalid: 'El enlace para dejar de recibir avisos no es válido',
  unsubscribeAsk: (title: string) => `¿Dejar de recibir avisos de mensajes nuevos de la conversación sobre «${title}»?`,
  unsubscribeDone: (title: string) => `Listo: ya no te avisaremos de mensajes nuevos de la conversación sobre «${title}».`,
  unsubscribePageTitle: 'Avisos de mensajes',
  unsubscribeButton: 'Dejar de recibir avisos',
  unsubscribeOpenChat: 'Ir a mis mensajes',
  unsubscribeLoading: 'Cargando…',
  /** Message attachments. */
  attachmentMissing: 'Adjunta un archivo',
  /** The chat page's own text for a file over 50 MB (kept once). */
  attachmentTooLarge: CHAT_UI_MESSAGES.attachmentTooLarge,
  attachmentType: 'El archivo no tiene extension .png .jpeg .webp .pdf o .jpg',
  attachmentUnreadable: 'No pudimos leer el archivo; revisa que no esté dañado',
  attachmentNotFound: 'No encontramos este archivo',
  attachmentBusy: 'Estamos recibiendo muchos archivos; inténtalo de nuevo en un momento',
  attachmentSent: 'Archivo enviado',
} as const;

/** GET/POST /api/v1/notifications/chat/unsubscribe — `token` from the notification's link. */
export const ZUnsubscribeQuery = z.object({ token: z.string({ error: CHAT_NOTIFICATION_MESSAGES.unsubscribeInvalid }).max(300, { error: CHAT_NOTIFICATION_MESSAGES.unsubscribeInvalid }) });
/** POST /api/v1/notifications/chat/unsubscribe?token — the token in the query (RFC 8058 one-click) or the body. */
export const ZUnsubscribePostQuery = z.object({ token: ZUnsubscribeQuery.shape.token.optional() });
export const ZUnsubscribeBody = z.object({ token: z.string({ error: CHAT_NOTIFICATION_MESSAGES.unsubscribeInvalid }).max(300, { error: CHAT_NOTIFICATION_MESSAGES.unsubscribeInvalid }).optional() }).nullish();
/** The answer of both: the conversation's listing title and whether its notifications are off now. */
export const ZUnsubscribeResult = z.object({ ruid: z.string(), title: z.string(), muted: z.boolean() });

/** A chat message's attachment (spec 03 §3 'Chat message' attachment): name, MIME type, size in bytes, storage key. */
export const ZMessageAttachment = z.object({ name: z.string(), mime: z.string(), size: z.number(), key: z.string() });
/** Path `{ ruid, muid }` of GET /api/v1/messages/{ruid}/attachment/{muid}. */
export const ZAttachmentParams = z.object({
  ruid: z.string({ error: A.invalidParam('ruid') }).regex(/^[A-Za-z0-9_-]{3,64}$/, { error: A.invalidParam('ruid') }),
  muid: z.string({ error: A.invalidParam('muid') }).regex(/^[A-Za-z0-9_-]{3,64}$/, { error: A.invalidParam('muid') }),
});
/** POST /api/v1/messages/{ruid}/attachment?client_message_id — the sender's own id of the message (resends are safe). */
export const ZAttachmentQuery = z.object({
  client_message_id: z.string({ error: M.clientMessageIdInvalid }).trim().min(1, { error: M.clientMessageIdInvalid }).max(100, { error: M.clientMessageIdInvalid }).optional(),
});
/** Largest attachment: 50 MB (issue 11 'Chat'). */
export const ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;
/** MIME types a chat attachment may have (checked on the content). */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
