import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3 document generated from the routes' zod schemas (`app.swagger()` in tests); the UI at /api/docs and the
 * JSON at /api/docs/json only when `serveUi` (always outside production; ENABLE_API_DOCS=1 in production).
 */
export async function registerOpenApi(app: FastifyInstance, options: { serveUi: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API del marketplace inmobiliario',
        description: 'Llamadas de la especificación bajo /api/v1 y /api/v2. Toda respuesta es { msg, data }; un estado mayor a 299 es un error con msg en español. Las llamadas que no son GET requieren el encabezado X-CSRF-TOKEN con el valor de la cookie nj_csrf.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  if (options.serveUi) await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
