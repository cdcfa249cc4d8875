import { LISTING_MESSAGES } from '@nj/contracts';
import { isClient, type Actor } from './actor.ts';
import { ALLOW, authorize, definePolicy, ownCuid } from './policy.ts';

/** What the draft rules look at: its owner. */
export type DraftRecord = { owner_cuid: string };

/**
 * Drafts of a listing being published (issue 4 "a closed tab or a failed upload loses nothing"): only their owner
 * creates, reads, saves, adds or removes photos and publishes them. Someone else's draft is never revealed: 404
 * 'No encontramos el borrador', as if it did not exist. Repositories also scope every draft query to the owner.
 */
export const draftPolicy = definePolicy<DraftRecord, 'create' | 'read' | 'update'>({
  model: 'draft',
  actions: {
    create: { who: 'registered', doc: 'signed-in clients' },
    read: { who: 'registered', doc: 'the owner', rule: (actor, d) => (isClient(actor, d.owner_cuid) ? ALLOW : { code: 'NOT_FOUND', msg: LISTING_MESSAGES.draftNotFound }) },
    update: { who: 'registered', doc: 'the owner', rule: (actor, d) => (isClient(actor, d.owner_cuid) ? ALLOW : { code: 'NOT_FOUND', msg: LISTING_MESSAGES.draftNotFound }) },
  },
});

/**
 * The owner every draft query of `action` is scoped to (`WHERE owner_cuid = …`): the signed-in actor, after
 * draftPolicy's `who` check. A draft of someone else is thus never found (404), which is the policy's rule.
 * @throws AppError UNAUTHORIZED 'Es necesario iniciar sesión para continuar' for a visitor or anonymous client
 */
export function draftScope(actor: Actor, action: 'create' | 'read' | 'update'): string {
  authorize(actor, draftPolicy, action);
  return ownCuid(actor);
}
