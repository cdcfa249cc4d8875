import { sql } from 'kysely';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import type { Database } from '../connect.ts';
import { loadGeocoder, type Geocoder } from './geocode/index.ts';
import { groupSkippedRows, type SkippedGroup } from './group-skipped-rows.ts';
import type { ListingFacts, LocationPrecision } from './listing-fields.ts';
import { buildSlug, buildTitle, constructionYear, newNjUid, newPuid } from './listing-identity.ts';
import { resolveMapping, type MapSpec } from './mapping.ts';
import { cellsByHeader, mapSpecOf, readRow, resolveAsOf, surveyTable, type RowOutcome } from './read-row.ts';
import { openTable, type TableLimits, type TableSource } from './read-table.ts';

export { parseListingsCsv, readCsvText, type ParsedRow } from './parse-listings-csv.ts';

export type ImportOptions = {
  /** `--map`: the grammar of mapping.ts parseMapSpec, as text or parsed. */
  map?: MapSpec | string;
  /** `--source NAME`: the source name given to every row (else the layout's). */
  source?: string;
  /** `--as-of YYYY-MM-DD`: the day relative dates ('hace 13 días') count from; default the file's modification day. */
  asOf?: string;
  /** `--dry-run`: read, map, geocode and check everything, write nothing; the summary says what would happen. */
  dryRun?: boolean;
  /** `--keep-text`: store the advertiser's title, description and listing URL (an agency importing its own export). */
  keepText?: boolean;
  /** `--keep-implausible`: import implausible rows inactive instead of skipping them. */
  keepImplausible?: boolean;
  /** The import page: the client who owns the imported listings, and the listing_imports row they belong to. */
  ownerCuid?: string;
  importId?: string;
  /** Rows per transaction (default 500). */
  batchSize?: number;
  /** Bounds of the file (bytes, columns, cell size, rows); see read-table.ts DEFAULT_TABLE_LIMITS. */
  limits?: Partial<TableLimits>;
  /** Called after every committed batch with data rows done (skipped ones included) and the file's total. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
  /** Called after a batch is committed; a test throws here to simulate an interruption. */
  afterBatch?: (batchIndex: number) => void;
};

export type SkippedRow = { line: number; reason: string };

/** One parsed row shown beside its source (`--dry-run`, the import page's preview). */
export type SampleRow = { line: number; source: Record<string, string>; facts: ListingFacts };

export type ImportSummary = {
  /** The file's name (no folders). */
  file: string;
  /** The layout recognised ('normalised', 'inmuebles24', 'easybroker', …) or 'mapped'. */
  layout: string;
  format: 'csv' | 'xlsx';
  /** Data rows in the file. */
  total: number;
  /** Rows new to the database (whole file, across resumed runs); with dryRun, rows that would be new. */
  imported: number;
  /** Rows that replaced an existing (source, source_id); with dryRun, rows that would. */
  updated: number;
  /** Rows not imported. */
  skipped: number;
  /** The first 1,000 skipped rows, each with its line number (1 = header) and Spanish reason, ascending. */
  skippedRows: SkippedRow[];
  /** Every skipped row grouped by reason, most frequent first. */
  skippedByReason: SkippedGroup[];
  /** Implausible rows imported inactive (`keepImplausible`). */
  implausibleKept: number;
  /** Imported rows by how their point was found. */
  precision: Record<LocationPrecision, number>;
  /** Data rows already done by an interrupted earlier run of the same file (0 for a fresh run). */
  resumedFrom: number;
  /** Wall time of this run in milliseconds. */
  ms: number;
  dryRun: boolean;
  /** The first five rows that import, beside their source cells. */
  sample: SampleRow[];
};

const MAX_SKIPPED_ROWS = 1000;
const SAMPLE_ROWS = 5;

