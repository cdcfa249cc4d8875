import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { isBotUserAgent } from '@nj/core';
import type { AppServices } from '../services.ts';
import { isApiPath } from '../plugins/errors.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { encodePage, PageCache, type CachedPage } from './page-cache.ts';

/** Where `react-router build` writes by default (apps/web/build); WEB_BUILD_DIR (config.webBuildDir) overrides it. */
export const WEB_BUILD_DIR = join(import.meta.dirname, '../../../web/build');

/** Statuses of a page worth sharing between anonymous visitors (a listing, a not-found, a gone listing). */
const CACHEABLE_STATUS = new Set([200, 404, 410]);
/** Largest page body kept in the micro-cache, bytes. */
const MAX_CACHED_PAGE = 2 * 1024 * 1024;
/** A shared render gives up after this long (no single visitor's disconnect aborts it), ms. */
const SHARED_RENDER_TIMEOUT_MS = 10_000;
/**
 * A listing's detail page in the form the index's change listener drops (below): /propiedades/{slug or puid}, lower
 * case, whatever the query string. Only these are kept PAGE_CACHE_DETAIL_MS; a code (NJ-1A2B) or another spelling of
 * the slug is kept the short PAGE_CACHE_MS, since a change to the listing could not find it by that name.
 */
const CANONICAL_DETAIL_PATH = /^\/propiedades\/(?!nj-)[a-z0-9_-]+(?:\?|$)/;

/**
 * Serves the React Router app: hashed assets from build/client with a one-year cache (their Brotli or gzip copy
 * written by the build when the browser accepts it), public files with a short one, and every other non-/api path
 * through React Router's server rendering. Loaders receive the AppServices as their load context
 * (`context.get(servicesContext)` — see apps/web/app/services-context.ts).
 *
 * Pages for visitors without a registered session (no session cookie, or an anonymous/expired one) are rendered
 * once per URL every few seconds and shared (PageCache; issue 7 "Under load"): only GET, only 200/404/410, never a
 * render that sets a cookie or says `private`/`no-store`; concurrent misses render once; an expired page is served
 * for a few more seconds while one request renders it again in the background; a listing's detail pages are
 * dropped as soon as the search index applies a change to it; the CSP nonce of the
 * request (`request.cspNonce`, when a hook sets one) replaces the cached page's. Signed-in visitors always get a
 * fresh render. Answers carry `X-Page-Cache: hit | stale | miss | coalesced | bypass`.
 * Throws at start when the web app has not been built (`npm run build`).
 */
