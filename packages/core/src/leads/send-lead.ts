import { randomBytes } from 'node:crypto';
import { LEADS_MESSAGES as L, STATS_MESSAGES, type TLeadContact, type TLeadResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { type RateLimiter, rateKey, requireNotLimited } from '../accounts/rate-limiter.ts';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { normalizePhone } from '../verification/normalize-phone.ts';
import { statsRepository } from '../stats/stats-repository.ts';
import { leadsRepository } from './leads-repository.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { VISITOR, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { leadPolicy } from '../policies/lead.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { OPEN_STEPS } from '../rents/rent-steps.ts';
import { rentsRepository } from '../rents/rents-repository.ts';

/** Contact messages allowed per IP address: 10 per hour. */
export const LEAD_RATE_LIMIT = { limit: 10, windowMs: 60 * 60_000 } as const;

export type LeadDeps = { database: Database; messaging: MessagingConfig; limiter: RateLimiter; publicUrl: string; events?: ChatEvents };

/**
 * A visitor contacts a listing's owner (POST /api/v1/leads/contact; spec 03 §7; issue 4 "Contact"). Rate-limited
 * per IP (10 an hour). The phone is checked with libphonenumber-js (Mexico by default) and stored in E.164. The
 * lead is stored and counted as one inquiry and one lead in the same transaction, then e-mailed to the owner (name,
 * phone, e-mail, message and a link to the listing). A listing with no advertiser account (imported reference
 * listings, owner_cuid null) is refused by leadPolicy (issue 9 §4: the message would reach no one); an owner without
 * e-mail: stored and counted, no e-mail. An e-mail failure keeps the lead (emailed false) and is logged. A signed-in
 * sender (issue 11) also lands in the owner's conversation list: the rent for the pair is created or reused and the
 * message joins it (dynamic_content `{ tag: 'lead', luid }`), unless that conversation is closed; a visitor without
 * an account stays a lead (e-mail and the leads table) since a rent needs two accounts. A listing assigned to an
 * agent (properties.agent_cuid) sends its lead to that agent instead (decision 029): the e-mail, the conversation and
 * the agent's GET /v1/leads; the lead keeps owner_cuid, so the owner still lists it.
 *
 * @param input validated body (ZLeadContact); `senderCuid` the session's client when there is one; `ip` the caller's;
 *   `actor` the caller (default a visitor)
 * @returns `{ luid, emailed }`
 * @throws AppError RATE_LIMITED (429); BAD_REQUEST 'El teléfono no es válido' (field phone); NOT_FOUND 'La propiedad
 *   no existe o ya no está disponible' for an unknown or inactive listing; FORBIDDEN 'Esta propiedad es un anuncio
 *   de referencia sin anunciante…' for a listing without an advertiser account
 */
export async function sendLead(deps: LeadDeps, input: TLeadContact & { senderCuid: string | null; ip: string; actor?: Actor }): Promise<TLeadResult> {
  await requireNotLimited(deps.limiter, [{ key: rateKey('lead', input.ip), ...LEAD_RATE_LIMIT }]);
  let phone: string;
  try {
    phone = normalizePhone(input.phone).e164;
  } catch {
    throw new AppError('BAD_REQUEST', L.phoneInvalid, { phone: L.phoneInvalid });
  }
  const target = await propertiesRepository.findLeadTarget(deps.database, input.puid);
  if (!target) throw new AppError('NOT_FOUND', STATS_MESSAGES.propertyNotFound);
  authorize(input.actor ?? VISITOR, leadPolicy, 'create', target);
  const luid = `l_${randomBytes(8).toString('hex')}`;
  const agent = await leadsRepository.findAssignedAgent(deps.database, target.puid);
  await deps.database.db.transaction().execute(async (trx) => {
    await leadsRepository.insert(trx, {
      luid, puid: target.puid, owner_cuid: target.owner_cuid, sender_cuid: input.senderCuid,
      name: input.name, phone, email: input.email, message: input.message, ip: input.ip, agent_cuid: agent?.cuid ?? null,
    });
    await statsRepository.countLead(trx, target.puid);
  });
  // An assigned listing's lead goes to its agent (decision 029): the conversation and the e-mail; the owner still
  // lists it (GET /v1/leads reads owner_cuid or agent_cuid).
  const recipient = agent ? { cuid: agent.cuid, email: agent.email } : { cuid: target.owner_cuid, email: target.owner_email };
  await leadIntoConversation(deps, input, { puid: target.puid, owner_cuid: recipient.cuid }, luid);
  if (!recipient.email || recipient.cuid === input.senderCuid) return { luid, emailed: false };
  const url = new URL(`/propiedades/${target.slug}`, deps.publicUrl).toString();
  const body = renderEmail({
    title: L.emailTitle,
    paragraphs: [L.emailIntro(input.name, target.title), input.message, L.emailContact(phone, input.email)],
    button: { label: L.emailButton, url },
    footer: L.emailFooter,
  });
  try {
    await sendEmail(deps.messaging, { to: recipient.email, subject: L.emailSubject(target.title), ...body, links: [url], codes: [] });
    await leadsRepository.markEmailed(deps.database, luid);
    return { luid, emailed: true };
  } catch (error) {
    console.error('sendLead: e-mail to the owner failed', error instanceof Error ? error.message : error);
    return { luid, emailed: false };
  }
}

/** A signed-in sender's lead joins the rent between them and the owner (created at hello when new). */
async function leadIntoConversation(
  deps: LeadDeps, input: { actor?: Actor; message: string }, target: { puid: string; owner_cuid: string | null }, luid: string,
): Promise<void> {
  const actor = input.actor;
  if (!actor || actor.kind !== 'registered' || !target.owner_cuid || target.owner_cuid === actor.cuid) return;
  const prices = await deps.database.db.selectFrom('properties').select(['rent_price', 'monthly_maintenance_fee']).where('puid', '=', target.puid).executeTakeFirst();
  const whole = (n: number | null | undefined) => (n == null ? null : Math.round(Number(n)));
  const { rent, created } = await rentsRepository.insertOrGet(deps.database, {
    puid: target.puid, renter_cuid: actor.cuid, owner_cuid: target.owner_cuid, price: whole(prices?.rent_price), maintenance_fee: whole(prices?.monthly_maintenance_fee),
  });
  if (!(OPEN_STEPS as readonly string[]).includes(rent.step)) return;
  const { message } = await rentsRepository.insertMessage(deps.database, {
    ruid: rent.ruid, from_cuid: actor.cuid, to_cuid: target.owner_cuid, cat: 'msg', text: input.message.slice(0, 5000), dynamic_content: { tag: 'lead', luid },
  });
  if (created) deps.events?.publishStepChange({ ruid: rent.ruid, from: 'hello', to: 'hello', renterCuid: actor.cuid, ownerCuid: target.owner_cuid });
  deps.events?.publishMessage({ ruid: rent.ruid, message, from: actor.cuid, to: target.owner_cuid });
}
