import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '@nj/contracts/common/app-error';
import type { Database } from '../connect.ts';
import { RowError, type ListingFacts } from './listing-fields.ts';
import { buildSlug, buildTitle, constructionYear, newNjUid, newPuid } from './listing-identity.ts';
import { detectLayout, type Layout } from './layouts.ts';

/** Historic Properati rows carry no date; they are shown as published on this day (issue 2 §2). */
export const PROPERATI_DEFAULT_PUBLISHED_AT = '2016-06-01';

export type ImportOptions = {
  /** `--map`: source column → our field (see layouts.ts MAP_FIELDS); '' ignores the column. */
  map?: Record<string, string>;
  /** `--source NAME`: the source name given to every row. */
  source?: string;
  /** Rows per transaction (default 500). */
  batchSize?: number;
  /** Called after every committed batch with rows done (skipped ones included) and the file's total rows. */
  onProgress?: (done: number, total: number) => void;
  /** Called after a batch is committed; a test throws here to simulate an interruption. */
  afterBatch?: (batchIndex: number) => void;
};

export type SkippedRow = { line: number; reason: string };

export type ImportSummary = {
  file: string;
  layout: Layout['name'];
  /** Data rows in the file. */
  total: number;
  /** Rows new to the database (whole file, across resumed runs). */
  imported: number;
  /** Rows that replaced an existing (source, source_id). */
  updated: number;
  /** Rows not imported; each with its line number (1 = header) and Spanish reason. */
  skipped: number;
  skippedRows: SkippedRow[];
  /** Data rows already done by an interrupted earlier run of the same file (0 for a fresh run). */
  resumedFrom: number;
  /** Wall time of this run in milliseconds. */
  ms: number;
};

/** A data row read from a file: its facts and cells, or why it is skipped. Lines count from 1 (the header). */
export type ParsedRow = { line: number; facts: ListingFacts; cells: Record<string, string> } | { line: number; reason: string };

/** Reads a CSV or gzipped CSV file as text (gzip recognised by its magic bytes; stray non-UTF-8 bytes → U+FFFD). */
export function readCsvText(path: string): { text: string; hash: string } {
  if (!existsSync(path)) throw new AppError('NOT_FOUND', M.fileNotFound(path));
  let bytes: Buffer = readFileSync(path);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  const hash = createHash('sha256').update(bytes).digest('hex');
  return { text: new TextDecoder('utf-8').decode(bytes), hash };
}

/**
 * Parses a whole CSV text with the layout its header names. Returns the layout, and for each data row its line
 * number (of the row's first line; the header is line 1) with either its facts or the Spanish reason it is skipped.
 * Malformed CSV lines and repeated (source, source_id) are skipped too; nothing throws for a bad row.
 * Throws AppError BAD_REQUEST when the file is empty or its header is not recognised (see detectLayout).
 */
export function parseListingsCsv(text: string, fileName: string, options: Pick<ImportOptions, 'map' | 'source'> = {}): { layout: Layout; rows: ParsedRow[] } {
  const rows: ParsedRow[] = [];
  const skippedLines: ParsedRow[] = [];
  const records = parse(text, {
    info: true,
    raw: true,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err, raw) => {
      const line = (err as { lines?: number } | undefined)?.lines ?? 0;
      skippedLines.push({ line, reason: M.malformedLine(err?.message ?? String(raw ?? '').slice(0, 80)) });
      return undefined;
    },
  }) as unknown as { record: string[]; raw: string; info: { lines: number } }[];
  const header = records[0];
  if (!header) throw new AppError('BAD_REQUEST', M.emptyFile);
  const { layout, columns } = detectLayout(header.record, options.map ?? {});
  const seen = new Map<string, number>();
  for (let i = 1; i < records.length; i++) {
    const r = records[i]!;
    // info.lines is the record's last line; a quoted field may span several lines.
    const line = r.info.lines - (r.raw.replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0);
    const row: Record<string, string> = {};
    columns.forEach((name, idx) => {
      if (name) row[name] = r.record[idx] ?? '';
    });
    try {
      const facts = layout.parse(row, { fileName, rawLine: r.raw.replace(/\r?\n$/, ''), source: options.source });
      const key = `${facts.source}\u0000${facts.sourceId}`;
      const first = seen.get(key);
      if (first !== undefined) {
        rows.push({ line, reason: M.duplicateInFile(first) });
        continue;
      }
      seen.set(key, line);
      rows.push({ line, facts, cells: row });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      rows.push({ line, reason: error.message });
    }
  }
  rows.push(...skippedLines);
  return { layout, rows };
}