type PropertyInsert = {
  puid: string;
  nj_uid: string;
  slug: string;
  source: string;
  source_id: string;
  title: string;
  description: string | null;
  source_url: string | null;
  property_type: string;
  is_renta: boolean;
  is_venta: boolean;
  is_active: boolean;
  rent_price: number | null;
  rent_currency: string;
  sale_price: number | null;
  sale_currency: string;
  monthly_maintenance_fee: number | null;
  street: string | null;
  number_ext: string | null;
  neighborhood: string | null;
  city: string | null;
  municipality: string | null;
  state: string | null;
  zip: string | null;
  lat: number;
  lng: number;
  location_precision: LocationPrecision;
  land_area: number | null;
  construction_area: number | null;
  rooms: number | null;
  bathrooms: number | null;
  half_bathrooms: number | null;
  parking_spots: number | null;
  construction_year: string | null;
  amenities: string[];
  published_at: string | null;
  owner_cuid: string | null;
  import_id: string | null;
};

/**
 * The database row of one listing (spec 01 §3 pricing model: renta → is_renta + rent_price/rent_currency, venta →
 * is_venta + sale_*; USD stays USD). New puid and nj_uid each call; on update the stored ids are kept (see upsert).
 * An unknown publication date stays null (issue 10); an unknown or zero age gives no construction year.
 * `extra`: the owner and import of the import page, and whether the listing is active (implausible kept → false).
 */
export function toPropertyRow(
  facts: ListingFacts,
  extra: { ownerCuid?: string | undefined; importId?: string | undefined; active?: boolean; keepText?: boolean | undefined } = {},
): PropertyInsert {
  const njUid = newNjUid();
  const title = (extra.keepText ? facts.title : null) ?? buildTitle(facts);
  const referenceYear = facts.publishedAt ? Number.parseInt(facts.publishedAt.slice(0, 4), 10) : new Date().getFullYear();
  const isRenta = facts.opType === 'renta';
  return {
    puid: newPuid(),
    nj_uid: njUid,
    slug: buildSlug(buildTitle(facts), njUid),
    source: facts.source,
    source_id: facts.sourceId,
    title,
    description: extra.keepText ? (facts.description ?? null) : null,
    source_url: extra.keepText ? (facts.sourceUrl ?? null) : null,
    property_type: facts.propertyType,
    is_renta: isRenta,
    is_venta: !isRenta,
    is_active: extra.active ?? true,
    rent_price: isRenta ? facts.price : null,
    rent_currency: isRenta ? facts.currency : 'mxn',
    sale_price: isRenta ? null : facts.price,
    sale_currency: isRenta ? 'mxn' : facts.currency,
    monthly_maintenance_fee: facts.maintenanceFee,
    street: facts.street,
    number_ext: facts.exteriorNumber ?? null,
    neighborhood: facts.colonia,
    city: facts.locality ?? null,
    municipality: facts.municipality,
    state: facts.state,
    zip: facts.postalCode ?? null,
    lat: facts.lat,
    lng: facts.lng,
    location_precision: facts.precision ?? 'exact',
    land_area: facts.landArea,
    construction_area: facts.constructionArea,
    rooms: facts.rooms,
    bathrooms: facts.bathrooms,
    half_bathrooms: facts.halfBathrooms,
    parking_spots: facts.parkingSpots,
    construction_year: facts.constructionYear != null ? String(facts.constructionYear) : constructionYear(facts.age, referenceYear),
    amenities: facts.amenities,
    published_at: facts.publishedAt,
    owner_cuid: extra.ownerCuid ?? null,
    import_id: extra.importId ?? null,
  };
}

const COLUMNS = [
  'puid', 'nj_uid', 'slug', 'source', 'source_id', 'title', 'description', 'source_url', 'property_type', 'is_renta',
  'is_venta', 'is_active', 'rent_price', 'rent_currency', 'sale_price', 'sale_currency', 'monthly_maintenance_fee',
  'street', 'number_ext', 'neighborhood', 'city', 'municipality', 'state', 'zip', 'lat', 'lng', 'location_precision', 'land_area',
  'construction_area', 'rooms', 'bathrooms', 'half_bathrooms', 'parking_spots', 'construction_year', 'amenities',
  'published_at', 'owner_cuid', 'import_id',
] as const satisfies readonly (keyof PropertyInsert)[];
/** Columns a re-import overwrites; puid, nj_uid, counters and images stay, and an owner is never taken away. */
const UPDATED = COLUMNS.filter((c) => !['puid', 'nj_uid', 'slug', 'source', 'source_id', 'owner_cuid', 'import_id'].includes(c));

