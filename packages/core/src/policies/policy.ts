import { COMMON_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { hasPrivilege, type Actor, type Privilege } from './actor.ts';

/**
 * Who may attempt an action at all, before any record is looked at (issue 8 §1): `anyone` (visitors too),
 * `client` (any session, anonymous included), `registered` (signed in), or a privilege (signed in and holding it).
 */
export type Who = 'anyone' | 'client' | 'registered' | Privilege;

/** A refusal: the AppError code and the Spanish message the person reads. */
export type Denial = { code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'GONE'; msg: string };

/** A rule's answer: true to allow, a Denial to refuse. */
export type Verdict = true | Denial;

/**
 * One action of a model: `who` may attempt it, and `rule` (when the action is about one record) decides on the
 * record. `doc` says in Spanish-free words who may do it, for ARCHITECTURE and the matrix test's report.
 */
export type PolicyAction<R> = { who: Who; doc: string; rule?: (actor: Actor, record: R) => Verdict };

/** The policy of one model: its actions by name (`packages/core/src/policies/<model>.ts`). */
export type Policy<R = never, A extends string = string> = { model: string; actions: Record<A, PolicyAction<R>> };

/** Declares a policy (keeps the record type and the action names for `authorize`). */
export function definePolicy<R, A extends string>(policy: Policy<R, A>): Policy<R, A> {
  return policy;
}

/** True when `actor` is among `who`. */
export function admits(actor: Actor, who: Who): boolean {
  switch (who) {
    case 'anyone': return true;
    case 'client': return actor.kind !== 'visitor';
    case 'registered': return actor.kind === 'registered';
    default: return hasPrivilege(actor, who);
  }
}

/** The refusal for an actor `who` does not admit: 401 'Es necesario iniciar sesión…' unless signed in, else 403. */
export function whoDenial(actor: Actor, who: Who): Denial {
  return actor.kind === 'registered' ? { code: 'FORBIDDEN', msg: COMMON_MESSAGES.forbidden } : { code: 'UNAUTHORIZED', msg: COMMON_MESSAGES.loginRequired };
}

/**
 * The verdict of `policy.actions[action]` for `actor`: first `who`, then the rule on `record` when one is given.
 * Without a record only `who` is decided (the route-level check; the core verb decides on the record).
 */
export function decide<R, A extends string>(actor: Actor, policy: Policy<R, A>, action: A, ...record: [] | [R]): Verdict {
  const entry = policy.actions[action];
  if (!admits(actor, entry.who)) return whoDenial(actor, entry.who);
  if (record.length && entry.rule) return entry.rule(actor, record[0] as R);
  return true;
}

/** True when `actor` may do `action` (on `record`, when given). */
export function can<R, A extends string>(actor: Actor, policy: Policy<R, A>, action: A, ...record: [] | [R]): boolean {
  return decide(actor, policy, action, ...record) === true;
}

/**
 * Checks access on a core verb's first line (issue 8 §1). Returns nothing when allowed.
 * @throws AppError with the denial's code (UNAUTHORIZED 401, FORBIDDEN 403, NOT_FOUND 404, GONE 410) and message
 */
export function authorize<R, A extends string>(actor: Actor, policy: Policy<R, A>, action: A, ...record: [] | [R]): void {
  const verdict = decide(actor, policy, action, ...record);
  if (verdict !== true) throw new AppError(verdict.code, verdict.msg);
}

/**
 * The client id of a signed-in actor, for verbs whose data is the actor's own (their likes, drafts, references).
 * @throws AppError UNAUTHORIZED 'Es necesario iniciar sesión para continuar' for a visitor or an anonymous client
 */
export function ownCuid(actor: Actor): string {
  if (actor.kind !== 'registered') throw new AppError('UNAUTHORIZED', COMMON_MESSAGES.loginRequired);
  return actor.cuid;
}

/**
 * For verbs over the actor's own records (their references, rewards, referrals): checks `who` of `action` and returns
 * the client id every query of the verb is scoped to (`WHERE cuid = …`), so another client's records are never reached.
 * @throws AppError UNAUTHORIZED / FORBIDDEN as `authorize`
 */
export function ownRecords<R, A extends string>(actor: Actor, policy: Policy<R, A>, action: A): string {
  authorize(actor, policy, action);
  return ownCuid(actor);
}

/** Allowed. */
export const ALLOW: Verdict = true;
