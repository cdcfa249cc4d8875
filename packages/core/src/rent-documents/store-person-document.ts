import type { DocumentPersonRole, PersonDocumentKind, ProofOfAddressFields } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { loadRentForPerson } from './rent-person-access.ts';
import { saveDocumentFile, type DocumentDeps } from './save-document-file.ts';

/**
 * Stores a proof of one person of a rent (issue 12 'The proposal'; spec 03 §3 Rent poa, poi, poi_second): the
 * person themselves (the renter as 'renter'; the second renter or aval as themselves), only while the proposal is
 * in client_offer_in_process. The file is checked by content (JPEG, PNG, WebP, HEIC or PDF, up to 10 MB, decodable,
 * at most 40 MP) and stored sealed (decision 016); a second upload of the same kind replaces the first and keeps its
 * slug. For 'poa', `address` (already validated: ZProofOfAddressFields) is stored with it; without it a previous
 * address stays. Used by the proof calls and by the credit investigation.
 * @param services anything with `database`, `storage` and `config.dataKey` (AppServices)
 * @param input `{ actor, ruid, role, kind, file (bytes), filename (as uploaded), address? }`
 * @returns `{ slug }` — the document's slug (GET /api/v1/documents/{slug})
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for another person's document; CONFLICT
 *   outside client_offer_in_process or on a concurrent upload; BAD_REQUEST / PAYLOAD_TOO_LARGE / UNSUPPORTED_MEDIA
 *   from the content check (`fields.file`)
 */
export async function storePersonDocument(
  services: Pick<DocumentDeps, 'database' | 'storage'> & { config: { dataKey: Buffer } },
  input: {
    actor: Actor; ruid: string; role: DocumentPersonRole; kind: PersonDocumentKind; file: Buffer; filename: string;
    address?: ProofOfAddressFields | null;
  },
): Promise<{ slug: string }> {
  const rent = await loadRentForPerson(services.database, input.actor, input.ruid, input.role);
  const row = await saveDocumentFile({ database: services.database, storage: services.storage, dataKey: services.config.dataKey }, {
    place: { cuid: input.actor.cuid!, kind: input.kind, ruid: rent.ruid, role: input.role },
    file: input.file, filename: input.filename, address: input.kind === 'poa' ? input.address ?? null : null,
  });
  return { slug: row.slug };
}
