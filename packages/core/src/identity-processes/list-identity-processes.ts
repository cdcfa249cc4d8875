import type { Database } from '@nj/db';
import { deriveIdentityStatus, type IdentityProcessStatus } from '../identity-check/derive-identity-status.ts';
import type { Actor } from '../policies/actor.ts';
import { identityProcessPolicy } from '../policies/identity-process.ts';
import { authorize, ownRecords } from '../policies/policy.ts';
import { identityProcessesRepository, type IdentityProcessRow } from './identity-processes-repository.ts';

/** One attempt as the client (or support) reads it: never the sealed request. created_at ISO 8601 UTC. */
export type IdentityProcessView = Pick<IdentityProcessRow, 'process_id' | 'document_type' | 'status' | 'provider' | 'failure_reason' | 'created_at'>;
/** The attempts, newest first, and the spec 03 §4 status derived from them. */
export type IdentityProcesses = { status: IdentityProcessStatus; processes: IdentityProcessView[] };

/** Stored rows (newest first) → what is shown: the derived status and each attempt without its sealed request. */
export function presentIdentityProcesses(rows: readonly IdentityProcessRow[]): IdentityProcesses {
  return {
    status: deriveIdentityStatus(rows),
    processes: rows.map((r) => ({ process_id: r.process_id, document_type: r.document_type, status: r.status, provider: r.provider, failure_reason: r.failure_reason, created_at: r.created_at })),
  };
}

/**
 * The identity attempts of a client (spec 03 §7 `GET /v1/client/identity/processes`, status rule §4): the signed-in
 * client's own, or, for support, those of `cuid`.
 * @returns `{ status, processes }` newest first
 * @throws AppError UNAUTHORIZED (no sign-in); NOT_FOUND when someone other than support names another client
 */
export async function listIdentityProcesses(deps: { database: Database }, input: { actor: Actor; cuid?: string | undefined }): Promise<IdentityProcesses> {
  const own = ownRecords(input.actor, identityProcessPolicy, 'manage_own');
  const cuid = input.cuid ?? own;
  authorize(input.actor, identityProcessPolicy, 'read', { cuid });
  return presentIdentityProcesses(await identityProcessesRepository.listByClient(deps.database, cuid));
}
