import { CRM_MESSAGES as M } from '@nj/contracts';
import { isClient, type Actor } from './actor.ts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';

/**
 * What the CRM rules look at (issue 16; decision 032): the actor's role in the CRM (`role`: administrator or approved
 * agent of the agency whose CRM it is, the independent agent who owns it, or null: none) and, for one client, who
 * created it, who it is assigned to and whether the agency lets its agents see every client (`see_all`).
 */
export type CrmRecord = {
  role: 'admin' | 'agent' | 'independent' | null;
  owner_cuid?: string; assigned_to?: string | null; see_all?: boolean;
};

const notFound = { code: 'NOT_FOUND', msg: M.notFound } as const;

function use(_actor: Actor, r: CrmRecord): Verdict {
  return r.role ? ALLOW : { code: 'FORBIDDEN', msg: M.agentsOnly };
}

function read(actor: Actor, r: CrmRecord): Verdict {
  if (r.role === 'admin' || r.role === 'independent') return ALLOW;
  if (r.role === 'agent' && (r.see_all || isClient(actor, r.assigned_to) || isClient(actor, r.owner_cuid))) return ALLOW;
  return notFound;
}

function remove(actor: Actor, r: CrmRecord): Verdict {
  const seen = read(actor, r);
  if (seen !== ALLOW) return seen;
  return r.role === 'agent' && !isClient(actor, r.owner_cuid) ? { code: 'FORBIDDEN', msg: M.adminDeletes } : ALLOW;
}

function assign(actor: Actor, r: CrmRecord): Verdict {
  const seen = read(actor, r);
  if (seen !== ALLOW) return seen;
  return r.role === 'agent' ? { code: 'FORBIDDEN', msg: M.adminAssigns } : ALLOW;
}

/**
 * The CRM (issue 16 'CRM', 'Leads'; spec 03 §3 CRM client, §7 CRM; decision 032). A CRM belongs to an agency (its
 * administrator and approved agents use it) or to an independent agent (a client with the agent flag and no agency).
 * - use: list, create and import clients, see the documents space and the lead history: the agency's administrator
 *   or an approved agent, or an independent agent (403 'El CRM es para asesores…' to other signed-in clients);
 * - read / update (a client, its listings, notes, partner): the administrator all of the agency's; an agent those
 *   assigned to them or created by them, or all when the agency allows it (crm_agents_see_all); the independent
 *   agent their own; anyone else 404 (another agency's client is not revealed);
 * - assign: the administrator (among the agency's approved agents) and the independent agent (to themselves);
 *   an agent who sees the client 403, anyone else 404;
 * - delete (the client with its notes, links and documents): the administrator, the independent agent, and an agent
 *   the clients they created; an agent who only sees the client 403 'Solo el administrador…', anyone else 404.
 */
export const crmPolicy = definePolicy<CrmRecord, 'use' | 'read' | 'update' | 'assign' | 'delete'>({
  model: 'crm',
  actions: {
    use: { who: 'registered', doc: "agencies' administrators and approved agents, independent agents", rule: use },
    read: { who: 'registered', doc: 'who sees the client in their CRM (administrator: all; agent: assigned, created, or all by setting)', rule: read },
    update: { who: 'registered', doc: 'who sees the client in their CRM', rule: read },
    assign: { who: 'registered', doc: "the agency's administrator; an independent agent their own", rule: assign },
    delete: { who: 'registered', doc: "the agency's administrator; an independent agent their own; an agent the clients they created", rule: remove },
  },
});
