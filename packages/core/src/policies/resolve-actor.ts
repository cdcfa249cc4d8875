import type { Database } from '@nj/db';
import { findSession, type TSession } from '../sessions/find-session.ts';
import { anonymousActor, registeredActor, VISITOR, type Actor } from './actor.ts';

/** The actor of a resolved session (null: a visitor). */
export function actorFromSession(session: TSession | null): Actor {
  if (!session) return VISITOR;
  if (session.isAnonymous) return anonymousActor(session.cuid);
  return registeredActor(session.cuid, { privileges: session.privileges, isAgent: session.isAgent });
}

/**
 * The actor behind a session cookie's token (issue 8 §1), shared by the Fastify hook, the React Router loaders and,
 * later, the socket handshake: VISITOR without a token or for an unknown or expired one; otherwise the anonymous or
 * registered client with its privileges. One query (sessions joined with clients) when there is a token.
 */
export async function resolveActor(options: { database: Database; token: string | undefined }): Promise<Actor> {
  if (!options.token) return VISITOR;
  return actorFromSession(await findSession({ database: options.database, token: options.token }));
}
