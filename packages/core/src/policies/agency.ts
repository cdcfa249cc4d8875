import { AGENCY_MESSAGES as M, ASSOCIATION_MESSAGES } from '@nj/contracts';
import { hasPrivilege, isClient, type Actor } from './actor.ts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';

/**
 * What the agency rules look at: its administrator, the actor's own membership state in it (null: none), the
 * agency's 'agents edit every listing' setting and, for one listing, the agent it is assigned to.
 */
export type AgencyRecord = {
  admin_cuid: string; actor_status: 'pending' | 'approved' | 'suspended' | 'removed' | null;
  agents_edit_all?: boolean; listing_agent_cuid?: string | null;
  /** For one listing: false when its owner is outside the agency (only assigned to one of its agents). */
  listing_owned_in_agency?: boolean;
  /** For one listing: its owner (who may always change their own). */
  listing_owner_cuid?: string | null;
  /** 'association' for an association's row (decision 029): its administrator must also hold association_admin. */
  kind?: 'agency' | 'association';
};

const admin = (actor: Actor, a: AgencyRecord): boolean => isClient(actor, a.admin_cuid);

function manage(actor: Actor, a: AgencyRecord): Verdict {
  if (a.kind === 'association') return admin(actor, a) && hasPrivilege(actor, 'association_admin') ? ALLOW : { code: 'FORBIDDEN', msg: ASSOCIATION_MESSAGES.adminOnly };
  return admin(actor, a) ? ALLOW : { code: 'FORBIDDEN', msg: M.adminOnly };
}

function member(actor: Actor, a: AgencyRecord): Verdict {
  return admin(actor, a) || a.actor_status === 'approved' ? ALLOW : { code: 'FORBIDDEN', msg: M.membersOnly };
}

function editListing(actor: Actor, a: AgencyRecord): Verdict {
  if (a.listing_owned_in_agency === false) return { code: 'FORBIDDEN', msg: M.ownerOutside };
  if (admin(actor, a)) return ALLOW;
  if (a.actor_status !== 'approved') return { code: 'FORBIDDEN', msg: M.membersOnly };
  return a.agents_edit_all || isClient(actor, a.listing_agent_cuid) || isClient(actor, a.listing_owner_cuid) ? ALLOW : { code: 'FORBIDDEN', msg: M.assignedOnly };
}

/**
 * Agencies and their agents (issue 15 'Agencies and agents' and 'Rules'; spec 03 §6 Agency, §7 Agencies;
 * decision 028):
 * - search: anyone finds agencies by name (to ask to join one);
 * - create: a signed-in client creates one agency and administers it;
 * - read_own: a signed-in client reads their own agency and their own agent membership;
 * - join: a signed-in client asks to be an agent of an agency (the verb refuses a second membership);
 * - manage: only the agency's administrator (for an association's row, its administrator holding association_admin;
 *   decision 029) changes its settings and logo, lists and decides its agents, assigns its
 *   listings and buys its plans (403 'Solo el administrador de la agencia…' to anyone else, agents included);
 * - list_properties: the administrator and the agency's approved agents see the agency's listings (403 otherwise);
 * - edit_listing: the administrator changes any listing of the agency; an approved agent only those assigned to
 *   them (and their own), or all when the agency allows it (agents_edit_all); anyone else 403. A listing whose owner is outside the
 *   agency (an owner who assigned it to one of its agents) is changed by nobody here (its owner keeps it).
 */
export const agencyPolicy = definePolicy<AgencyRecord, 'search' | 'create' | 'read_own' | 'join' | 'manage' | 'list_properties' | 'edit_listing'>({
  model: 'agency',
  actions: {
    search: { who: 'anyone', doc: 'anyone: agencies by name' },
    create: { who: 'registered', doc: 'signed-in clients (one agency each)' },
    read_own: { who: 'registered', doc: 'signed-in clients, their own agency and membership' },
    join: { who: 'registered', doc: 'signed-in clients ask to be agents' },
    manage: { who: 'registered', doc: "the agency's administrator", rule: manage },
    list_properties: { who: 'registered', doc: "the agency's administrator and approved agents", rule: member },
    edit_listing: { who: 'registered', doc: 'the administrator; an approved agent the listings assigned to them (or all by setting)', rule: editListing },
  },
});
