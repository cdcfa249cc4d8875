import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '@nj/db';
import { COMMON_MESSAGES } from '@nj/contracts';
import type { ServerConfig } from './config.ts';
import { createAppServices } from './services.ts';
import { answerClientError, clientErrorAnswer, registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuards } from './plugins/input-guards.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerSessions, SESSION_COOKIE } from './plugins/session.ts';
import { registerSiteRouting } from './plugins/site-routing.ts';
import { routePolicyOf, type RoutePolicy } from './plugins/actor.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerClientIp } from './plugins/client-ip.ts';
import { routes } from './routes/index.ts';
import { attachChatSocket } from './realtime/chat-socket.ts';
import { registerReactRouter } from './ssr/react-router-handler.ts';

/**
 * One method + path pattern the router knows (`/api/v1/property/:id`), whether it checks CSRF, and the policy its
 * `can(…)` hook (preValidation) enforces (undefined: none declared — the authorization matrix test fails on such an API route).
 */
export type RegisteredRoute = { method: string; url: string; csrf: boolean; policy: RoutePolicy | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order: what the CSRF and fuzz tests walk. */
    registeredRoutes: RegisteredRoute[];
  }
}

export type BuildAppOptions = {
  database: Database;
  config: ServerConfig;
  /** Serve the built React Router app for every non-/api path (off in API tests). */
  web?: boolean;
  logger?: boolean;
  /**
   * The chat's rooms span server processes through PostgreSQL's LISTEN/NOTIFY (decision 010): set by main.ts for
   * node:cluster workers on DATABASE_URL without REDIS_URL. Off for a single process (and in tests that do not ask).
   */
  chatRoomsOverPostgres?: boolean;
};

/**
 * Builds the one server process: `/api/*` answered by Fastify routes (spec calls under /api/v1 and /api/v2),
 * everything else by React Router's server rendering. Returns the ready (not listening) instance.
 * Request flow: cookies → CSRF → session → zod validation → route → core → `{ msg, data }`; errors mapped once.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { database, config } = options;
  const app = Fastify({
    logger: options.logger ? { level: config.isProduction ? 'info' : 'warn' } : false,
    // TRUST_PROXY: none by default, so no client header can change request.ip (issue 7 finding 4).
    trustProxy: typeof config.trustProxy === 'number'
      ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
      : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request (headers and body) must arrive within 5 minutes (Node's own default, which Fastify turns off): a body
    // declared longer than what is sent can no longer hold its connection open for ever.
    requestTimeout: 300_000,
    // Requests Node's parser refuses (malformed, headers too large, too slow) are answered in Spanish too.
    clientErrorHandler: answerClientError,
    routerOptions: { maxParamLength: 500 },
    // Errors Fastify raises before routing (an undecodable URL, a bad content type) get our answer shape too.
    frameworkErrors: (error, _request, reply) => {
      const answer = clientErrorAnswer(error) ?? { status: 400, msg: COMMON_MESSAGES.invalidRequest };
      void (reply as unknown as FastifyReply).code(answer.status).send({ msg: answer.msg, data: null });
    },
  });
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url, csrf: route.config?.csrf !== false, policy: routePolicyOf(route.preValidation) });
  });
  app.decorate('registeredRoutes', registeredRoutes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { services, close } = await createAppServices({ database, config, log: options.logger ? (line) => console.log(line) : undefined });
  app.decorate('services', services);
  app.addHook('onClose', close);

  registerErrorHandling(app);
  registerInputGuards(app);
  await app.register(cookie);
  registerClientIp(app);
  await registerSecurityHeaders(app, { sessionCookie: SESSION_COOKIE });
  await app.register(compress, { global: true, threshold: 1024 });
  registerCsrf(app, { secret: config.sessionSecret, secure: config.isProduction, sessionCookie: SESSION_COOKIE });
  registerSessions(app, { database, secure: config.isProduction, limiter: services.limiter });
  registerSiteRouting(app, { database });
  await registerOpenApi(app, { serveUi: config.apiDocs });

  await app.register(async (api) => {
    for (const register of routes) register(api);
  });

  attachChatSocket(app, { overPostgres: options.chatRoomsOverPostgres === true });
  if (options.web) await registerReactRouter(app, services);
  await app.ready();
  return app;
}
