import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import type { ChatEvents } from './chat-events.ts';
import { rentMessagePolicy } from '../policies/rent-message.ts';
import { loadRentFor } from './rent-access.ts';
import { rentsRepository } from './rents-repository.ts';

/**
 * The reader has seen rent `ruid`'s conversation (issue 11 seen receipts): every message addressed to them and not
 * yet seen gets seen = true and seen_at = now; with `events`, the newly seen muids are published (on_messages_seen).
 * @returns `{ seen }` the muids newly marked (for the sender's receipts)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger or unknown rent
 */
export async function markSeen(database: Database, input: { actor: Actor; ruid: string; events?: ChatEvents }): Promise<{ seen: string[] }> {
  await loadRentFor(database, input.actor, input.ruid, rentMessagePolicy, 'read');
  const seen = await rentsRepository.markSeen(database, input.ruid, input.actor.cuid!);
  if (seen.length && input.events) input.events.publishSeen({ ruid: input.ruid, muids: seen, seenAt: new Date().toISOString(), by: input.actor.cuid! });
  return { seen };
}
