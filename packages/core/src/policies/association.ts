import { ASSOCIATION_MESSAGES as M, COMMON_MESSAGES } from '@nj/contracts';
import { hasPrivilege, isClient, type Actor } from './actor.ts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';

/**
 * What the association rules look at: the association's administrator and, for its directory, whether its site is
 * private and whether the actor is a member of that site (isSiteMember).
 */
export type AssociationRecord = { admin_cuid: string; is_private?: boolean; actor_is_member?: boolean };

function manage(actor: Actor, a: AssociationRecord): Verdict {
  return isClient(actor, a.admin_cuid) && hasPrivilege(actor, 'association_admin') ? ALLOW : { code: 'FORBIDDEN', msg: M.adminOnly };
}

function directory(actor: Actor, a: AssociationRecord): Verdict {
  if (!a.is_private || a.actor_is_member) return ALLOW;
  return actor.kind === 'registered' ? { code: 'FORBIDDEN', msg: COMMON_MESSAGES.forbidden } : { code: 'UNAUTHORIZED', msg: COMMON_MESSAGES.loginRequired };
}

/**
 * Associations (issue 15 'Associations grouped by state', /associations-control-panel, 'Directory' and 'Rules';
 * spec 01 §2, §3 'Association and directory', §6 privileges; spec 03 §3 Agency, §7 Agencies; decision 029):
 * - list: anyone reads the associations by state and an association's approved member agencies (public fields);
 * - directory: anyone reads a public association's directory; a private one's only its site's members (401 for
 *   visitors and anonymous clients, 403 for other clients);
 * - create / read_own: holders of the association_admin privilege create one association and read it;
 * - manage: only the association's administrator, while they hold association_admin, changes it and decides its
 *   member agencies (403 'Solo el administrador de la asociación…' to anyone else, agency administrators included);
 * - join: a signed-in client asks, for the agency they administer, to join an association (the verb checks the agency).
 */
export const associationPolicy = definePolicy<AssociationRecord, 'list' | 'directory' | 'create' | 'read_own' | 'manage' | 'join'>({
  model: 'association',
  actions: {
    list: { who: 'anyone', doc: 'anyone: associations by state, an association\'s member agencies' },
    directory: { who: 'anyone', doc: 'anyone; a private association\'s directory only its site\'s members', rule: directory },
    create: { who: 'association_admin', doc: 'association_admin holders (one association each)' },
    read_own: { who: 'association_admin', doc: 'association_admin holders, their own association' },
    manage: { who: 'association_admin', doc: 'the association\'s administrator holding association_admin', rule: manage },
    join: { who: 'registered', doc: 'an agency\'s administrator asks for their agency' },
  },
});
