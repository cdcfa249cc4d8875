import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import type { Database } from '../connect.ts';
import { importListingsFile, type ImportSummary } from './import-listings.ts';

/** The shipped demo listings (data/listings/demo-listings.csv.gz at the repository root). */
export const DEMO_LISTINGS_PATH = fileURLToPath(new URL('../../../../data/listings/demo-listings.csv.gz', import.meta.url));

/**
 * First start (issue 2 §2): when `properties` is empty, imports the demo listings file, printing progress through
 * `log` about every 10 %. Returns the import summary, or null when there was nothing to do (listings exist) or the
 * demo file is missing (logged). Throws what importListingsFile throws.
 */
export async function ensureDemoData(
  database: Database,
  options: { log?: (line: string) => void; path?: string } = {},
): Promise<ImportSummary | null> {
  const log = options.log ?? ((line: string) => console.log(line));
  const path = options.path ?? DEMO_LISTINGS_PATH;
  const any = await database.db.selectFrom('properties').select('puid').limit(1).executeTakeFirst();
  if (any) return null;
  if (!existsSync(path)) {
    log(M.demoMissing(path));
    return null;
  }
  log(M.demoStart(path.replace(/^.*[\\/](data[\\/])/, '$1')));
  let nextTenth = 0.1;
  const summary = await importListingsFile(database, path, {
    onProgress: (done, total) => {
      if (total > 0 && done / total >= nextTenth) {
        log(M.demoProgress(done, total));
        while (done / total >= nextTenth) nextTenth += 0.1;
      }
    },
  });
  log(M.summary({ ...summary, seconds: summary.ms / 1000 }));
  return summary;
}
