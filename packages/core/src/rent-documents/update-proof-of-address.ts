import { DOCUMENT_MESSAGES as M, RENTS_MESSAGES, type ProofOfAddressFields, type TProofOfAddress } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { personDocumentPolicy } from '../policies/person-document.ts';
import { documentsRepository } from './documents-repository.ts';
import { presentProofOfAddress } from './present-documents.ts';
import { rentsRepository } from '../rents/rents-repository.ts';
import { personRoleIn } from './rent-person-access.ts';
import type { DocumentDeps } from './save-document-file.ts';
import { storePersonDocument } from './store-person-document.ts';

/**
 * Saves the actor's proof of address on rent `ruid` (spec 03 §7 'update proof of address': url arg cuid; body the
 * address fields, the proof file and ruid; §5: address, city, cp of 5 digits, municipality, neighborhood, state and
 * a file, all required): the renter for themselves, or the second renter / aval the rent names, only while the
 * proposal is in client_offer_in_process. `cuid` must be the actor's own. A new proof replaces the previous one.
 * @param input `{ actor, cuid (path), ruid, fields (validated ZProofOfAddressFields), file, filename }`
 * @returns the person's poa `{ slug, addr, neighborhood, city, municipality, state, cp, content_type, size, filename, created }`
 * @throws AppError UNAUTHORIZED; NOT_FOUND for another client's cuid, a stranger to the rent or an unknown rent;
 *   FORBIDDEN for the owner; CONFLICT outside client_offer_in_process; the content check's errors
 */
export async function updateProofOfAddress(
  deps: DocumentDeps,
  input: { actor: Actor; cuid: string; ruid: string; fields: ProofOfAddressFields; file: Buffer; filename: string | null },
): Promise<TProofOfAddress> {
  authorize(input.actor, personDocumentPolicy, 'manage_own');
  if (input.cuid !== input.actor.cuid) throw new AppError('NOT_FOUND', M.documentNotFound);
  const role = await personRoleIn(deps.database, input.ruid, input.actor.cuid);
  if (role === null) {
    const rent = await rentsRepository.find(deps.database, input.ruid);
    if (rent && rent.owner_cuid === input.actor.cuid) throw new AppError('FORBIDDEN', M.ownOnly);
    throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  }
  const { slug } = await storePersonDocument({ ...deps, config: { dataKey: deps.dataKey } }, {
    actor: input.actor, ruid: input.ruid, role, kind: 'poa', file: input.file, filename: input.filename ?? '', address: input.fields,
  });
  return presentProofOfAddress((await documentsRepository.find(deps.database, slug))!);
}
