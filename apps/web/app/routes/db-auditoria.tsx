import { useLoaderData } from 'react-router';
import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';
import type { Route } from './+types/db-auditoria';
import { requireSupportPage } from '../modules/staff-panel/staff-access.server.ts';
import { StaffForbidden, StaffSignIn } from '../modules/staff-panel/StaffGate.tsx';
import { StaffAuditPage } from '../modules/staff-db/StaffAuditPage.tsx';
import { ErrorPage } from '../modules/layout/ErrorPage.tsx';

/** /db/auditoria (issue 14): the staff audit log, support users only — visitors are asked to sign in, other clients get 403. */
export function loader({ context }: Route.LoaderArgs) {
  return requireSupportPage(context);
}

export const meta = () => [{ title: M.auditPageTitle }, { name: 'robots', content: 'noindex' }];

export default function DbAuditRoute() {
  const { access } = useLoaderData<typeof loader>();
  return access === 'ok' ? <StaffAuditPage /> : <StaffSignIn />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = (error as { status?: number } | null)?.status;
  return status === 403 ? <StaffForbidden /> : <ErrorPage status={status ?? 500} />;
}
