import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { AGENCY_MESSAGES, type TLeadInteractionsPage } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { resolveCrmScope, scopeMembers, type CrmScope } from '../crm/crm-scope.ts';
import { leadInteractionsRepository } from './lead-interactions-repository.ts';

/** Interactions per page of listLeadInteractions. */
export const LEAD_INTERACTIONS_PAGE_SIZE = 20;

/** SQL condition on `crm_clients as c`: the clients of the scope's CRM (whichever agent they are assigned to). */
export function crmOfScope(scope: CrmScope) {
  return scope.auid ? sql<boolean>`c.auid = ${scope.auid}` : sql<boolean>`(c.auid IS NULL AND c.owner_cuid = ${scope.cuid})`;
}

/**
 * The clients whose listings' leads the actor sees: with `agency` (their own agency's auid) the agency's
 * administrator and approved agents for its administrator (or for agents when the agency lets them see all),
 * otherwise the actor alone (listings they publish or that are assigned to them).
 * @throws AppError NOT_FOUND 'No encontramos esa agencia' for an agency that is not the actor's
 */
export function leadMembers(scope: CrmScope, agency: string | undefined) {
  if (agency === undefined) return sql`(SELECT ${scope.cuid}::text)`;
  if (agency !== scope.auid) throw new AppError('NOT_FOUND', AGENCY_MESSAGES.notFound);
  return scopeMembers(scope);
}

/**
 * GET /v1/leads/interactions?page&agency&puid (spec 03 §7 Leads; issue 16 'Leads'): every contact (the contact form
 * of people without an account), message, visit and offer (a conversation, by its furthest step) on the actor's
 * listings — or, with `agency`, on the agency's — newest first, 20 a page, each with its first-response time in
 * seconds (null for contact-form messages, answered outside the site, and unanswered conversations), its advertiser,
 * the CRM client made from it ('Convertir en cliente') and a link for the party that answers it.
 * @returns ZLeadInteractionsPage `{ interactions, page, has_more }`
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'; NOT_FOUND 'No encontramos esa agencia'
 */
export async function listLeadInteractions(database: Database, input: { actor: Actor; page: number; agency?: string | undefined; puid?: string | undefined }): Promise<TLeadInteractionsPage> {
  const scope = await resolveCrmScope(database, input.actor);
  const size = LEAD_INTERACTIONS_PAGE_SIZE;
  const rows = await leadInteractionsRepository.page(database, leadMembers(scope, input.agency), crmOfScope(scope), { puid: input.puid, limit: size + 1, offset: (input.page - 1) * size });
  return {
    interactions: rows.slice(0, size).map((r) => {
      const [tag, id] = r.ref.split(':') as [string, string];
      const mine = r.party_cuid === scope.cuid;
      return {
        ref: r.ref, kind: r.kind, puid: r.puid, title: r.title ?? '', slug: r.slug ?? r.puid, name: r.name ?? '', email: r.email, phone: r.phone,
        message: r.message, at: new Date(r.at).toISOString(),
        first_response_seconds: r.first_response_seconds == null ? null : Math.max(0, Number(r.first_response_seconds)),
        agent: r.agent_cuid ? { cuid: r.agent_cuid, nickname: r.agent_nickname } : null, crm_uid: r.crm_uid,
        href: !mine ? null : tag === 'lead' ? `/chat?tab=formulario&lead=${encodeURIComponent(id)}` : `/chat?chat=${encodeURIComponent(id)}`,
      };
    }),
    page: input.page,
    has_more: rows.length > size,
  };
}