type PropertyInsert = {
  puid: string;
  nj_uid: string;
  slug: string;
  source: string;
  source_id: string;
  title: string;
  description: null;
  property_type: string;
  is_renta: boolean;
  is_venta: boolean;
  rent_price: number | null;
  rent_currency: string;
  sale_price: number | null;
  sale_currency: string;
  monthly_maintenance_fee: number | null;
  street: string | null;
  neighborhood: string | null;
  municipality: string | null;
  state: string | null;
  lat: number;
  lng: number;
  land_area: number | null;
  construction_area: number | null;
  rooms: number | null;
  bathrooms: number | null;
  half_bathrooms: number | null;
  parking_spots: number | null;
  construction_year: string | null;
  amenities: string[];
  published_at: string;
};

/**
 * The database row of one listing (spec 01 §3 pricing model: renta → is_renta + rent_price/rent_currency, venta →
 * is_venta + sale_*; USD stays USD). New puid and nj_uid each call; on update the stored ids are kept (see upsert).
 */
export function toPropertyRow(facts: ListingFacts, now: Date = new Date()): PropertyInsert {
  const njUid = newNjUid();
  const title = buildTitle(facts);
  const publishedAt = facts.publishedAt ?? (facts.source === 'properati' ? PROPERATI_DEFAULT_PUBLISHED_AT : now.toISOString().slice(0, 10));
  const referenceYear = Number.parseInt(publishedAt.slice(0, 4), 10);
  const isRenta = facts.opType === 'renta';
  return {
    puid: newPuid(),
    nj_uid: njUid,
    slug: buildSlug(title, njUid),
    source: facts.source,
    source_id: facts.sourceId,
    title,
    description: null,
    property_type: facts.propertyType,
    is_renta: isRenta,
    is_venta: !isRenta,
    rent_price: isRenta ? facts.price : null,
    rent_currency: isRenta ? facts.currency : 'mxn',
    sale_price: isRenta ? null : facts.price,
    sale_currency: isRenta ? 'mxn' : facts.currency,
    monthly_maintenance_fee: facts.maintenanceFee,
    street: facts.street,
    neighborhood: facts.colonia,
    municipality: facts.municipality,
    state: facts.state,
    lat: facts.lat,
    lng: facts.lng,
    land_area: facts.landArea,
    construction_area: facts.constructionArea,
    rooms: facts.rooms,
    bathrooms: facts.bathrooms,
    half_bathrooms: facts.halfBathrooms,
    parking_spots: facts.parkingSpots,
    construction_year: constructionYear(facts.age, referenceYear),
    amenities: facts.amenities,
    published_at: publishedAt,
  };
}

const COLUMNS = [
  'puid', 'nj_uid', 'slug', 'source', 'source_id', 'title', 'description', 'property_type', 'is_renta', 'is_venta',
  'rent_price', 'rent_currency', 'sale_price', 'sale_currency', 'monthly_maintenance_fee', 'street', 'neighborhood',
  'municipality', 'state', 'lat', 'lng', 'land_area', 'construction_area', 'rooms', 'bathrooms', 'half_bathrooms',
  'parking_spots', 'construction_year', 'amenities', 'published_at',
] as const satisfies readonly (keyof PropertyInsert)[];
/** Columns a re-import overwrites; puid, nj_uid, owner, counters and images stay. */
const UPDATED = COLUMNS.filter((c) => !['puid', 'nj_uid', 'slug', 'source', 'source_id'].includes(c));

/**
 * One multi-row upsert: INSERT … ON CONFLICT (source, source_id) DO UPDATE … RETURNING (xmax = 0) AS inserted.
 * The slug keeps the stored nj_uid at its end when the title changes. Returns how many rows were new.
 */
