import { data, type RouterContextProvider } from 'react-router';
import { hasPrivilege, isRegistered } from '@nj/core/policies/actor';
import { requestActor } from '../server/request-actor.server.ts';

/**
 * The support panel's page gate (issue 14 '/tickets'; spec 02 §6 'Support staff'): a support user gets
 * `{ access: 'ok' }`; a visitor or anonymous client `{ access: 'signin' }` with status 401 (the page asks them to sign
 * in); a signed-in client without the support privilege gets the 403 response, which the route's ErrorBoundary
 * renders as the Spanish 'No tienes acceso' page.
 */
export async function requireSupportPage(context: Readonly<RouterContextProvider>) {
  const actor = await requestActor(context);
  if (!isRegistered(actor)) return data({ access: 'signin' as const }, { status: 401, headers: { 'Cache-Control': 'no-store' } });
  if (!hasPrivilege(actor, 'support')) throw data(null, { status: 403 });
  return data({ access: 'ok' as const }, { headers: { 'Cache-Control': 'no-store' } });
}
