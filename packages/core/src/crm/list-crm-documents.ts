import type { Database } from '@nj/db';
import type { TCrmDocument, TCrmDocuments } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository } from './crm-repository.ts';
import { loadCrmClientFor } from './crm-scope.ts';
import { crmDocsSpaceOf } from './get-crm-docs-space.ts';

type DocumentRow = Awaited<ReturnType<typeof crmRepository.listDocuments>>[number];

/** A crm_documents row as the API shows it (ZCrmDocument); size in bytes, date ISO 8601. */
export function presentCrmDocument(r: DocumentRow): TCrmDocument {
  return {
    duid: r.duid, name: r.name, size_bytes: Number(r.size_bytes), content_type: r.content_type, created_at: new Date(r.created_at).toISOString(),
    uploaded_by: r.uploaded_by ? { cuid: r.uploaded_by, nickname: r.nickname ?? null } : null,
  };
}

/**
 * GET /v1/crm/clients/{uid}/docs (issue 16 'CRM'; decision 032 'Documents of a CRM client'): the files of CRM
 * client `uid`, newest first (at most 500), for whoever sees the client (crmPolicy 'read'), with the CRM's documents
 * space.
 * @returns `{ docs: [{ duid, name, size_bytes, content_type, created_at, uploaded_by: { cuid, nickname } | null }],
 *   space: { used_bytes, quota_bytes, files, auid } }`
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'; NOT_FOUND 'No encontramos ese cliente en tu CRM'
 */
export async function listCrmDocuments(database: Database, input: { actor: Actor; uid: string }): Promise<TCrmDocuments> {
  const { scope } = await loadCrmClientFor(database, input.actor, input.uid, 'read');
  const rows = await crmRepository.listDocuments(database, input.uid);
  return { docs: rows.map(presentCrmDocument), space: await crmDocsSpaceOf(database, scope) };
}
