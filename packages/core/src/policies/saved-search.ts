import { SAVED_SEARCH_MESSAGES } from '@nj/contracts';
import { isClient } from './actor.ts';
import { ALLOW, definePolicy } from './policy.ts';

/** Whose saved search a call touches. */
export type SavedSearchRecord = { cuid: string };

/**
 * Saved searches (issue 17; decision 037): a signed-in client saves, lists, changes and deletes their own; another
 * client's search answers 404 'No encontramos esa búsqueda guardada' (its existence is not revealed). The alert
 * e-mail's unsubscribe link is open to anyone: what protects it is its signed token (one search), not a session.
 */
export const savedSearchPolicy = definePolicy<SavedSearchRecord, 'create' | 'list_own' | 'update' | 'delete' | 'unsubscribe'>({
  model: 'saved_search',
  actions: {
    create: { who: 'registered', doc: 'signed-in clients, for themselves' },
    list_own: { who: 'registered', doc: 'signed-in clients, their own searches' },
    update: {
      who: 'registered', doc: 'signed-in clients, their own search',
      rule: (actor, r) => (isClient(actor, r.cuid) ? ALLOW : { code: 'NOT_FOUND', msg: SAVED_SEARCH_MESSAGES.notFound }),
    },
    delete: {
      who: 'registered', doc: 'signed-in clients, their own search',
      rule: (actor, r) => (isClient(actor, r.cuid) ? ALLOW : { code: 'NOT_FOUND', msg: SAVED_SEARCH_MESSAGES.notFound }),
    },
    unsubscribe: { who: 'anyone', doc: "anyone holding the alert's signed unsubscribe token (one search)" },
  },
});
