import type { RouterContextProvider } from 'react-router';
import { VISITOR, type Actor } from '@nj/core/policies/actor';
import { actorContext } from '../../services-context.ts';

/**
 * The actor of a page request (issue 8 §1), for loaders: the one the server resolved for this request from its
 * session cookie (resolveActor through `request.getActor()`, shared with the page cache's check, so a page reads the
 * session at most once); VISITOR on any error (a page never fails because the session could not be read).
 */
export async function requestActor(context: Readonly<RouterContextProvider>): Promise<Actor> {
  try {
    return await context.get(actorContext)();
  } catch {
    return VISITOR;
  }
}
