import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/carousel/styles.css';
import './app.css';
import { useState, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Scripts, ScrollRestoration, Outlet } from 'react-router';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import { TIMINGS } from '@nj/contracts/search/constants';
import type { Route } from './+types/root';
import { theme } from './modules/layout/theme.ts';
import { ErrorPage } from './modules/layout/ErrorPage.tsx';
import { SessionProvider } from './modules/accounts/session.tsx';
import { AccountModals } from './modules/accounts/AccountModals.tsx';
import { useChatConnectionLifecycle } from './modules/chat/hooks.ts';
import { useNonce } from './modules/layout/nonce.ts';
import { useReplayTypedBeforeHydration } from './modules/layout/typed-before-hydration.ts';

export const meta: Route.MetaFunction = () => [{ title: SEARCH_MESSAGES.defaultTitle }];

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  // Scripts carry the request's CSP nonce (no inline script runs without it; issue 7 §7).
  const nonce = useNonce() || undefined;
  // What a person typed before the page hydrated is given back to React (scripts start after load; issue 9 §8).
  useReplayTypedBeforeHydration();
  return (
    <html lang="es-MX" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light">
          {/* Bottom: toasts never cover a modal's title or the navigation bar, on a phone or a desktop. */}
          <Notifications autoClose={TIMINGS.toastMs} position="bottom-right" limit={4} />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Keeps the chat's one real-time connection while a client is signed in (the nav's live unread count; issue 11). */
function ChatLifecycle() {
  useChatConnectionLifecycle();
  return null;
}

export default function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ChatLifecycle />
        <Outlet />
        <AccountModals />
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** Spanish 404 / 500 page for anything a route did not handle itself. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status} />;
}
