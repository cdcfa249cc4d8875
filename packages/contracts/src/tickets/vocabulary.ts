/**
 * Ticket categories and statuses (spec 02 §3 'Ticket categories', 'Ticket status'; spec 03 §3 'Ticket (support)'),
 * with the Spanish names a person reads. Shared by the help modal, the help centre and the staff panel (issue 14).
 */
export const TICKET_CATEGORY_CODES = ['AY', 'ID', 'CR', 'LP', 'RF', 'PG', 'FE', 'OS', 'AG'] as const;
export type TTicketCategory = (typeof TICKET_CATEGORY_CODES)[number];

/** The default category (spec 02 §9 'Default ticket category'). */
export const DEFAULT_TICKET_CATEGORY: TTicketCategory = 'AY';

/** Spanish names of the categories, in the spec's order. */
export const TICKET_CATEGORY_NAMES: Record<TTicketCategory, string> = {
  AY: 'Ayuda general',
  ID: 'Verificación de identidad',
  CR: 'Investigación de inquilino',
  LP: 'Verificación de propietario legítimo',
  RF: 'Programa de referidos',
  PG: 'Pagos y cobranza',
  FE: 'Firma de contrato',
  OS: 'Verificación de obligado solidario',
  AG: 'Verificación de agente',
};

/** Categories whose ticket asks for a day (the calendar picker of the help modal): a payment's or a signing's date. */
export const TICKET_CATEGORIES_WITH_DATE: readonly TTicketCategory[] = ['PG', 'FE'];

export const TICKET_STATUS_CODES = ['sent', 'in_process', 'closed'] as const;
export type TTicketStatus = (typeof TICKET_STATUS_CODES)[number];

/** Spanish labels of the statuses (spec 02 §3). */
export const TICKET_STATUS_LABELS: Record<TTicketStatus, string> = {
  sent: 'Enviado',
  in_process: 'En proceso',
  closed: 'Cerrado',
};

/** The spec's limits (spec 02 §5, §9): at most 10 attachments of at most 50 MB each. */
export const TICKET_LIMITS = { maxAttachments: 10, maxBytes: 50 * 1024 * 1024 } as const;
