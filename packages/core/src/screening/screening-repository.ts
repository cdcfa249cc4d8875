import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { nameTokens } from '../person-data/match-person-name.ts';
import type { ScreeningEntry } from './screening-lists.ts';
import { tablesOf } from './screening-tables.ts';

/** One stored entry of an active list, with its list. */
export type StoredScreeningEntry = {
  list_id: string; list_kind: 'blacklist' | 'pld'; list_name: string; entry_id: string; list_ref: string; name: string;
  rfc: string | null; curp: string | null; status: string | null; entity_type: string | null;
};

/** The import of a list that is being written (status 'loading'). */
export type ScreeningImportRow = { import_id: string; list_id: string; file_sha256: string; entries_done: number; entries_total: number; status: string };

/** The distinct tokens of a name, as the entries are indexed (folded, particles dropped). */
export function indexTokens(name: string): string[] {
  return [...new Set(nameTokens(name))];
}

const BATCH_PARAMS = 500;

/** SQL of the screening lists (tables screening_lists, screening_imports, screening_entries, screening_tokens: migration 031). */
export const screeningRepository = {
  /** The unfinished import of `listId` for the file with `sha256`, or undefined. */
  async findLoading(database: Database, listId: string, sha256: string): Promise<ScreeningImportRow | undefined> {
    return tablesOf(database).selectFrom('screening_imports').select(['import_id', 'list_id', 'file_sha256', 'entries_done', 'entries_total', 'status'])
      .where('list_id', '=', listId).where('file_sha256', '=', sha256).where('status', '=', 'loading').executeTakeFirst();
  },

  /** Drops every unfinished import of `listId` other than `keep` (their rows first). */
  async abandonOthers(database: Database, listId: string, keep: string | null): Promise<void> {
    const stale = await tablesOf(database).selectFrom('screening_imports').select('import_id')
      .where('list_id', '=', listId).where('status', '=', 'loading').execute();
    for (const { import_id } of stale) {
      if (import_id === keep) continue;
      await tablesOf(database).transaction().execute(async (trx) => {
        await trx.deleteFrom('screening_tokens').where('import_id', '=', import_id).execute();
        await trx.deleteFrom('screening_entries').where('import_id', '=', import_id).execute();
        await trx.updateTable('screening_imports').set({ status: 'abandoned', finished_at: sql`now()` }).where('import_id', '=', import_id).execute();
      });
    }
  },

  /** Records a new import of `listId` (status 'loading'). */
  async createImport(database: Database, row: { import_id: string; list_id: string; file_sha256: string; source_url: string | null; source_date: string | null; entries_total: number }): Promise<void> {
    await tablesOf(database).insertInto('screening_imports').values({ ...row, status: 'loading' }).execute();
  },

  /**
   * Writes `entries` (positions `from`… of the file) of import `importId` with their name tokens, and moves the
   * import's resume point past them, in one transaction: a crash leaves whole batches only.
   */
  async writeBatch(database: Database, importId: string, from: number, entries: ScreeningEntry[]): Promise<void> {
    await tablesOf(database).transaction().execute(async (trx) => {
      const rows = entries.map((e, i) => ({
        import_id: importId, entry_id: e.entryId, seq: from + i, list_ref: e.listRef, name: e.name,
        name_key: indexTokens(e.name).sort().join(' '), rfc: e.rfc, curp: e.curp, status: e.status, entity_type: e.entityType,
      }));
      for (let i = 0; i < rows.length; i += Math.floor(BATCH_PARAMS / 10)) {
        await trx.insertInto('screening_entries').values(rows.slice(i, i + Math.floor(BATCH_PARAMS / 10)))
          .onConflict((oc) => oc.columns(['import_id', 'entry_id']).doNothing()).execute();
      }
      const tokens = entries.flatMap((e) => indexTokens(e.name).map((token) => ({ import_id: importId, token, entry_id: e.entryId })));
      for (let i = 0; i < tokens.length; i += Math.floor(BATCH_PARAMS / 3)) {
        await trx.insertInto('screening_tokens').values(tokens.slice(i, i + Math.floor(BATCH_PARAMS / 3)))
          .onConflict((oc) => oc.columns(['import_id', 'token', 'entry_id']).doNothing()).execute();
      }
      await trx.updateTable('screening_imports').set({ entries_done: from + entries.length }).where('import_id', '=', importId).execute();
    });
  },

  /**
   * Makes import `importId` the list's active one and removes the previous one's rows, in one transaction: readers
   * see either the old list or the new, never a mix.
   */
  async activate(database: Database, list: { list_id: string; kind: 'blacklist' | 'pld'; name: string }, importId: string): Promise<void> {
    await tablesOf(database).transaction().execute(async (trx) => {
      const previous = await trx.selectFrom('screening_lists').select('active_import_id').where('list_id', '=', list.list_id).executeTakeFirst();
      // The import's date copied in SQL, so it stays the calendar day that was written (no driver Date in between).
      await sql`
        INSERT INTO screening_lists (list_id, kind, name, active_import_id, source_url, source_date, entries_count, activated_at)
        SELECT ${list.list_id}, ${list.kind}, ${list.name}, import_id, source_url, source_date, entries_done, now()
        FROM screening_imports WHERE import_id = ${importId}
        ON CONFLICT (list_id) DO UPDATE SET kind = excluded.kind, name = excluded.name, active_import_id = excluded.active_import_id,
          source_url = excluded.source_url, source_date = excluded.source_date, entries_count = excluded.entries_count,
          activated_at = excluded.activated_at`.execute(trx);
      await trx.updateTable('screening_imports').set({ status: 'active', finished_at: sql`now()` }).where('import_id', '=', importId).execute();
      const old = previous?.active_import_id;
      if (old && old !== importId) {
        await trx.deleteFrom('screening_tokens').where('import_id', '=', old).execute();
        await trx.deleteFrom('screening_entries').where('import_id', '=', old).execute();
        await trx.updateTable('screening_imports').set({ status: 'replaced' }).where('import_id', '=', old).execute();
      }
    });
  },

  /** The active lists: id, kind, name, entries, source date ('YYYY-MM-DD' or null) and when imported. */
  async lists(database: Database): Promise<{ list_id: string; kind: 'blacklist' | 'pld'; name: string; entries_count: number; source_date: string | null; activated_at: Date | null }[]> {
    const result = await sql<{ list_id: string; kind: 'blacklist' | 'pld'; name: string; entries_count: number; source_date: string | null; activated_at: Date | null }>`
      SELECT list_id, kind, name, entries_count, to_char(source_date, 'YYYY-MM-DD') AS source_date, activated_at
      FROM screening_lists WHERE active_import_id IS NOT NULL ORDER BY list_id`.execute(database.db);
    return result.rows;
  },

  /**
   * Entries of the active lists that share at least `minShared` of `tokens`, or whose RFC or CURP is one of those
   * given: the candidates matchPersonName then scores. At most `limit` (most shared tokens first).
   */
  async candidates(database: Database, input: { tokens: string[]; minShared: number; rfc: string | null; curp: string | null; limit: number }): Promise<StoredScreeningEntry[]> {
    const active = await tablesOf(database).selectFrom('screening_lists').select(['list_id', 'kind', 'name', 'active_import_id'])
      .where('active_import_id', 'is not', null).execute();
    if (active.length === 0) return [];
    const imports = active.map((a) => a.active_import_id!);
    const tokens = input.tokens.length > 0 ? input.tokens : ['\u0000'];
    // Token rows are read by the primary key (import_id, token, entry_id), one range per import and token.
    const result = await sql<Omit<StoredScreeningEntry, 'list_id' | 'list_kind' | 'list_name'> & { import_id: string }>`
      WITH by_token AS (
        SELECT t.import_id, t.entry_id, count(*) AS shared
        FROM screening_tokens t
        WHERE t.import_id IN (${sql.join(imports)}) AND t.token IN (${sql.join(tokens)})
        GROUP BY t.import_id, t.entry_id
        HAVING count(*) >= ${input.minShared}
        ORDER BY count(*) DESC
        LIMIT ${input.limit}
      ),
      by_id AS (
        SELECT e.import_id, e.entry_id, 99 AS shared FROM screening_entries e
        WHERE e.import_id IN (${sql.join(imports)})
          AND ((${input.rfc}::text IS NOT NULL AND e.rfc = ${input.rfc}) OR (${input.curp}::text IS NOT NULL AND e.curp = ${input.curp}))
      ),
      found AS (SELECT import_id, entry_id, max(shared) AS shared FROM (SELECT * FROM by_token UNION ALL SELECT * FROM by_id) u GROUP BY import_id, entry_id)
      SELECT e.import_id, e.entry_id, e.list_ref, e.name, e.rfc, e.curp, e.status, e.entity_type
      FROM found f JOIN screening_entries e ON e.import_id = f.import_id AND e.entry_id = f.entry_id
      ORDER BY f.shared DESC, e.import_id, e.entry_id`.execute(database.db);
    const lists = new Map(active.map((a) => [a.active_import_id!, a]));
    return result.rows.map(({ import_id, ...entry }) => {
      const list = lists.get(import_id)!;
      return { list_id: list.list_id, list_kind: list.kind, list_name: list.name, ...entry };
    });
  },
};