/**
 * One multi-row upsert: INSERT … ON CONFLICT (source, source_id) DO UPDATE … RETURNING (xmax = 0) AS inserted.
 * Marks the transaction's price changes as `priceSource` ('import', or 'sync' for the provider sync) for the
 * price-history trigger of migration 051 (run it inside a transaction; outside one a change counts as an 'edit').
 * The slug keeps the stored nj_uid at its end when the title changes. An existing listing is updated only by an
 * import of the same owner (both ownerless for the command, or the same client for the import page): a listing of
 * another owner, or an ownerless one met by a client's import, is left as it is. Returns how many rows were new and
 * updated, and the keys (source \0 source_id) of the rows left alone.
 */
async function upsertBatch(
  executor: Database['db'], rows: PropertyInsert[], priceSource: 'import' | 'sync' = 'import',
): Promise<{ inserted: number; updated: number; blocked: Set<string> }> {
  // Issue 17 (decision 036): the price-history trigger records this transaction's price changes as `priceSource`.
  await sql`SELECT set_config('nj.price_source', ${priceSource}, true)`.execute(executor);
  const values = rows.map(
    (r) => sql`(${sql.join(COLUMNS.map((c) => (c === 'amenities' ? sql`${r.amenities}::text[]` : c === 'published_at' ? sql`${r.published_at}::timestamptz` : sql`${r[c]}`)))})`,
  );
  const result = await sql<{ inserted: boolean; source: string; source_id: string }>`
    INSERT INTO properties (${sql.join(COLUMNS.map((c) => sql.ref(c)))})
    VALUES ${sql.join(values)}
    ON CONFLICT (source, source_id) DO UPDATE SET
      ${sql.join(UPDATED.map((c) => sql`${sql.ref(c)} = EXCLUDED.${sql.ref(c)}`))},
      slug = left(EXCLUDED.slug, length(EXCLUDED.slug) - length(EXCLUDED.nj_uid)) || properties.nj_uid,
      import_id = coalesce(EXCLUDED.import_id, properties.import_id)
    WHERE properties.owner_cuid IS NOT DISTINCT FROM EXCLUDED.owner_cuid
    RETURNING (xmax = 0) AS inserted, source, source_id`.execute(executor);
  const inserted = result.rows.filter((r) => r.inserted).length;
  const written = new Set(result.rows.map((r) => `${r.source}\u0000${r.source_id}`));
  const blocked = new Set(rows.map((r) => `${r.source}\u0000${r.source_id}`).filter((key) => !written.has(key)));
  return { inserted, updated: result.rows.length - inserted, blocked };
}

/**
 * The importer's upsert for the other writer of whole listings, the provider sync (issue 16, decision 033): the same
 * row building (toPropertyRow) and INSERT … ON CONFLICT (source, source_id) as an import, so a listing looks the same
 * whichever way it came. Run it inside the caller's transaction. A listing of another owner is left alone.
 * @param items the facts of each listing and whether it is active; `options.ownerCuid` the owner (null: ownerless),
 *   `keepText` keeps the source's own title, description and URL
 * @returns how many rows were new and updated, and the keys (source \0 source_id) left alone
 */
export async function upsertListingFacts(
  executor: Database['db'], items: { facts: ListingFacts; active: boolean }[], options: { ownerCuid?: string | undefined; keepText?: boolean } = {},
): Promise<{ inserted: number; updated: number; blocked: Set<string> }> {
  if (items.length === 0) return { inserted: 0, updated: 0, blocked: new Set() };
  return upsertBatch(executor, items.map((i) => toPropertyRow(i.facts, { ownerCuid: options.ownerCuid, active: i.active, keepText: options.keepText })), 'sync');
}

/**
 * Which of `keys` (source, source_id) already exist, as keys (source \0 source_id): those of `ownerCuid` (null: ownerless)
 * that a run would update, and those of someone else that it would leave alone (see upsertBatch).
 */
