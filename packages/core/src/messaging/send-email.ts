import nodemailer, { type Transporter } from 'nodemailer';
import { ACCOUNT_MESSAGES, PRODUCT_NAME } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { EmailMessage, MessagingConfig } from './messaging-config.ts';
import { outboxRepository } from './outbox-repository.ts';

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    t = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, t);
  }
  return t;
}

/**
 * Sends one e-mail (spec 02: PIN, password reset, verification links). With `smtpUrl` it goes through nodemailer
 * over SMTP; without it, outside production, it is kept in the `outbox` table (read at GET /api/dev/outbox).
 *
 * @returns where it went: 'smtp' or 'outbox'
 * @throws AppError UNAVAILABLE 'Error al mandar correo' when the SMTP server refuses it, or in production without
 *   SMTP_URL (nothing is silently dropped)
 */
export async function sendEmail(config: MessagingConfig, message: EmailMessage): Promise<'smtp' | 'outbox'> {
  const links = message.links ?? [];
  const codes = message.codes ?? [];
  if (config.smtpUrl) {
    try {
      await transportFor(config.smtpUrl).sendMail({
        from: config.from ?? `${PRODUCT_NAME} <no-responder@localhost>`,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      return 'smtp';
    } catch (error) {
      console.error('sendEmail: SMTP failed', error instanceof Error ? error.message : error);
      throw new AppError('UNAVAILABLE', ACCOUNT_MESSAGES.sendMailFailed);
    }
  }
  if (config.isProduction) {
    console.error('sendEmail: SMTP_URL is not set in production; e-mail not sent');
    throw new AppError('UNAVAILABLE', ACCOUNT_MESSAGES.sendMailFailed);
  }
  await outboxRepository.insert(config.database, {
    channel: 'email', to: message.to.trim(), subject: message.subject, text: message.text, html: message.html, links, codes,
  });
  return 'outbox';
}

/** Closes the pooled SMTP connections (tests, shutdown). */
export function closeMailTransports(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}
