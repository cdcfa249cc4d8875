import type { Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

/** SQL of listing reports (table listing_reports, migration 015; issue 9 §4 'Reportar anuncio'). */
export const reportsRepository = {
  /** Stores one report (status 'open' for the support team); `db` is the database or an open transaction. */
  async insert(db: Database | Kysely<DB>, report: {
    ruid: string; puid: string; reason: string; details: string | null; reporter_cuid: string | null; ip: string | null;
  }): Promise<void> {
    await ('kind' in db && 'db' in db ? (db as Database).db : (db as Kysely<DB>)).insertInto('listing_reports').values(report).execute();
  },
};
