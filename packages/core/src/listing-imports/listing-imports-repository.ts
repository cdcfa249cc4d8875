import { sql } from 'kysely';
import type { Database } from '@nj/db';
import type { TImportReportGroup } from '@nj/contracts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import type { ColumnChoice } from './engine.ts';

/** What listing_imports.mapping keeps: the file's headers, the user's column choices and the plan's missing fields. */
export type StoredMapping = { headers: string[]; columns: ColumnChoice[]; missing: string[] };

/** One row of listing_imports (migration 017) as the verbs read it. */
export type TListingImportRow = {
  id: string; owner_cuid: string; file_name: string; stored_path: string; format: 'csv' | 'xlsx'; mapping: StoredMapping;
  status: 'planned' | 'running' | 'done' | 'failed' | 'undone'; rows_total: number; rows_done: number; imported: number;
  updated: number; skipped: number; report: TImportReportGroup[] | null; error: string | null; created_at: Date;
  started_at: Date | null; finished_at: Date | null; undone_at: Date | null;
};

/**
 * SQL of the import page (table listing_imports and properties.import_id, migration 017; issue 10). Every read a
 * client makes is scoped to the owner (`WHERE owner_cuid = …`); the job's reads (by id only) run as the system.
 */
export const listingImportsRepository = {
  /** Stores a new planned import. */
  async insert(database: Database, row: { id: string; owner_cuid: string; file_name: string; stored_path: string; format: 'csv' | 'xlsx'; mapping: StoredMapping; rows_total: number }): Promise<TListingImportRow> {
    const r = await sql<TListingImportRow>`
      INSERT INTO listing_imports (id, owner_cuid, file_name, stored_path, format, mapping, rows_total)
      VALUES (${row.id}, ${row.owner_cuid}, ${row.file_name}, ${row.stored_path}, ${row.format}, ${JSON.stringify(row.mapping)}::jsonb, ${row.rows_total})
      RETURNING *`.execute(database.db);
    return r.rows[0]!;
  },

  /** The import `id` of owner `cuid`, or undefined (someone else's import is never found). */
  async findOwn(database: Database, cuid: string, id: string): Promise<TListingImportRow | undefined> {
    const r = await sql<TListingImportRow>`SELECT * FROM listing_imports WHERE id = ${id} AND owner_cuid = ${cuid}`.execute(database.db);
    return r.rows[0];
  },

  /** The import `id` whoever owns it (the background job's read), or undefined. */
  async findById(database: Database, id: string): Promise<TListingImportRow | undefined> {
    const r = await sql<TListingImportRow>`SELECT * FROM listing_imports WHERE id = ${id}`.execute(database.db);
    return r.rows[0];
  },

  /** The owner's imports, newest first (at most `limit`). */
  async listOwn(database: Database, cuid: string, limit: number): Promise<TListingImportRow[]> {
    const r = await sql<TListingImportRow>`
      SELECT * FROM listing_imports WHERE owner_cuid = ${cuid} ORDER BY created_at DESC, id DESC LIMIT ${limit}`.execute(database.db);
    return r.rows;
  },

  /** Replaces the column choices of a planned import; returns the row, or undefined when it is not planned any more. */
  async setMapping(database: Database, cuid: string, id: string, mapping: StoredMapping, rowsTotal: number): Promise<TListingImportRow | undefined> {
    const r = await sql<TListingImportRow>`
      UPDATE listing_imports SET mapping = ${JSON.stringify(mapping)}::jsonb, rows_total = ${rowsTotal}
      WHERE id = ${id} AND owner_cuid = ${cuid} AND status = 'planned'
      RETURNING *`.execute(database.db);
    return r.rows[0];
  },

  /**
   * Moves a planned (or failed) import to running, inside the caller's transaction (the job is enqueued in the same
   * one). Returns the row, or undefined when it was in another state.
   */
  async markRunning(trx: JobExecutor, cuid: string, id: string): Promise<TListingImportRow | undefined> {
    const r = await sql<TListingImportRow>`
      UPDATE listing_imports SET status = 'running', started_at = now(), finished_at = NULL, error = NULL
      WHERE id = ${id} AND owner_cuid = ${cuid} AND status IN ('planned', 'failed')
      RETURNING *`.execute(trx);
    return r.rows[0];
  },

  /** Progress of a running import after a committed batch (rows, file's data rows). */
  async setProgress(database: Database, id: string, done: number, total: number): Promise<void> {
    await sql`UPDATE listing_imports SET rows_done = ${done}, rows_total = ${total} WHERE id = ${id} AND status = 'running'`.execute(database.db);
  },

  /** The end of a running import: counts, grouped report, status 'done'. */
  async finish(database: Database, id: string, outcome: { total: number; imported: number; updated: number; skipped: number; report: TImportReportGroup[] }): Promise<void> {
    await sql`
      UPDATE listing_imports SET status = 'done', finished_at = now(), rows_total = ${outcome.total}, rows_done = ${outcome.total},
        imported = ${outcome.imported}, updated = ${outcome.updated}, skipped = ${outcome.skipped}, report = ${JSON.stringify(outcome.report)}::jsonb
      WHERE id = ${id} AND status = 'running'`.execute(database.db);
  },

  /** A running import that stopped for good, with the Spanish error. */
  async fail(database: Database, id: string, error: string): Promise<void> {
    await sql`UPDATE listing_imports SET status = 'failed', finished_at = now(), error = ${error} WHERE id = ${id} AND status = 'running'`.execute(database.db);
  },

  /** Deletes the imports still planned after `days` days; returns their stored uploads' keys. */
  async deleteStalePlanned(database: Database, days: number): Promise<string[]> {
    const r = await sql<{ stored_path: string }>`
      DELETE FROM listing_imports WHERE status = 'planned' AND created_at < now() - make_interval(days => ${days})
      RETURNING stored_path`.execute(database.db);
    return r.rows.map((row) => row.stored_path);
  },

  /**
   * Undoes a finished import of owner `cuid` in one transaction: deactivates the listings it created or updated
   * (still the owner's and active) and marks it undone. Returns how many listings were deactivated, or null when the
   * import was not done (or failed) any more.
   */
  async undo(database: Database, cuid: string, id: string): Promise<number | null> {
    return database.db.transaction().execute(async (trx) => {
      const marked = await sql<{ id: string }>`
        UPDATE listing_imports SET status = 'undone', undone_at = now()
        WHERE id = ${id} AND owner_cuid = ${cuid} AND status IN ('done', 'failed')
        RETURNING id`.execute(trx);
      if (!marked.rows.length) return null;
      const r = await sql`
        UPDATE properties SET is_active = false
        WHERE import_id = ${id} AND owner_cuid = ${cuid} AND is_active`.execute(trx);
      return Number(r.numAffectedRows ?? 0n);
    });
  },
};
