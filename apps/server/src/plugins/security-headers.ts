import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import type { IncomingMessage } from 'node:http';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * This request's CSP nonce (22 base64url characters, 128 random bits): the only inline scripts a page may run
     * carry it (`<script nonce>`); the Content-Security-Policy header names it.
     */
    cspNonce: string;
  }
}

/** Features no page of ours uses: the browser refuses them to our pages and to anything they embed. */
export const PERMISSIONS_POLICY = [
  'camera=()', 'microphone=()', 'geolocation=(self)', 'payment=()', 'usb=()', 'serial=()', 'hid=()',
  'midi=()', 'magnetometer=()', 'gyroscope=()', 'accelerometer=()', 'display-capture=()', 'browsing-topics=()',
].join(', ');

/**
 * Security headers on every answer (issue 7 §7):
 * - Content-Security-Policy with a per-request nonce for scripts and no 'unsafe-inline' for them (styles keep it:
 *   Mantine writes inline styles), frames and objects refused, forms only to this origin;
 * - Permissions-Policy (PERMISSIONS_POLICY), and helmet's others (nosniff, frame-ancestors none, referrer policy,
 *   HSTS, COOP/CORP);
 * - `Cache-Control: no-store` on every /api answer that did not choose a cache policy itself (they are personal:
 *   session, likes, drafts), and `private, no-store` on pages rendered for a signed-in browser.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { sessionCookie: string }): Promise<void> {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64url');
    (request.raw as IncomingMessage & { cspNonce?: string }).cspNonce = request.cspNonce;
  });
  const nonce = (req: IncomingMessage) => `'nonce-${(req as IncomingMessage & { cspNonce?: string }).cspNonce ?? ''}'`;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // The map loads its style, tiles and workers from this origin; blob: workers are MapLibre's.
        'script-src': ["'self'", nonce as never],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https:'],
        'worker-src': ["'self'", 'blob:'],
        'child-src': ["'self'", 'blob:'],
        'font-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!reply.hasHeader('cache-control')) {
      if (request.url.startsWith('/api/') || reply.getHeader('content-type')?.toString().includes('application/json')) {
        reply.header('cache-control', 'no-store');
      } else if (request.cookies[options.sessionCookie]) {
        reply.header('cache-control', 'private, no-store');
      }
    }
    return payload;
  });
}
