import { useLoaderData } from 'react-router';
import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts/staff-panel/messages';
import type { Route } from './+types/ticket';
import { requireSupportPage } from '../modules/staff-panel/staff-access.server.ts';
import { StaffForbidden, StaffSignIn } from '../modules/staff-panel/StaffGate.tsx';
import { StaffTicketPage } from '../modules/staff-panel/StaffTicketPage.tsx';
import { ErrorPage } from '../modules/layout/ErrorPage.tsx';

/** /tickets/{tuid} (issue 14; spec 03 §2 ticket pages by id): support users only — a visitor is asked to sign in, other clients get 403. */
export function loader({ context }: Route.LoaderArgs) {
  return requireSupportPage(context);
}

export const meta = () => [{ title: M.ticketPageTitle }, { name: 'robots', content: 'noindex' }];

export default function TicketRoute() {
  const { access } = useLoaderData<typeof loader>();
  return access === 'ok' ? <StaffTicketPage /> : <StaffSignIn />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = (error as { status?: number } | null)?.status;
  return status === 403 ? <StaffForbidden /> : <ErrorPage status={status ?? 500} />;
}
