import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_MESSAGES } from '@nj/contracts';
import { isAppError } from '@nj/core';

/**
 * Maps every error once to `{ msg, data }` with a Spanish msg: AppError by its code, zod validation errors to 400
 * with the first issue's message and `data.fields`, Fastify's own client errors (bad JSON, too large, unsupported
 * type) to their 4xx, anything else to 500 'Ha ocurrido un error' (logged, never leaked).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      return reply.status(error.status).send({ msg: error.msg, data: error.fields ? { fields: error.fields } : null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String((v.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.[0] ?? 'body');
        fields[key] ??= v.message ?? COMMON_MESSAGES.invalidRequest;
      }
      const first = Object.values(fields)[0] ?? COMMON_MESSAGES.invalidRequest;
      return reply.status(400).send({ msg: first, data: { fields } });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ msg: COMMON_MESSAGES.payloadTooLarge, data: null });
    if (status === 429) return reply.status(429).send({ msg: COMMON_MESSAGES.tooManyRequests, data: null });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ msg: COMMON_MESSAGES.invalidRequest, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ msg: COMMON_MESSAGES.generic, data: null });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ msg: COMMON_MESSAGES.routeNotFound, data: null }));
}
