import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/carousel/styles.layer.css';
import './app.css';
import { useMemo, useState, type ReactNode } from 'react';
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
import { getServices } from './modules/server/services.server.ts';
import { requestSite } from './modules/sites/site.server.ts';
import { requestActor } from './modules/server/request-actor.server.ts';
import { siteForViewer } from '@nj/core/sites/site-for-viewer';
import { registeredCuidOf } from '@nj/core/policies/actor';
import { useSite, type RootSiteData } from './modules/sites/use-site.ts';
import { siteCssVariables, siteTheme } from './modules/sites/site-theme.ts';

/**
 * The site of the request's host for every page (issue 15 'White-label sites'; decision 030): the branded site
 * (findSiteByHost) or null on the product's own host, and the product's origin. Read by useSite(). Not reloaded on
 * client navigations (the host does not change).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<RootSiteData> {
  const services = getServices(context);
  const site = await requestSite(services, request);
  // A private site's content only for its members (decision 030).
  const viewed = site?.is_private ? await siteForViewer(services.database, site, registeredCuidOf(await requestActor(context)) ?? null) : site;
  return { site: viewed, productOrigin: services.config.productOrigin };
}

export const shouldRevalidate = () => false;

// On a branded host the default title is the site's page name (spec 03 §2: the title follows the site).
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.site ? (loaderData.site.custom_page_name || loaderData.site.name) : SEARCH_MESSAGES.defaultTitle },
];

export function Layout({ children }: { children: ReactNode }) {
  // Scripts carry the request's CSP nonce (no inline script runs without it; issue 7 §7).
  const nonce = useNonce() || undefined;
  // What a person typed before the page hydrated is given back to React (scripts start after load; issue 9 §8).
  useReplayTypedBeforeHydration();
  // A branded host's colours, icon and CSS variables (issue 15; spec 03 §2 'Branded sites').
  const site = useSite();
  const pageTheme = useMemo(() => siteTheme(theme, site), [site]);
  return (
    <html lang="es-MX" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {site?.logo ? <link rel="icon" href={site.logo} /> : <link rel="icon" href="/favicon.svg" type="image/svg+xml" />}
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
      </head>
      <body style={siteCssVariables(site)} data-site={site ? site.uid : undefined}>
        <MantineProvider theme={pageTheme} defaultColorScheme="light">
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
