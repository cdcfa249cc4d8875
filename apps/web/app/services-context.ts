import { createContext } from 'react-router';
import type { AppServices } from '@nj/core/app-services';
import type { Actor } from '@nj/core/policies/actor';

/**
 * The server's long-lived services (database, settings, search, places), set by apps/server for every request
 * (apps/server/src/ssr/react-router-handler.ts). Read in loaders with `context.get(servicesContext)`; server only.
 */
export const servicesContext = createContext<AppServices>();

/**
 * This request's CSP nonce, set by apps/server for every page render; entry.server.tsx gives it to React (so the
 * scripts React Router writes carry it) and to the root layout through NonceContext. Server only.
 */
export const nonceContext = createContext<string>('');

/**
 * This request's actor (issue 8 §1) as the server resolved it once for the request (`request.getActor()`, memoized:
 * the page cache's check and every loader share the one session read). A function, so a page that needs no actor
 * reads no session. Set by apps/server for every page render; read through requestActor. Server only.
 */
export const actorContext = createContext<() => Promise<Actor>>();
