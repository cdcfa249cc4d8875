import { sql } from 'kysely';
import type { Database } from '@nj/db';

/** One stored identity attempt (table identity_processes, migration 028); created_at as an ISO string. */
export type IdentityProcessRow = {
  process_id: string; cuid: string; provider: string; provider_reference: string | null; provider_status: string | null;
  match_type: string | null; document_type: string; status: 'success' | 'failure' | 'pending'; request_fields: string;
  request_sealed: string | null; failure_reason: string | null; created_at: string;
};

/** SQL of the clients' identity attempts (migration 028). */
export const identityProcessesRepository = {
  /** Every attempt of client `cuid`, newest first. */
  async listByClient(database: Database, cuid: string): Promise<IdentityProcessRow[]> {
    const result = await sql<IdentityProcessRow>`
      SELECT process_id, cuid, provider, provider_reference, provider_status, match_type, document_type, status,
             request_fields, request_sealed, failure_reason, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
      FROM identity_processes WHERE cuid = ${cuid} ORDER BY created_at DESC, process_id DESC`.execute(database.db);
    return result.rows;
  },

  /** Records a new attempt; a successful one marks the client's identity verified (clients.is_identity_verified). */
  async insert(database: Database, row: Omit<IdentityProcessRow, 'created_at' | 'document_type'>): Promise<void> {
    await database.db.transaction().execute(async (trx) => {
      await sql`
      INSERT INTO identity_processes (process_id, cuid, provider, provider_reference, provider_status, match_type, status,
                                      request_fields, request_sealed, failure_reason)
      VALUES (${row.process_id}, ${row.cuid}, ${row.provider}, ${row.provider_reference}, ${row.provider_status}, ${row.match_type},
              ${row.status}, ${row.request_fields}, ${row.request_sealed}, ${row.failure_reason})`.execute(trx);
      if (row.status === 'success') await sql`UPDATE clients SET is_identity_verified = true WHERE cuid = ${row.cuid}`.execute(trx);
    });
  },

  /**
   * Writes the provider's newer answer for attempt `processId`; the sealed request is dropped once it is settled. A
   * success marks the client's identity verified (clients.is_identity_verified), in the same transaction.
   */
  async settle(database: Database, processId: string, answer: { status: IdentityProcessRow['status']; provider_reference: string; provider_status: string; match_type: string | null; failure_reason: string | null }): Promise<void> {
    await database.db.transaction().execute(async (trx) => {
      await sql`
      UPDATE identity_processes SET status = ${answer.status}, provider_reference = ${answer.provider_reference},
             provider_status = ${answer.provider_status}, match_type = ${answer.match_type}, failure_reason = ${answer.failure_reason},
             request_sealed = CASE WHEN ${answer.status} = 'pending' THEN request_sealed ELSE NULL END, updated_at = now()
      WHERE process_id = ${processId}`.execute(trx);
      if (answer.status === 'success') {
        await sql`UPDATE clients SET is_identity_verified = true WHERE cuid = (SELECT cuid FROM identity_processes WHERE process_id = ${processId})`.execute(trx);
      }
    });
  },
};
