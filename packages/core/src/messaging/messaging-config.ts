import type { Database } from '@nj/db';

/**
 * What sending needs: the database (outbox), the SMTP URL (nodemailer; unset = keep e-mails in the outbox outside
 * production), whether this is production (no outbox there), and the sender address.
 */
export type MessagingConfig = {
  database: Database;
  smtpUrl?: string | undefined;
  isProduction: boolean;
  /** 'From' header; default `NJ Inmuebles <no-responder@localhost>` (MAIL_FROM). */
  from?: string | undefined;
};

/** An e-mail: Spanish plain text and HTML; `links` and `codes` are the URLs and PINs in it (kept in the outbox). */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links?: string[];
  codes?: string[];
  /** Files sent with it (e.g. the .ics invitation of a confirmed visit), content as text (UTF-8). */
  attachments?: EmailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) of the chat's notifications. */
  headers?: Record<string, string>;
};

/** One file of an e-mail: its name, MIME type (e.g. 'text/calendar; charset=utf-8; method=REQUEST') and text content. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

/** An SMS or WhatsApp message; `codes` are the verification codes in it. */
export type TextMessage = {
  channel: 'sms' | 'whatsapp';
  /** E.164 number, e.g. +525512345678. */
  to: string;
  text: string;
  codes?: string[];
};
