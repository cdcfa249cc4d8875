import { isPrivilege, type Privilege } from '@nj/contracts/policies/privileges';

export { PRIVILEGES, isPrivilege, type Privilege } from '@nj/contracts/policies/privileges';

/**
 * Who is asking (issue 8 §1): resolved once per request (apps/server/src/plugins/actor.ts), per React Router loader
 * and per socket handshake from the session cookie (resolveActor), then handed to every core verb and policy.
 * - `visitor`: no session at all (no client row);
 * - `anonymous`: a session with an anonymous client (spec 01 §5: search, likes pushes);
 * - `registered`: a signed-in client, with its privileges and the agent flag.
 * Memberships (agency, association, site) join here with the issues that bring them.
 */
export type Actor =
  | { kind: 'visitor'; cuid: null; privileges: readonly Privilege[]; isAgent: false }
  | { kind: 'anonymous'; cuid: string; privileges: readonly Privilege[]; isAgent: false }
  | { kind: 'registered'; cuid: string; privileges: readonly Privilege[]; isAgent: boolean };

/** A signed-in actor. */
export type RegisteredActor = Extract<Actor, { kind: 'registered' }>;

/** The actor of a request without a session. */
export const VISITOR: Actor = Object.freeze({ kind: 'visitor', cuid: null, privileges: [], isAgent: false });

/** The actor of an anonymous client `cuid`. */
export function anonymousActor(cuid: string): Actor {
  return { kind: 'anonymous', cuid, privileges: [], isAgent: false };
}

/**
 * The actor of the registered client `cuid`; `privileges` from `clients.privileges` (unknown strings are dropped,
 * so a typo in the database grants nothing).
 */
export function registeredActor(cuid: string, options: { privileges?: readonly string[] | null; isAgent?: boolean } = {}): RegisteredActor {
  return { kind: 'registered', cuid, privileges: (options.privileges ?? []).filter(isPrivilege), isAgent: options.isAgent ?? false };
}

/** True for a signed-in actor. */
export function isRegistered(actor: Actor): actor is RegisteredActor {
  return actor.kind === 'registered';
}

/** The client id of a signed-in actor, else undefined (whose likes mark the cards, whose own listings a search shows). */
export function registeredCuidOf(actor: Actor | undefined): string | undefined {
  return actor && isRegistered(actor) ? actor.cuid : undefined;
}

/** True when the actor holds `privilege` (only registered clients hold any). */
export function hasPrivilege(actor: Actor, privilege: Privilege): boolean {
  return actor.kind === 'registered' && actor.privileges.includes(privilege);
}

/** True when the actor is the client `cuid` (never for a visitor or a null owner). */
export function isClient(actor: Actor, cuid: string | null | undefined): boolean {
  return actor.cuid !== null && cuid != null && actor.cuid === cuid;
}