async function findExisting(executor: Database['db'], keys: { source: string; sourceId: string }[], ownerCuid: string | null): Promise<{ own: Set<string>; others: Set<string> }> {
  const own = new Set<string>();
  const others = new Set<string>();
  if (keys.length === 0) return { own, others };
  const pairs = keys.map((k) => sql`(${k.source}, ${k.sourceId})`);
  const result = await sql<{ source: string; source_id: string; mine: boolean }>`
    SELECT source, source_id, owner_cuid IS NOT DISTINCT FROM ${ownerCuid} AS mine
    FROM properties WHERE (source, source_id) IN (${sql.join(pairs)})`.execute(executor);
  for (const r of result.rows) (r.mine ? own : others).add(`${r.source}\u0000${r.source_id}`);
  return { own, others };
}

function isUniqueIdClash(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && /nj_uid|slug|pkey/.test(`${e.constraint ?? ''} ${e.message ?? ''}`);
}

/**
 * Imports a table of listings (CSV, gzip'd CSV or XLSX; issue 10) into `properties`. Pipeline: openTable (format,
 * encoding, separator, limits) → resolveMapping (a known portal layout by its header, or `options.map` plus
 * guesses) → parseMappedRow per row → coordinates or the geocoder against our places → plausibility → upsert by
 * (source, source_id) in batches of `batchSize`, each batch in one transaction with the run's progress in
 * `import_runs`. Streaming: two passes over the file (count, then import), memory flat whatever its size. A run of
 * the same file, mapping and options that was interrupted resumes after its last committed batch. Repeats of one
 * (source, source_id) inside the file are skipped once each, naming the first line. With `dryRun` nothing is
 * written: the counts say what would happen. Returns the summary.
 * Throws AppError BAD_REQUEST (Spanish) when the file is not a readable table, is over its limits, or its columns
 * cannot be mapped (the message lists missing fields and a ready `--map`); NOT_FOUND for a missing file.
 */
