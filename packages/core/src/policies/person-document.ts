import { DOCUMENT_MESSAGES } from '@nj/contracts';
import { hasPrivilege, isClient } from './actor.ts';
import { ALLOW, definePolicy } from './policy.ts';

/**
 * What the document rules look at: whose document it is, and — when read for a rent — that rent's owner and whether
 * its proposal has been sent (step on_offer or later).
 */
export type PersonDocumentRecord = { cuid: string; owner_cuid: string | null; offer_sent: boolean };

/**
 * Personal documents (issue 12 'Identity', 'The owner's decision', 'Rules'; spec 03 §7 "Identity, credit and
 * documents"): a signed-in client uploads and replaces only their own (`manage_own`; the rent verbs also check the
 * person and the step); a document is read (`read`) by its own person and support (the original), and by the owner of
 * the listing of a rent that names the person, only once its proposal was sent (a watermarked copy: download-document
 * decides which). Anyone else: 404 'Error al descargar el archivo', so nobody learns a document exists.
 */
export const personDocumentPolicy = definePolicy<PersonDocumentRecord, 'manage_own' | 'read'>({
  model: 'person_document',
  actions: {
    manage_own: { who: 'registered', doc: 'signed-in clients, their own documents' },
    read: {
      who: 'registered', doc: 'the document\'s person or support (original); the listing\'s owner once the proposal is sent (watermarked copy)',
      rule: (actor, r) => (isClient(actor, r.cuid) || hasPrivilege(actor, 'support') || (r.offer_sent && isClient(actor, r.owner_cuid))
        ? ALLOW : { code: 'NOT_FOUND', msg: DOCUMENT_MESSAGES.downloadFailed }),
    },
  },
});
