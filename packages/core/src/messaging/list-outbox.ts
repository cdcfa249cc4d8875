import type { Database } from '@nj/db';
import { outboxRepository, type TOutboxRow } from './outbox-repository.ts';

/**
 * The kept messages, newest first (GET /api/dev/outbox, /dev/correos). `to` filters by recipient
 * (case-insensitive); `limit` 1–200. Development only: the route refuses in production.
 */
export async function listOutbox(options: { database: Database; to?: string; limit?: number }): Promise<TOutboxRow[]> {
  return outboxRepository.list(options.database, { to: options.to, limit: options.limit ?? 50 });
}
