import type { Database } from '@nj/db';
import { CRM_MESSAGES as M, type TCrmClientDetail, type TCrmEvent } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository, presentCrmClient } from './crm-repository.ts';
import { crmRecord, loadCrmClientFor } from './crm-scope.ts';
import { crmPolicy } from '../policies/crm.ts';
import { can } from '../policies/policy.ts';
import { crmMembers, presentCrmScope } from './crm-ids.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const chat = (ruid: string) => `/chat?chat=${encodeURIComponent(ruid)}`;

/**
 * GET /v1/crm/clients/{uid} (spec 03 §7 CRM; issue 16 'a client's timeline'): the client, its linked listings and
 * its timeline, newest first: its creation, the notes, the linked listings and — when the client is linked to a
 * product account (converted from a signed-in lead) or shares an e-mail with contact-form messages — their
 * contact-form messages, conversations, visits and rents with the CRM's side (the agency's administrator and
 * agents, or the independent agent).
 * @returns ZCrmClientDetail `{ client, props, timeline: [{ kind, at (ISO), title, text, href }], scope, can_delete }`
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND 'No encontramos ese cliente en tu CRM'
 */
export async function getCrmClient(database: Database, input: { actor: Actor; uid: string }): Promise<TCrmClientDetail> {
  const { scope, row } = await loadCrmClientFor(database, input.actor, input.uid, 'read');
  const [presented, props, notes, activity] = await Promise.all([
    crmRepository.findPresented(database, input.uid),
    crmRepository.listProps(database, input.uid),
    crmRepository.listNotes(database, input.uid),
    crmRepository.productActivity(database, crmMembers(scope), row.linked_cuid, row.email),
  ]);
  const E = M.event;
  const timeline: TCrmEvent[] = [
    { kind: 'created', at: iso(row.created_at), title: E.created, text: null, href: null },
    ...notes.map((n) => ({ kind: 'note' as const, at: iso(n.created_at), title: n.nickname ? `${E.note} · ${n.nickname}` : E.note, text: n.body, href: null })),
    ...props.map((p) => ({ kind: 'listing' as const, at: p.created_at, title: E.listing, text: p.title, href: `/propiedades/${encodeURIComponent(p.slug)}` })),
    ...activity.leads.map((l) => ({ kind: 'lead' as const, at: iso(l.created_at), title: `${E.lead} · ${l.title ?? ''}`, text: l.message, href: null })),
    ...activity.rents.map((r) => ({ kind: 'conversation' as const, at: iso(r.created_at), title: E.conversation, text: r.title ?? '', href: chat(r.ruid) })),
    ...activity.rents.filter((r) => r.step === 'on_rent').map((r) => ({ kind: 'rent' as const, at: iso(r.updated_at), title: E.rent, text: r.title ?? '', href: `/propiedades-contactadas/${encodeURIComponent(r.ruid)}` })),
    ...activity.visits.map((v) => ({ kind: 'visit' as const, at: iso(v.st ?? v.created_at), title: E.visit, text: v.title ?? '', href: chat(v.ruid) })),
  ];
  timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return {
    client: presentCrmClient(presented!), props, timeline, scope: await presentCrmScope(database, scope),
    can_delete: can(input.actor, crmPolicy, 'delete', crmRecord(scope, row)),
  };
}
