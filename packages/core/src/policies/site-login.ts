import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';
import type { Actor } from './actor.ts';

/** What the rule of `continue` looks at: whether the site is private and whether the actor is one of its members. */
export type SiteLoginRecord = { is_private: boolean; is_member: boolean };

function mayEnter(_actor: Actor, site: SiteLoginRecord): Verdict {
  return !site.is_private || site.is_member ? ALLOW : { code: 'FORBIDDEN', msg: M.membersOnly };
}

/**
 * The central login of branded sites (issue 15 'Branded login'; spec 03 §2, §6 'Association/agency client', §7
 * POST /v1/auth/*; decision 031):
 * - start: anyone asks which registered site a `return_to` names and whether they are signed in;
 * - continue: a signed-in client gets a one-time token for the site; a private site only for its members
 *   (isSiteMember), anyone else 403 'Este sitio es privado…';
 * - exchange: anyone holding a token (the credential) exchanges it on the site's own host, once.
 */
export const siteLoginPolicy = definePolicy<SiteLoginRecord, 'start' | 'continue' | 'exchange'>({
  model: 'site_login',
  actions: {
    start: { who: 'anyone', doc: 'anyone: which registered site asks' },
    continue: { who: 'registered', doc: 'signed-in clients; a private site only its members', rule: mayEnter },
    exchange: { who: 'anyone', doc: 'anyone with a one-time token, on the site it was issued for' },
  },
});