async function upsertBatch(executor: Database['db'], rows: PropertyInsert[]): Promise<{ inserted: number; updated: number }> {
  const values = rows.map(
    (r) => sql`(${sql.join(COLUMNS.map((c) => (c === 'amenities' ? sql`${r.amenities}::text[]` : sql`${r[c]}`)))})`,
  );
  const result = await sql<{ inserted: boolean }>`
    INSERT INTO properties (${sql.join(COLUMNS.map((c) => sql.ref(c)))})
    VALUES ${sql.join(values)}
    ON CONFLICT (source, source_id) DO UPDATE SET
      ${sql.join(UPDATED.map((c) => sql`${sql.ref(c)} = EXCLUDED.${sql.ref(c)}`))},
      slug = left(EXCLUDED.slug, length(EXCLUDED.slug) - length(EXCLUDED.nj_uid)) || properties.nj_uid
    RETURNING (xmax = 0) AS inserted`.execute(executor);
  const inserted = result.rows.filter((r) => r.inserted).length;
  return { inserted, updated: result.rows.length - inserted };
}

function isUniqueIdClash(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && /nj_uid|slug|pkey/.test(`${e.constraint ?? ''} ${e.message ?? ''}`);
}

/**
 * Imports a listings CSV (or .csv.gz) into `properties` (issue 2 §2). The layout is recognised by its header
 * (normalised, raw or normalised Inmuebles24, Properati city or national files) or given by `options.map`.
 * Upserts by (source, source_id), in batches of `batchSize` rows, each batch in one transaction together with the
 * run's progress in `import_runs`; a run of the same file (same content hash and source) that was interrupted is
 * resumed after its last committed batch. Bad rows are skipped with their line number and reason.
 * Returns the summary. Throws AppError NOT_FOUND for a missing file and BAD_REQUEST for an unknown layout.
 */
export async function importListingsFile(database: Database, path: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const fileName = basename(path).replace(/\.gz$/i, '');
  const { text, hash } = readCsvText(path);
  const { layout, rows } = parseListingsCsv(text, fileName, options);
  const total = rows.length;
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const fileKey = `${options.source ?? layout.name}:${hash}:${JSON.stringify(options.map ?? {})}`;
  const { db } = database;

  const previous = await db
    .selectFrom('import_runs')
    .selectAll()
    .where('file_key', '=', fileKey)
    .where('finished_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const run = previous ?? (await db.insertInto('import_runs').values({ file_key: fileKey, source: options.source ?? layout.name }).returningAll().executeTakeFirstOrThrow());
  const resumedFrom = previous?.rows_done ?? 0;
  let imported = previous?.imported ?? 0;
  let updated = previous?.updated ?? 0;
  let skipped = previous?.skipped ?? 0;
  options.onProgress?.(resumedFrom, total);

  let batchIndex = 0;
  for (let start = resumedFrom; start < total; start += batchSize, batchIndex++) {
    const slice = rows.slice(start, start + batchSize);
    const good = slice.flatMap((r) => ('facts' in r ? [r.facts] : []));
    const bad = slice.length - good.length;
    for (let attempt = 0; ; attempt++) {
      try {
        await db.transaction().execute(async (trx) => {
          const result = good.length > 0 ? await upsertBatch(trx, good.map((f) => toPropertyRow(f))) : { inserted: 0, updated: 0 };
          await trx
            .updateTable('import_runs')
            .set({
              rows_done: start + slice.length,
              imported: sql`imported + ${result.inserted}`,
              updated: sql`updated + ${result.updated}`,
              skipped: sql`skipped + ${bad}`,
            })
            .where('id', '=', run.id)
            .execute();
          imported += result.inserted;
          updated += result.updated;
        });
        break;
      } catch (error) {
        // 8 random hex digits can meet an existing nj_uid; new ids for the batch and again.
        if (attempt < 5 && isUniqueIdClash(error)) continue;
        throw error;
      }
    }
    skipped += bad;
    options.onProgress?.(Math.min(start + batchSize, total), total);
    options.afterBatch?.(batchIndex);
  }
  await db.updateTable('import_runs').set({ finished_at: new Date() }).where('id', '=', run.id).execute();
  const skippedRows = rows.flatMap((r) => ('reason' in r ? [{ line: r.line, reason: r.reason }] : [])).sort((a, b) => a.line - b.line);
  return { file: path, layout: layout.name, total, imported, updated, skipped, skippedRows, resumedFrom, ms: performance.now() - started };
}