export async function registerReactRouter(
  app: FastifyInstance, services: AppServices, options: { pageCache?: { ttlMs: number; staleMs?: number; maxEntries: number; detailTtlMs?: number } } = {},
): Promise<void> {
  const buildDir = services.config.webBuildDir ? resolve(services.config.webBuildDir) : WEB_BUILD_DIR;
  const serverEntry = join(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error('The web app is not built: run `npm run build` (npm start does it for you)');
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // entry.server.tsx exports the context keys its loaders read the services and the CSP nonce from.
  const entry = build.entry.module as {
    servicesContext?: Parameters<RouterContextProvider['set']>[0]; nonceContext?: Parameters<RouterContextProvider['set']>[0];
    actorContext?: Parameters<RouterContextProvider['set']>[0];
  };
  const { servicesContext, nonceContext, actorContext } = entry;
  const handle = createRequestHandler(build, services.config.isProduction ? 'production' : 'development');

  await app.register(fastifyStatic, {
    root: join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // The web build writes .br and .gz copies of its scripts and styles (apps/web/vite/precompress-plugin.ts): sent
    // as they are instead of compressed on each request (issue 9 §8).
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  // PAGE_CACHE_MS, PAGE_CACHE_STALE_MS, PAGE_CACHE_ENTRIES, read at start (ServerConfig.pageCache).
  const settings = options.pageCache ?? services.config.pageCache;
  const cache = settings.ttlMs > 0
    ? new PageCache({ ttlMs: settings.ttlMs, staleMs: settings.staleMs ?? 0, maxEntries: settings.maxEntries, maxBytes: 64 * 1024 * 1024 })
    : null;
  // A listing this process's index sees change (edited, deactivated, deleted) loses its cached detail pages at
  // once: /propiedades/{slug or id}, whatever the query string.
  if (cache) {
    services.search.index.onChange((keys) => {
      const paths = new Set(keys.map((k) => `/propiedades/${encodeURIComponent(k)}`));
      cache.deleteWhere((key) => {
        const path = key.slice(key.indexOf('/', key.indexOf('://') + 3)).split('?')[0]!;
        return paths.has(path);
      });
    });
  }

  /** React Router's answer to a Fastify request; `shared` renders are not aborted by this visitor leaving. */
  const run = (request: FastifyRequest, reply: FastifyReply, shared: boolean): Promise<Response> => {
    const url = pageUrl(request);
    const headers = new Headers();
    for (const [k, v] of Object.entries(request.headers)) {
      if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
      else if (v !== undefined) headers.set(k, String(v));
    }
    let signal: AbortSignal;
    if (shared) {
      signal = AbortSignal.timeout(SHARED_RENDER_TIMEOUT_MS);
    } else {
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      signal = controller.signal;
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const webRequest = new Request(url, {
      method: request.method,
      headers,
      signal,
      ...(hasBody ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    const context = new RouterContextProvider();
    if (servicesContext) context.set(servicesContext, services);
    if (nonceContext) context.set(nonceContext, request.cspNonce);
    // The request's actor, resolved at most once (the session read is shared with the page cache's check).
    if (actorContext) context.set(actorContext, () => request.getActor());
    return handle(webRequest, context);
  };

  /** True when this request may get (and feed) the shared anonymous page: GET, and no registered session. */
  const anonymousGet = async (request: FastifyRequest): Promise<boolean> => {
    if (!cache || request.method !== 'GET') return false;
    if (!request.cookies[SESSION_COOKIE]) return true;
    try {
      return (await request.getActor()).kind !== 'registered';
    } catch {
      return false;
    }
  };

  /** A finished render as a cache entry, or null when it must not be shared. */
  const toCached = async (response: Response, nonce: string | undefined): Promise<CachedPage | null> => {
    const cacheControl = response.headers.get('cache-control') ?? '';
    if (!CACHEABLE_STATUS.has(response.status) || response.headers.getSetCookie().length > 0
      || /private|no-store/i.test(cacheControl) || Number(response.headers.get('content-length') ?? 0) > MAX_CACHED_PAGE) {
      return null; // its body is left unread: the visitor who rendered it gets it as it is
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_CACHED_PAGE) return null;
    const headers: [string, string][] = [];
    for (const [k, v] of response.headers) if (k !== 'set-cookie' && k !== 'content-length') headers.push([k, v]);
    return { status: response.status, headers, body, nonce };
  };

  // A cached page goes out already compressed (once per page, or cheaply per request when its nonce changes):
  // @fastify/compress leaves an answer with a Content-Encoding alone.
  const sendCached = (request: FastifyRequest, reply: FastifyReply, page: CachedPage, nonce: string | undefined, source: string) => {
    const { body, encoding, headers } = encodePage(page, nonce, request.headers['accept-encoding']);
    reply.status(page.status);
    for (const [k, v] of headers) reply.header(k, v);
    reply.header('x-page-cache', source);
    reply.header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };

  await app.register(async (scope) => {
    // Pages get the raw body (form posts to route actions) instead of Fastify's parsers.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    const render = async (request: FastifyRequest, reply: FastifyReply) => {
      // `/API/x`, `//api/x`, `/%61pi/x` that no API route took: a JSON 404/405, never a page.
      if (isApiPath(request.url)) return reply.callNotFound();
      const nonce = request.cspNonce;
      if (cache && (await anonymousGet(request))) {
        // A detail page is only as old as the index's view of its listing: bring the index up to date first
        // (one shared change_seq query; its onChange above drops the pages of changed listings).
        if (request.url.startsWith('/propiedades/')) await services.search.index.refresh().catch(() => undefined);
        const key = pageCacheKey(request);
        let leaderResponse: Response | undefined;
        let servedStale = false;
        // A listing's page lives longer (PAGE_CACHE_DETAIL_MS): any change to the listing drops it at once (above).
        const ttlMs = CANONICAL_DETAIL_PATH.test(request.url) ? (settings.detailTtlMs || settings.ttlMs) : settings.ttlMs;
        const { page, source } = await cache.getOrRender(key, async () => {
          let response: Response;
          let cached: CachedPage | null;
          try {
            response = await run(request, reply, true);
            cached = await toCached(response, nonce);
          } catch {
            return null; // a shared render that failed or timed out: every visitor renders for itself below
          }
          // A render nobody will send (this visitor got the stale page meanwhile) is not left half-read.
          if (!cached && servedStale) await response.body?.cancel().catch(() => undefined);
          else if (!cached) leaderResponse = response;
          return cached;
        }, ttlMs);
        if (source === 'stale') {
          servedStale = true;
          if (leaderResponse && !leaderResponse.bodyUsed) await leaderResponse.body?.cancel().catch(() => undefined);
        }
        if (page) return sendCached(request, reply, page, nonce, source);
        // Not shareable: the render that found it out answers with what it rendered (unless its body was
        // consumed); a waiter renders for itself.
        if (leaderResponse && !leaderResponse.bodyUsed) return sendResponse(reply, leaderResponse, 'bypass');
      }
      return sendResponse(reply, await run(request, reply, false), 'bypass');
    };
    const sendResponse = (reply: FastifyReply, response: Response, source: string) => {
      reply.status(response.status);
      for (const [k, v] of response.headers) {
        if (k === 'set-cookie') continue;
        reply.header(k, v);
      }
      for (const c of response.headers.getSetCookie()) reply.header('set-cookie', c);
      if (cache) reply.header('x-page-cache', source);
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as never));
    };
    // Only a route module with an `action` takes form posts; without any, other methods answer 405 (errors.ts).
    const hasActions = Object.values(build.routes).some((r) => typeof r?.module?.action === 'function');
    const methods = hasActions ? ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET', 'HEAD'];
    scope.route({ method: methods, url: '/*', handler: render });
    scope.route({ method: ['GET', 'HEAD'], url: '/', handler: render });
  });
}

/**
 * The micro-cache key of an anonymous page request: bot or browser, scheme, host (lower case, port kept) and URL. The
 * host is part of it so a branded site's page (issue 15: its own colours, nav and listings) is never served on the
 * product's host or on another branded host, and the other way round. Returns e.g.
 * 'web http://asociacion.test:3000/propiedades?zoom=12'.
 */
export function pageCacheKey(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'url'>): string {
  const bot = isBotUserAgent(request.headers['user-agent']) ? 'bot' : 'web';
  return `${bot} ${request.protocol}://${(request.headers.host ?? '').toLowerCase()}${request.url}`;
}

/**
 * The absolute URL of a page request. A Host or X-Forwarded-Proto header that makes no valid URL (a client's
 * mistake or a probe) falls back to http://localhost instead of failing the render.
 */
function pageUrl(request: FastifyRequest): URL {
  try {
    return new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  } catch {
    return new URL(request.url.startsWith('/') ? request.url : `/${request.url}`, 'http://localhost');
  }
}
