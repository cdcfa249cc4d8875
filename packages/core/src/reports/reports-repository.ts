import type { Database } from '@nj/db';

/** SQL of listing reports (table listing_reports, migration 015; issue 9 §4 'Reportar anuncio'). */
export const reportsRepository = {
  /** Stores one report (status 'open' for the support team). */
  async insert(database: Database, report: {
    ruid: string; puid: string; reason: string; details: string | null; reporter_cuid: string | null; ip: string | null;
  }): Promise<void> {
    await database.db.insertInto('listing_reports').values(report).execute();
  },
};
