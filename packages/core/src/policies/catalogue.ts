import { definePolicy } from './policy.ts';

/** The public catalogue (spec 01): search, places, map style and boundaries. Anyone, visitors included. */
export const cataloguePolicy = definePolicy<never, 'search' | 'read'>({
  model: 'catalogue',
  actions: {
    search: { who: 'anyone', doc: 'anyone (deactivated listings only to their owner)' },
    read: { who: 'anyone', doc: 'anyone' },
  },
});
