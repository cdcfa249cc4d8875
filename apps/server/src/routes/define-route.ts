import type {
  FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance with zod schemas as the type provider. */
export type ZodApp = FastifyInstance<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider
>;
export type RouteRegistration = (app: FastifyInstance) => void;

/**
 * Declares one endpoint file. The callback gets the app with the zod type provider, so `schema.querystring`,
 * `schema.body` and `schema.response` are zod schemas from @nj/contracts and request types follow from them.
 */
export function defineRoute(register: (app: ZodApp) => void): RouteRegistration {
  return (app) => register(app.withTypeProvider<ZodTypeProvider>());
}
