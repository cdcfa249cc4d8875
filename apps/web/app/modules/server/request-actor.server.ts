import { resolveActor } from '@nj/core/policies/resolve-actor';
import { VISITOR, type Actor } from '@nj/core/policies/actor';
import type { AppServices } from '@nj/core/app-services';
import { readCookie } from '../api/client.ts';

/** The session cookie set by apps/server (plugins/session.ts). */
const SESSION_COOKIE = 'nj_sid';

/**
 * The actor of a page request (issue 8 §1), for loaders: from its session cookie through the same resolver the API
 * uses (resolveActor); VISITOR without a cookie, for an unknown session, and on any error (a page never fails
 * because the session could not be read).
 */
export async function requestActor(services: AppServices, request: Request): Promise<Actor> {
  const token = readCookie(request.headers.get('cookie') ?? '', SESSION_COOKIE);
  if (!token) return VISITOR;
  try {
    return await resolveActor({ database: services.database, token });
  } catch {
    return VISITOR;
  }
}
