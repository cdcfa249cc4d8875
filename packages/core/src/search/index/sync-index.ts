import type { Database } from '@nj/db';
import { propertiesRepository, type IndexRowWithSeq } from '../../properties/properties-repository.ts';
import { PropertyIndex, type ExchangeRates } from './property-index.ts';
import { PropertyRowCache } from '../row-cache.ts';
import { lastWriteAt } from './write-watch.ts';

const BUILD_BATCH = 50_000;
/** How often (at most) a refresh re-reads the recent past to catch transactions that committed out of seq order. */
const RECHECK_EVERY_MS = 10_000;
/** How far back that re-read goes. A writing transaction that takes longer than this can be missed until a rebuild. */
const RECHECK_WINDOW_MS = 60_000;
/**
 * On a database only this process writes (watchWrites), the change_seq query is skipped while no write statement
 * ran in the last QUIET_MS (a transaction commits a moment after its last statement) and the database was asked
 * less than CHECK_AT_LEAST_MS ago.
 */
const QUIET_MS = 2_000;
const CHECK_AT_LEAST_MS = 1_000;

/**
 * Builds a process's index from every row of `properties` (keyset batches of 50,000), then compacts it.
 * Returns the index and the build time in ms. Throws when the database fails.
 */
export async function buildIndex(database: Database, rates: ExchangeRates): Promise<{ index: PropertyIndex; ms: number }> {
  const started = performance.now();
  const index = new PropertyIndex(rates);
  // Read the watermark first: rows written during the build are re-read by the first refresh.
  const seq = await propertiesRepository.maxChangeSeq(database);
  let after = '';
  for (;;) {
    const rows = await propertiesRepository.indexRowsAfter(database, after, BUILD_BATCH);
    for (const row of rows) index.upsert(row);
    if (rows.length < BUILD_BATCH) break;
    after = rows[rows.length - 1]!.puid;
  }
  index.compact();
  index.seq = seq;
  return { index, ms: performance.now() - started };
}

/**
 * Keeps an index in step with the database across processes. `refresh()` asks for max(change_seq) (one index
 * lookup) and, when the database is ahead, applies the rows and tombstones written since, in seq order; every
 * RECHECK_EVERY_MS it also re-reads the last RECHECK_WINDOW_MS of seqs, because a transaction can commit after one
 * with a higher seq. Concurrent callers share one refresh. On a database only this process writes (watchWrites:
 * the embedded PGlite) the query is skipped while nothing was written for QUIET_MS, at most CHECK_AT_LEAST_MS at a
 * time.
 */
export class IndexSync {
  private running: Promise<void> | null = null;
  /** (time ms, seq) watermarks, oldest first, for the re-read window. */
  private history: { at: number; seq: number }[] = [];
  private lastRecheck = Date.now();
  /** performance.now() of the last change_seq query. */
  private lastAsked = Number.NEGATIVE_INFINITY;
  /** Full rows of listings recently shown on a page, per version (see row-cache.ts). */
  readonly rows = new PropertyRowCache();
  private listeners: ((keys: string[]) => void)[] = [];

  /**
   * Reads every listing's full row into the row cache, in batches of 2,000 with a pause between them, when the
   * catalogue fits in it (the embedded database's demo size): afterwards a search reads no rows at all. Rows are
   * kept under their own change_seq, so one changed meanwhile is simply read again when shown. Does nothing for a
   * catalogue larger than the cache. Resolves with the number of rows read; throws the database's errors.
   */
  async prefillRows(options: { batch?: number; pauseMs?: number } = {}): Promise<number> {
    if (this.index.live > this.rows.capacity) return 0;
    const batch = options.batch ?? 2_000;
    let after = '';
    let n = 0;
    for (;;) {
      const rows = await propertiesRepository.rowsAfter(this.database, after, batch);
      for (const row of rows) this.rows.set(row, Number(row.change_seq));
      n += rows.length;
      if (rows.length < batch) return n;
      after = rows[rows.length - 1]!.puid;
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 20));
    }
  }

  /**
   * Calls `listener` with the puids and slugs (old and new) of the listings each refresh applies, after applying
   * them: whatever keeps copies of listing pages drops them (apps/server/src/ssr page cache). Returns nothing.
   */
  onChange(listener: (keys: string[]) => void): void {
    this.listeners.push(listener);
  }

  constructor(readonly index: PropertyIndex, private readonly database: Database) {
    this.history.push({ at: Date.now(), seq: index.seq });
  }

  refresh(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    const now = Date.now();
    let from: number | null = null;
    if (now - this.lastRecheck >= RECHECK_EVERY_MS) {
      this.lastRecheck = now;
      while (this.history.length > 1 && now - this.history[1]!.at > RECHECK_WINDOW_MS) this.history.shift();
      const old = this.history[0]!.seq;
      if (old < this.index.seq) from = old;
    }
    if (from === null) {
      const wrote = lastWriteAt(this.database);
      const at = performance.now();
      if (wrote !== null && at - wrote > QUIET_MS && at - this.lastAsked < CHECK_AT_LEAST_MS) return;
      this.lastAsked = at;
      const max = await propertiesRepository.maxChangeSeq(this.database);
      if (max <= this.index.seq) return;
      from = this.index.seq;
    }
    const changes = await propertiesRepository.changesSince(this.database, from);
    const touched = new Set<string>();
    if (this.listeners.length) {
      for (const r of changes.rows) {
        touched.add(r.puid).add(r.slug);
        const old = this.index.slugOf(r.puid);
        if (old) touched.add(old);
      }
      for (const t of changes.tombstones) {
        touched.add(t.puid);
        const old = this.index.slugOf(t.puid);
        if (old) touched.add(old);
      }
    }
    applyChanges(this.index, changes.rows, changes.tombstones);
    if (touched.size) for (const listener of this.listeners) listener([...touched]);
    this.history.push({ at: now, seq: this.index.seq });
    if (this.index.needsCompaction()) this.index.compact();
  }
}

/** Applies rows and tombstones in change_seq order (a delete after a re-insert wins, and the other way round). */
export function applyChanges(index: PropertyIndex, rows: IndexRowWithSeq[], tombstones: { puid: string; change_seq: number }[]): void {
  let r = 0;
  let t = 0;
  while (r < rows.length || t < tombstones.length) {
    const row = rows[r];
    const tomb = tombstones[t];
    if (row && (!tomb || row.change_seq < tomb.change_seq)) {
      index.upsert(row);
      index.seq = Math.max(index.seq, row.change_seq);
      r++;
    } else if (tomb) {
      index.remove(tomb.puid);
      index.seq = Math.max(index.seq, tomb.change_seq);
      t++;
    }
  }
}
