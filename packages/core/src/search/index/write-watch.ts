import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Database } from '@nj/db';

/** Time (performance.now() ms) of the last write statement each watched database finished. */
const watched = new WeakMap<Database, { lastWriteAt: number }>();

const WRITE_WORDS = /\b(insert|update|delete|truncate|merge|copy|alter|drop|create|call|do|refresh|vacuum|reindex|cluster)\b/i;

/** True when the statement may change data (anything but a plain SELECT; raw SQL checked for write keywords). */
function isWrite(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return false;
  if (node.kind === 'RawNode') return WRITE_WORDS.test(node.sqlFragments.join(' '));
  return true;
}

class WriteWatchPlugin implements KyselyPlugin {
  private readonly writes = new WeakSet<object>();

  constructor(private readonly state: { lastWriteAt: number }) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (isWrite(args.node)) {
      this.writes.add(args.queryId);
      this.state.lastWriteAt = performance.now();
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Finished (its transaction may commit a little later; readers allow for that, see sync-index.ts).
    if (this.writes.has(args.queryId)) this.state.lastWriteAt = performance.now();
    return args.result;
  }
}

/**
 * For a database only this process can write (the embedded PGlite, decision 003): routes every query of
 * `database.db` through a plugin that notes when a write statement was last started and finished, so the search
 * index may skip its "did anything change" query while nothing was written (issue 7 "Under load": on PGlite that
 * query cost as much as the index pass). Replaces `database.db` by a plugged instance sharing its connection; call
 * it before anything keeps a reference to `database.db`. Writes made around Kysely (`database.exec`) are not seen:
 * runtime code makes none. Returns nothing.
 */
export function watchWrites(database: Database): void {
  if (watched.has(database)) return;
  const state = { lastWriteAt: performance.now() };
  database.db = database.db.withPlugin(new WriteWatchPlugin(state));
  watched.set(database, state);
}

/** When the last write through a watched `database` started or finished (performance.now() ms), or null when it is not watched. */
export function lastWriteAt(database: Database): number | null {
  return watched.get(database)?.lastWriteAt ?? null;
}
