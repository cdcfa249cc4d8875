import type { RouterContextProvider } from 'react-router';
import { PROFILE_MESSAGES } from '@nj/contracts/profiles/messages';
import type { TPublicProfile } from '@nj/contracts/profiles/schemas';
import { getPublicProfile } from '@nj/core/profiles/get-public-profile';
import { getServices, isNotFound, notFound } from '../server/services.server.ts';
import { requestActor } from '../server/request-actor.server.ts';

const UID = /^[A-Za-z0-9_-]{3,64}$/;

/**
 * The profile of /perfil?u={uid} (the same verb as GET /api/v1/clients/{uid}/profile: profilePolicy's public columns
 * only). A missing, malformed or unknown `u` (or an anonymous client's) throws the 404 response with
 * 'No encontramos este perfil', which the route's ErrorBoundary renders as the Spanish not-found page.
 */
export async function loadProfile(context: Readonly<RouterContextProvider>, url: URL): Promise<TPublicProfile> {
  const uid = url.searchParams.get('u')?.trim() ?? '';
  if (!UID.test(uid)) notFound(PROFILE_MESSAGES.notFound);
  try {
    return await getPublicProfile(getServices(context).database, { actor: await requestActor(context), uid });
  } catch (error) {
    if (isNotFound(error)) notFound(PROFILE_MESSAGES.notFound);
    throw error;
  }
}
