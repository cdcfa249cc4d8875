import { sql, type Kysely } from 'kysely';
import type { IntegrationProvider } from '@nj/contracts';

type Q = Kysely<any>;

/** A row of integration_connections (migration 048). */
export type ConnectionRow = {
  iuid: string; auid: string; provider: IntegrationProvider; credentials_sealed: string; credentials_hint: string;
  connected_by: string | null; is_enabled: boolean; last_complete_sync_at: Date | null; created_at: Date; updated_at: Date;
};

/** A row of integration_sync_runs (migration 048). */
export type SyncRunRow = {
  id: number; iuid: string; trigger: 'manual' | 'schedule'; dry_run: boolean; is_complete: boolean; started_at: Date;
  finished_at: Date | null; created: number; updated: number; deactivated: number; failed: number; error: string | null;
};

/** A run left unfinished this long (a killed process) no longer blocks the next one. */
const STALE_RUN_MS = 30 * 60_000;

/** The SQL of integration connections and their runs (issue 16; decision 033). */
export const integrationsRepository = {
  async find(db: Q, auid: string, provider: IntegrationProvider): Promise<ConnectionRow | undefined> {
    return await db.selectFrom('integration_connections').selectAll().where('auid', '=', auid).where('provider', '=', provider).executeTakeFirst() as ConnectionRow | undefined;
  },

  async findByIuid(db: Q, iuid: string): Promise<ConnectionRow | undefined> {
    return await db.selectFrom('integration_connections').selectAll().where('iuid', '=', iuid).executeTakeFirst() as ConnectionRow | undefined;
  },

  async listForAgency(db: Q, auid: string): Promise<ConnectionRow[]> {
    return await db.selectFrom('integration_connections').selectAll().where('auid', '=', auid).orderBy('provider').execute() as ConnectionRow[];
  },

  /** Enabled connections, for the scheduled sync. */
  async listEnabled(db: Q): Promise<Pick<ConnectionRow, 'iuid' | 'provider'>[]> {
    return await db.selectFrom('integration_connections').select(['iuid', 'provider']).where('is_enabled', '=', true).orderBy('iuid').execute() as Pick<ConnectionRow, 'iuid' | 'provider'>[];
  },

  /** Creates the agency's connection to `provider`, or replaces its credentials (and enables it again). */
  async upsert(db: Q, row: { iuid: string; auid: string; provider: IntegrationProvider; sealed: string; hint: string; cuid: string }): Promise<ConnectionRow> {
    const r = await sql<ConnectionRow>`
      INSERT INTO integration_connections (iuid, auid, provider, credentials_sealed, credentials_hint, connected_by)
      VALUES (${row.iuid}, ${row.auid}, ${row.provider}, ${row.sealed}, ${row.hint}, ${row.cuid})
      ON CONFLICT (auid, provider) DO UPDATE SET credentials_sealed = EXCLUDED.credentials_sealed,
        credentials_hint = EXCLUDED.credentials_hint, connected_by = EXCLUDED.connected_by, is_enabled = true, updated_at = now()
      RETURNING *`.execute(db);
    return r.rows[0]!;
  },

  async setLastCompleteSync(db: Q, iuid: string, at: Date): Promise<void> {
    await db.updateTable('integration_connections').set({ last_complete_sync_at: at, updated_at: new Date() }).where('iuid', '=', iuid).execute();
  },

  /** The latest `limit` runs of each of `iuids`, newest first. */
  async latestRuns(db: Q, iuids: string[], limit: number): Promise<Map<string, SyncRunRow[]>> {
    const out = new Map<string, SyncRunRow[]>(iuids.map((i) => [i, []]));
    if (iuids.length === 0) return out;
    const r = await sql<SyncRunRow>`
      SELECT * FROM (SELECT *, row_number() OVER (PARTITION BY iuid ORDER BY started_at DESC, id DESC) AS n
                     FROM integration_sync_runs WHERE iuid IN (${sql.join(iuids)})) t
      WHERE n <= ${limit} ORDER BY started_at DESC, id DESC`.execute(db);
    for (const row of r.rows) out.get(row.iuid)?.push({ ...row, id: Number(row.id) });
    return out;
  },

  /**
   * Starts a run of `iuid` unless a writing run of it is still going (started within 30 minutes, unfinished).
   * Takes the connection's row lock so two starts at once cannot both pass.
   * @returns the new run, or null when another is running
   */
  async startRun(db: Q, input: { iuid: string; trigger: 'manual' | 'schedule'; dryRun: boolean; complete: boolean }): Promise<SyncRunRow | null> {
    return db.transaction().execute(async (trx) => {
      await sql`SELECT 1 FROM integration_connections WHERE iuid = ${input.iuid} FOR UPDATE`.execute(trx);
      if (!input.dryRun) {
        const running = await sql`SELECT 1 FROM integration_sync_runs WHERE iuid = ${input.iuid} AND NOT dry_run AND finished_at IS NULL
          AND started_at > now() - make_interval(secs => ${STALE_RUN_MS / 1000})`.execute(trx);
        if (running.rows.length > 0) return null;
      }
      const r = await sql<SyncRunRow>`
        INSERT INTO integration_sync_runs (iuid, trigger, dry_run, is_complete) VALUES (${input.iuid}, ${input.trigger}, ${input.dryRun}, ${input.complete})
        RETURNING *`.execute(trx);
      return { ...r.rows[0]!, id: Number(r.rows[0]!.id) };
    });
  },

  async finishRun(db: Q, id: number, result: { created: number; updated: number; deactivated: number; failed: number; error: string | null }): Promise<SyncRunRow> {
    const r = await sql<SyncRunRow>`
      UPDATE integration_sync_runs SET finished_at = now(), created = ${result.created}, updated = ${result.updated},
        deactivated = ${result.deactivated}, failed = ${result.failed}, error = ${result.error?.slice(0, 500) ?? null}
      WHERE id = ${id} RETURNING *`.execute(db);
    return { ...r.rows[0]!, id: Number(r.rows[0]!.id) };
  },
};
