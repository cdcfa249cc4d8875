import { GUARANTOR_MESSAGES as G, INVITATIONS_PATH, type AvalType } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/**
 * E-mails the invitation of a guarantor (`atype` aval or obligado) or a second renter (`atype` null) to `email`: who
 * asks, the home and its rent, and a link to the invitations page (`/invitaciones?i={iuid}`), where a person without
 * an account signs up with that same address and then sees it (issue 12 'The guarantor'). Sent through the e-mail
 * job (decision 005); a failed delivery is retried by the queue and never fails the naming.
 * @returns nothing; logs (without the address) when the e-mail could not even be queued
 */
export async function sendInvitationEmail(
  deps: { database: Database; messaging: MessagingConfig; publicUrl: string },
  input: { iuid: string; email: string; atype: AvalType | null; renterNickname: string | null; price: number | null; addr: string | null },
): Promise<void> {
  const renter = input.renterNickname?.trim() || 'Un inquilino';
  const url = new URL(`${INVITATIONS_PATH}?i=${encodeURIComponent(input.iuid)}`, deps.publicUrl).toString();
  const subject = input.atype ? G.avalEmailSubject(renter) : G.secondEmailSubject(renter);
  const intro = input.atype ? G.avalEmailIntro(renter, G.avalTypeLabels[input.atype]) : G.secondEmailIntro(renter);
  const body = renderEmail({
    title: G.emailTitle,
    paragraphs: [intro, G.emailRent(input.price === null ? '—' : mxn.format(input.price), input.addr ?? '—'), G.emailHowTo],
    button: { label: G.emailButton, url },
    footer: G.emailFooter,
  });
  try {
    await sendEmail(deps.messaging, { to: input.email, subject, ...body, links: [url], codes: [] });
  } catch (error) {
    console.error(`invitation ${input.iuid}: e-mail not queued: ${error instanceof Error ? error.message : 'error'}`);
  }
}

/**
 * Tells the tenant that the person they named answered (issue 12 'the tenant sees progress'): accepted or rejected,
 * as guarantor or second renter, with a link to the proposal. Sent through the e-mail job; a failure is logged and
 * never fails the answer.
 */
export async function sendAnsweredEmail(
  deps: { messaging: MessagingConfig; publicUrl: string },
  input: { to: string | null; ruid: string; who: string; accepted: boolean; asAval: boolean },
): Promise<void> {
  if (!input.to) return;
  const url = new URL(`/propiedades-contactadas/${encodeURIComponent(input.ruid)}?section=propuesta`, deps.publicUrl).toString();
  const subject = G.answeredSubject(input.who, input.accepted, input.asAval);
  const body = renderEmail({ title: subject, paragraphs: [input.accepted ? G.answeredAccepted : G.answeredRejected], button: { label: G.answeredButton, url } });
  try {
    await sendEmail(deps.messaging, { to: input.to, subject, ...body, links: [url], codes: [] });
  } catch (error) {
    console.error(`answer of ${input.ruid}: e-mail not queued: ${error instanceof Error ? error.message : 'error'}`);
  }
}