export async function importListings(database: Database, source: TableSource, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const spec = mapSpecOf(options.map);
  const head = await openTable(source, options.limits);
  const mapping = resolveMapping(head.header, spec);
  const asOf = await resolveAsOf(source, options.asOf);
  const { total, dateOrder } = await surveyTable(source, mapping, options.limits);
  const table = await openTable(source, options.limits);
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const dryRun = options.dryRun === true;
  const fileKey = [
    options.source ?? mapping.layout, table.hash, JSON.stringify(spec ?? null), options.ownerCuid ?? '', options.importId ?? '',
    options.keepText ? 'text' : '', options.keepImplausible ? 'implausible' : '', asOf,
  ].join(':');
  const { db } = database;

  // Our places, in memory before the first row needs them; locate() itself is synchronous.
  const geocoder: Geocoder = await loadGeocoder(database);
  const ctx = {
    mapping,
    fileName: table.fileName.replace(/\.gz$/i, ''),
    source: options.source,
    asOf,
    dateOrder,
    keepImplausible: options.keepImplausible === true,
    geocoder: () => geocoder,
  };

  const previous = dryRun
    ? undefined
    : await db.selectFrom('import_runs').selectAll().where('file_key', '=', fileKey).where('finished_at', 'is', null).orderBy('id', 'desc').executeTakeFirst();
  const run = dryRun
    ? undefined
    : (previous ?? (await db.insertInto('import_runs').values({ file_key: fileKey, source: options.source ?? mapping.layout }).returningAll().executeTakeFirstOrThrow()));
  const resumedFrom = previous?.rows_done ?? 0;
  let imported = previous?.imported ?? 0;
  let updated = previous?.updated ?? 0;
  await options.onProgress?.(resumedFrom, total);

  const seen = new Map<string, number>();
  const skippedAll: SkippedRow[] = [];
  const precision: Record<LocationPrecision, number> = { exact: 0, colonia: 0, postal_code: 0, locality: 0, municipality: 0 };
  const sample: SampleRow[] = [];
  let implausibleKept = 0;
  let skipped = 0;
  let index = 0;
  let batch: RowOutcome[] = [];
  let batchStart = 0;
  let batchIndex = 0;

  /** Rows another owner's listing keeps: skipped with that reason (their counts were taken as imported rows). */
  const skipBlocked = (good: { line: number; facts: ListingFacts; active: boolean }[], blocked: Set<string>): number => {
    for (const g of good) {
      if (!blocked.has(`${g.facts.source}\u0000${g.facts.sourceId}`)) continue;
      skipped++;
      skippedAll.push({ line: g.line, reason: M.ownedByAnother });
      precision[g.facts.precision ?? 'exact']--;
      if (!g.active) implausibleKept--;
    }
    return blocked.size;
  };

  const flush = async (): Promise<void> => {
    const good = batch.flatMap((r) => ('facts' in r ? [r] : []));
    const end = batchStart + batch.length;
    if (dryRun) {
      const existing = await findExisting(db, good.map((g) => ({ source: g.facts.source, sourceId: g.facts.sourceId })), options.ownerCuid ?? null);
      const blocked = skipBlocked(good, existing.others);
      imported += good.length - existing.own.size - blocked;
      updated += existing.own.size;
    } else if (end > resumedFrom) {
      const bad = batch.length - good.length;
      let blockedNow = new Set<string>();
      for (let attempt = 0; ; attempt++) {
        try {
          await db.transaction().execute(async (trx) => {
            const rows = good.map((g) => toPropertyRow(g.facts, { ownerCuid: options.ownerCuid, importId: options.importId, active: g.active, keepText: options.keepText }));
            const result = rows.length > 0 ? await upsertBatch(trx, rows) : { inserted: 0, updated: 0, blocked: new Set<string>() };
            blockedNow = result.blocked;
            await trx
              .updateTable('import_runs')
              .set({ rows_done: end, imported: sql`imported + ${result.inserted}`, updated: sql`updated + ${result.updated}`, skipped: sql`skipped + ${bad + result.blocked.size}` })
              .where('id', '=', run!.id)
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
      skipBlocked(good, blockedNow);
      await options.onProgress?.(end, total);
      options.afterBatch?.(batchIndex);
    }
    batchIndex++;
    batch = [];
    batchStart = end;
  };

  for await (const row of table.rows()) {
    const outcome = readRow(row.cells, row.line, ctx);
    if ('facts' in outcome) {
      const key = `${outcome.facts.source}\u0000${outcome.facts.sourceId}`;
      const first = seen.get(key);
      if (first !== undefined) {
        batch.push({ line: row.line, reason: M.duplicateInFile(first) });
      } else {
        seen.set(key, row.line);
        batch.push(outcome);
        precision[outcome.facts.precision ?? 'exact']++;
        if (!outcome.active) implausibleKept++;
        if (sample.length < SAMPLE_ROWS) sample.push({ line: row.line, source: cellsByHeader(table.header, row.cells), facts: outcome.facts });
      }
    } else {
      batch.push(outcome);
    }
    const last = batch[batch.length - 1]!;
    if ('reason' in last) {
      skipped++;
      skippedAll.push({ line: last.line, reason: last.reason });
    }
    index++;
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0 || index === 0) await flush();
  if (run) await db.updateTable('import_runs').set({ finished_at: new Date() }).where('id', '=', run.id).execute();
  skippedAll.sort((a, b) => a.line - b.line);
  return {
    file: table.fileName,
    layout: mapping.layout,
    format: table.format,
    total,
    imported,
    updated,
    skipped,
    skippedRows: skippedAll.slice(0, MAX_SKIPPED_ROWS),
    skippedByReason: groupSkippedRows(skippedAll),
    implausibleKept,
    precision,
    resumedFrom,
    ms: performance.now() - started,
    dryRun,
    sample,
  };
}

/**
 * `importListings` for a file on disk (the CLI and the demo data). Same options, summary and errors; NOT_FOUND when
 * the path does not exist.
 */
export async function importListingsFile(database: Database, path: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return importListings(database, { path }, options);
}
