import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
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
};

// numeric and bigint arrive as text by default; every numeric we store fits a double (MXN with cents, m², counts).
const NUMERIC_OID = 1700;
const INT8_OID = 20;
pg.types.setTypeParser(NUMERIC_OID, (v) => Number.parseFloat(v));
pg.types.setTypeParser(INT8_OID, (v) => Number.parseInt(v, 10));

/**
 * Opens the database: PGlite with PostGIS, pg_trgm and unaccent in `dataDir` (or memory), or a PostgreSQL server
 * when `url` is given. Does not migrate (see migrate.ts). Throws when the server cannot be reached.
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
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
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
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
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
