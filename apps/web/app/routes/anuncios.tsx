import { useLoaderData } from 'react-router';
import { ADS_MESSAGES as M } from '@nj/contracts/ads/messages';
import type { Route } from './+types/anuncios';
import { requireSupportPage } from '../modules/staff-panel/staff-access.server.ts';
import { StaffForbidden, StaffSignIn } from '../modules/staff-panel/StaffGate.tsx';
import { StaffAdsPage } from '../modules/ads/StaffAdsPage.tsx';
import { ErrorPage } from '../modules/layout/ErrorPage.tsx';

/** /anuncios (issue 16 'Map ads'): support users only — a visitor is asked to sign in, other clients get 403. */
export function loader({ context }: Route.LoaderArgs) {
  return requireSupportPage(context);
}

export const meta = () => [{ title: M.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function AnunciosRoute() {
  const { access } = useLoaderData<typeof loader>();
  return access === 'ok' ? <StaffAdsPage /> : <StaffSignIn />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = (error as { status?: number } | null)?.status;
  return status === 403 ? <StaffForbidden /> : <ErrorPage status={status ?? 500} />;
}
