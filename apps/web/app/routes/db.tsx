import { useLoaderData } from 'react-router';
import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';
import type { Route } from './+types/db';
import { requireSupportPage } from '../modules/staff-panel/staff-access.server.ts';
import { StaffForbidden, StaffSignIn } from '../modules/staff-panel/StaffGate.tsx';
import { StaffDbPage } from '../modules/staff-db/StaffDbPage.tsx';
import { ErrorPage } from '../modules/layout/ErrorPage.tsx';

/** /db (issue 14 'The database view'; spec 01 §2): support users only — a visitor is asked to sign in, other clients get 403. */
export function loader({ context }: Route.LoaderArgs) {
  return requireSupportPage(context);
}

export const meta = () => [{ title: M.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function DbRoute() {
  const { access } = useLoaderData<typeof loader>();
  return access === 'ok' ? <StaffDbPage /> : <StaffSignIn />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = (error as { status?: number } | null)?.status;
  return status === 403 ? <StaffForbidden /> : <ErrorPage status={status ?? 500} />;
}
