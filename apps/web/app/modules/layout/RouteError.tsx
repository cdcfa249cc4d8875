import { isRouteErrorResponse } from 'react-router';
import { ErrorPage } from './ErrorPage.tsx';

/** A route's error boundary: 404 responses with their Spanish message, anything else as the general error. */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: string | null } | null)?.message ?? undefined;
    return <ErrorPage status={error.status} message={message} />;
  }
  console.error(error);
  return <ErrorPage status={500} />;
}
