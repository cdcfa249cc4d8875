import { data } from 'react-router';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';
import { ErrorPage } from '../modules/layout/ErrorPage.tsx';

/** Any path no route knows: the Spanish 404 page with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: N.notFoundTitle }, { name: 'robots', content: 'noindex' }];

export default function NotFoundRoute() {
  return <ErrorPage status={404} />;
}
