import { GUARANTOR_MESSAGES as G } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { presentDocumentFile } from '../rent-documents/present-documents.ts';
import { saveDocumentFile, type DocumentDeps } from '../rent-documents/save-document-file.ts';
import { loadInvitationFor } from './answer-invitation.ts';
import { answerableStep } from './guarantor-steps.ts';

/**
 * The accepted aval (atype aval) uploads the proof of the guarantee property — its deed or predial (POST
 * /v1/rents/aval/{aval_uid}/guarantee/document, multipart field `file`; issue 12 'The guarantor'). Checked by content
 * and stored sealed like every personal document (decision 016: JPEG, PNG, WebP, HEIC or PDF up to 10 MB), as kind
 * guarantee_deed of the person aval of the rent; a new upload replaces the previous one. Only while the proposal is
 * in client_offer_in_process.
 * @returns the file's facts `{ slug, content_type, size, filename, created }`
 * @throws AppError NOT_FOUND for anyone but the invitee; FORBIDDEN for an obligado or before accepting; CONFLICT
 *   once the proposal was sent; the content check's BAD_REQUEST / PAYLOAD_TOO_LARGE / UNSUPPORTED_MEDIA (`fields.file`)
 */
export async function storeGuaranteeDocument(deps: DocumentDeps, input: { actor: Actor; iuid: string; file: Buffer; filename: string }) {
  const row = await loadInvitationFor(deps.database, input.actor, input.iuid, 'aval', 'guarantee');
  if (row.atype !== 'aval' || row.status !== 'accepted') throw new AppError('FORBIDDEN', G.guaranteeOnlyAval);
  if (!answerableStep(row.step, 'edit')) throw new AppError('CONFLICT', G.closed);
  const stored = await saveDocumentFile(deps, {
    place: { cuid: input.actor.cuid!, kind: 'guarantee_deed', ruid: row.ruid, role: 'aval' }, file: input.file, filename: input.filename,
  });
  return presentDocumentFile(stored);
}
