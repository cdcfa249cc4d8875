import type { Database } from '@nj/db';
import type { MessagingConfig, RateLimiter, SearchService } from '@nj/core';
import type { ServerConfig } from './config.ts';

/**
 * What routes and server-rendered pages use: the database, the settings, and long-lived feature services (search
 * index, place search). Built once per process in app.ts; handed to React Router loaders as their load context.
 */
export type AppServices = {
  database: Database;
  config: ServerConfig;
  /** Map and list search over this process's in-memory index, and the detail read. */
  search: SearchService;
  /** E-mail (SMTP or dev outbox) and the SMS/WhatsApp sandbox (accounts, verification). */
  messaging: MessagingConfig;
  /** Rate-limit counters shared across processes (Redis or the database). */
  limiter: RateLimiter;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
