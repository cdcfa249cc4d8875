import type { AppServices } from '@nj/core/app-services';
import { requestActor } from './request-actor.server.ts';

/**
 * The signed-in (registered) client of a page request, from its session cookie; undefined for a visitor or an
 * anonymous client, and on any error. Server-rendered cards use it for `is_liked`, so hearts are right on first paint.
 */
export async function registeredCuid(services: AppServices, request: Request): Promise<string | undefined> {
  const actor = await requestActor(services, request);
  return actor.kind === 'registered' ? actor.cuid : undefined;
}
