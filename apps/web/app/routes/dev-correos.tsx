import { data } from 'react-router';
import type { Route } from './+types/dev-correos';
import { getServices } from '../modules/server/services.server.ts';
import { OutboxPage } from '../modules/accounts/pages.tsx';
import { ErrorPage } from '../modules/layout/ErrorPage.tsx';
import { ACCOUNTS_UI_MESSAGES as M } from '@nj/contracts/accounts/messages';

/** /dev/correos exists only with DEV_OUTBOX=1 outside production (a 404 otherwise); its data comes from the loopback-only API. */
export function loader({ context }: Route.LoaderArgs) {
  const { devOutbox, isProduction } = getServices(context).config;
  if (!devOutbox || isProduction) throw data(null, { status: 404 });
  return null;
}

export const meta = () => [{ title: M.outboxTitle }, { name: 'robots', content: 'noindex' }];

/** /dev/correos — the developers' view of the local outbox (issue 3 "E-mail and messages"). */
export default function DevCorreosRoute() {
  return <OutboxPage />;
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
