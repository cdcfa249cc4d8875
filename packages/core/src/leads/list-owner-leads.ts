import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { leadPolicy } from '../policies/lead.ts';
import { ownRecords } from '../policies/policy.ts';
import { leadsRepository } from './leads-repository.ts';

/** Leads per page of listOwnerLeads. */
export const OWNER_LEADS_PAGE_SIZE = 20;

/**
 * The contact-form messages people without an account sent about the actor's listings (GET /v1/leads?page; issue 11:
 * 'the lead form stays for visitors … and is delivered into the same conversation list of the owner'), newest first,
 * 20 a page. A signed-in sender's lead is a conversation already and is not repeated here.
 * @returns `{ leads: [{ luid, puid, title, slug, name, phone, email, message, created_at (ISO) }], page, hasMore }`
 * @throws AppError UNAUTHORIZED unless signed in
 */
export async function listOwnerLeads(database: Database, input: { actor: Actor; page?: number }) {
  const cuid = ownRecords(input.actor, leadPolicy, 'list_own');
  const page = Math.max(1, input.page ?? 1);
  const rows = await leadsRepository.listForOwner(database, cuid, { limit: OWNER_LEADS_PAGE_SIZE + 1, offset: (page - 1) * OWNER_LEADS_PAGE_SIZE });
  return {
    leads: rows.slice(0, OWNER_LEADS_PAGE_SIZE).map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    page,
    hasMore: rows.length > OWNER_LEADS_PAGE_SIZE,
  };
}
