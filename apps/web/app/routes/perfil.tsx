import { PROFILE_MESSAGES } from '@nj/contracts/profiles/messages';
import { RouteError } from '../modules/layout/RouteError.tsx';
import { ProfilePage } from '../modules/profile/ProfilePage.tsx';
import { loadProfile } from '../modules/profile/profile-loader.server.ts';
import type { Route } from './+types/perfil';

/**
 * /perfil?u={uid} (spec 02 §2 'Profile of a client'; issue 11): a client's public profile, server-rendered. A missing
 * or unknown `u` answers 404 with 'No encontramos este perfil'. Never indexed (a person's page, not a listing).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { profile: await loadProfile(context, new URL(request.url)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? PROFILE_MESSAGES.pageTitle(loaderData.profile.nickname ?? PROFILE_MESSAGES.noName) : PROFILE_MESSAGES.notFoundPageTitle },
  { name: 'robots', content: 'noindex' },
];

export default function PerfilRoute({ loaderData }: Route.ComponentProps) {
  return <ProfilePage profile={loaderData.profile} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
