import { IMPORT_PAGE_MESSAGES } from '@nj/contracts';
import { isClient } from './actor.ts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';

/** What the import rules look at: who uploaded the file. */
export type ListingImportRecord = { owner_cuid: string };

const ownerOnly = (actor: Parameters<typeof isClient>[0], record: ListingImportRecord): Verdict =>
  (isClient(actor, record.owner_cuid) ? ALLOW : { code: 'NOT_FOUND', msg: IMPORT_PAGE_MESSAGES.notFound });

/**
 * Imports of listings from the import page (issue 10 "An import page for agents and owners"): any signed-in client
 * uploads a file (create) and lists their own imports; only the client who uploaded it reads its plan and progress,
 * changes its columns, runs a dry run or the import (update) and undoes it (undo). Someone else's import is never
 * revealed: 404 'No encontramos esta importación', as if it did not exist. The repository also scopes every query to
 * the owner.
 */
export const listingImportPolicy = definePolicy<ListingImportRecord, 'create' | 'list_own' | 'read' | 'update' | 'undo'>({
  model: 'listing_import',
  actions: {
    create: { who: 'registered', doc: 'signed-in clients' },
    list_own: { who: 'registered', doc: 'signed-in clients (their own imports only)' },
    read: { who: 'registered', doc: 'the owner', rule: ownerOnly },
    update: { who: 'registered', doc: 'the owner', rule: ownerOnly },
    undo: { who: 'registered', doc: 'the owner', rule: ownerOnly },
  },
});
