import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { AppServices } from '../services.ts';

/** Where `react-router build` writes (apps/web/build). */
export const WEB_BUILD_DIR = join(import.meta.dirname, '../../../web/build');

/**
 * Serves the React Router app: hashed assets from build/client with a one-year cache, public files with a short
 * one, and every other non-/api path through React Router's server rendering. Loaders receive the AppServices as
 * their load context (`context.get(servicesContext)` — see apps/web/app/services-context.ts).
 * Throws at start when the web app has not been built (`npm run build`).
 */
export async function registerReactRouter(app: FastifyInstance, services: AppServices): Promise<void> {
  const serverEntry = join(WEB_BUILD_DIR, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error('The web app is not built: run `npm run build` (npm start does it for you)');
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // entry.server.tsx exports the context key its loaders read the services from.
  const servicesContext = (build.entry.module as { servicesContext?: Parameters<RouterContextProvider['set']>[0] })
    .servicesContext;
  const handle = createRequestHandler(build, services.config.isProduction ? 'production' : 'development');

  await app.register(fastifyStatic, {
    root: join(WEB_BUILD_DIR, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  await app.register(async (scope) => {
    // Pages get the raw body (form posts to route actions) instead of Fastify's parsers.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    const render = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
      const headers = new Headers();
      for (const [k, v] of Object.entries(request.headers)) {
        if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
        else if (v !== undefined) headers.set(k, String(v));
      }
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const webRequest = new Request(url, {
        method: request.method,
        headers,
        signal: controller.signal,
        ...(hasBody ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit);
      const context = new RouterContextProvider();
      if (servicesContext) context.set(servicesContext, services);
      const response = await handle(webRequest, context);
      reply.status(response.status);
      for (const [k, v] of response.headers) {
        if (k === 'set-cookie') continue;
        reply.header(k, v);
      }
      for (const c of response.headers.getSetCookie()) reply.header('set-cookie', c);
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as never));
    };
    scope.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler: render });
    scope.route({ method: ['GET', 'HEAD'], url: '/', handler: render });
  });
}
