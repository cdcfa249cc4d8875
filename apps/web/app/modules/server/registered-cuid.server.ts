import { findSession } from '@nj/core/sessions/find-session';
import type { AppServices } from '@nj/core/app-services';
import { readCookie } from '../api/client.ts';

/** The session cookie set by apps/server (plugins/session.ts). */
const SESSION_COOKIE = 'nj_sid';

/**
 * The signed-in (registered) client of a page request, from its session cookie; undefined for a visitor or an
 * anonymous client, and on any error. Server-rendered cards use it for `is_liked`, so hearts are right on first paint.
 */
export async function registeredCuid(services: AppServices, request: Request): Promise<string | undefined> {
  const token = readCookie(request.headers.get('cookie') ?? '', SESSION_COOKIE);
  if (!token) return undefined;
  try {
    const session = await findSession({ database: services.database, token });
    return session && !session.isAnonymous ? session.cuid : undefined;
  } catch {
    return undefined;
  }
}
