import { Kysely, PGliteDialect, PostgresDialect, sql, type LogEvent } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { DB } from './schema.ts';

export type Database = {
  /** Typed query builder; hot queries are written with its `sql` tag so the SQL stays visible. */
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /**
   * The `postgres://…` URL this database was opened with (undefined for PGlite): for what needs a connection of its
   * own on the same database, such as LISTEN/NOTIFY (the chat's socket.io adapter across processes).
   */
  connectionString?: string | undefined;
  /** Runs a multi-statement SQL text with no parameters (migrations). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** `postgres://…` uses a PostgreSQL server; otherwise embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder; undefined with no url means in memory. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /**
   * Slow-query log (issue 8 §3): every query slower than `thresholdMs` (default 20 ms) is reported once through
   * `log` (default console.warn). `false` turns it off.
   */
  slowQuery?: SlowQueryOptions | false | undefined;
};

export type SlowQueryOptions = {
  /** Queries taking longer than this many milliseconds are logged; default SLOW_QUERY_MS (20). */
  thresholdMs?: number | undefined;
  /** Receives one line per slow query; default console.warn. */
  log?: ((line: string) => void) | undefined;
};

/** Default threshold of the slow-query log, in milliseconds (issue 8 §3; Epic Stack's db.server.ts uses 20 ms). */
export const SLOW_QUERY_MS = 20;

/**
 * Statements with more bound parameters than this are bulk writes (an import's multi-row INSERT): their time grows
 * with their size by design, so the slow-query log leaves them out (a first start logged hundreds of them).
 */
export const BULK_STATEMENT_PARAMS = 500;

/**
 * Builds Kysely's `log` option for the slow-query log: for each finished query (or failed one) whose duration is
 * above `thresholdMs`, calls `log` once with `consulta lenta: <ms> ms <first 200 chars of the SQL>` (duration rounded
 * to 0.1 ms, whitespace runs folded to one space so the line stays one line), except bulk statements (more than
 * BULK_STATEMENT_PARAMS parameters). Returns undefined when `options` is
 * false (no logging, and Kysely then skips timing queries). Never throws: a failing `log` is ignored so logging
 * cannot fail a query.
 */
export function slowQueryLogger(options: SlowQueryOptions | false | undefined): ((event: LogEvent) => void) | undefined {
  if (options === false) return undefined;
  const thresholdMs = options?.thresholdMs ?? SLOW_QUERY_MS;
  const log = options?.log ?? ((line: string) => console.warn(line));
  return (event) => {
    if (!(event.queryDurationMillis > thresholdMs) || event.query.parameters.length > BULK_STATEMENT_PARAMS) return;
    const text = event.query.sql.replace(/\s+/g, ' ').trim().slice(0, 200);
    try {
      log(`consulta lenta: ${event.queryDurationMillis.toFixed(1)} ms ${text}`);
    } catch {
      // a broken logger must not turn a successful query into an error
    }
  };
}

// numeric and bigint arrive as text by default; every numeric we store fits a double (MXN with cents, m², counts).
const NUMERIC_OID = 1700;
const INT8_OID = 20;
pg.types.setTypeParser(NUMERIC_OID, (v) => Number.parseFloat(v));
pg.types.setTypeParser(INT8_OID, (v) => Number.parseInt(v, 10));

/**
 * Opens the database: PGlite with PostGIS, pg_trgm and unaccent in `dataDir` (or memory), or a PostgreSQL server
 * when `url` is given. Does not migrate (see migrate.ts). Queries through `db` slower than 20 ms (or
 * `slowQuery.thresholdMs`) are logged with their duration (see slowQueryLogger). Throws when the server cannot be
 * reached.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client the server ends (a restart, a fail-over, a test database dropped WITH (FORCE)) is an 'error'
    // event on the pool; without a listener it would crash the process. The pool drops that client and the next
    // query opens a new one, so only unexpected kinds are worth a line.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.warn(`PostgreSQL: conexión inactiva cerrada (${error.code ?? error.message})`);
    });
    const client = await pool.connect();
    client.release();
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: slowQueryLogger(options.slowQuery) });
    return {
      db,
      kind: 'postgres',
      connectionString: options.url,
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => db.destroy(),
    };
  }
  if (options.dataDir && !options.dataDir.includes('://')) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir ?? 'memory://', {
    extensions: { postgis, pg_trgm, unaccent },
    parsers: { [NUMERIC_OID]: (v: string) => Number.parseFloat(v), [INT8_OID]: (v: string) => Number.parseInt(v, 10) },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), log: slowQueryLogger(options.slowQuery) });
  return {
    db,
    kind: 'pglite',
    exec: async (text) => {
      await pglite.exec(text);
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** True when the database answers `select 1`. */
export async function ping(database: Database): Promise<boolean> {
  const r = await sql<{ one: number }>`select 1 as one`.execute(database.db);
  return r.rows[0]?.one === 1;
}
