import type { TListingImport } from '@nj/contracts';
import type { TListingImportRow } from './listing-imports-repository.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** An import row as its owner reads it (ZListingImport): counts, grouped report, times as ISO 8601. */
export function presentListingImport(row: TListingImportRow): TListingImport {
  return {
    id: row.id, file_name: row.file_name, format: row.format, status: row.status,
    rows_total: row.rows_total, rows_done: row.rows_done, imported: row.imported, updated: row.updated, skipped: row.skipped,
    report: row.report ?? null, error: row.error, created_at: iso(row.created_at)!, started_at: iso(row.started_at),
    finished_at: iso(row.finished_at), undone_at: iso(row.undone_at),
  };
}
