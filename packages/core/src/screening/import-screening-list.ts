import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { parseOfacSdn } from './parse-ofac-sdn.ts';
import { parseSat69b } from './parse-sat-69b.ts';
import { screeningRepository } from './screening-repository.ts';
import { SCREENING_LISTS, type ParsedScreeningList, type ScreeningListId } from './screening-lists.ts';
import { tablesOf } from './screening-tables.ts';

/** The files of one list as published: the main file, and OFAC's alt.csv when given. */
export type ScreeningListFiles = { main: Uint8Array; alt?: Uint8Array | undefined };

/** What an import did. */
export type ScreeningImportResult = {
  listId: ScreeningListId;
  importId: string;
  /** Entries of the list now active. */
  entries: number;
  /** Entries already written by an interrupted run of the same file, skipped this time (0 for a fresh run). */
  resumedFrom: number;
  /** True when the active list already came from these very files: nothing was written. */
  unchanged: boolean;
  sourceDate: string | null;
};

/** Parses `files` as list `listId`'s format. @throws AppError BAD_REQUEST when they are not that list's files. */
export function parseScreeningList(listId: ScreeningListId, files: ScreeningListFiles): ParsedScreeningList {
  return listId === 'sat-69b' ? parseSat69b(files.main) : parseOfacSdn(files.main, files.alt);
}

/**
 * Replaces list `listId` (SCREENING_LISTS) with the entries of `files` (issue 12 'Investigation'; decision 017).
 * The entries are written in batches of `batchSize` (default 1000) under a new import while the previous list stays
 * active; only when all are written does one transaction make the new import active and delete the old one, so a
 * screening never sees half a list. A run interrupted midway is resumed by running it again with the same files
 * (same SHA-256): it continues after the last written batch; unfinished imports of other files are dropped.
 * Takes `sourceUrl` (where the files came from, kept with the list), `sourceDate` ('YYYY-MM-DD', the publisher's
 * date; the SAT file's own legend wins), and `afterBatch` (called with the entries written so far; tests stop a run
 * there by throwing).
 * @returns ScreeningImportResult
 * @throws AppError BAD_REQUEST when the files are not the list's format or hold no entry
 */
export async function importScreeningList(
  database: Database,
  input: {
    listId: ScreeningListId; files: ScreeningListFiles; sourceUrl?: string | null; sourceDate?: string | null; batchSize?: number;
    afterBatch?: (written: number) => void | Promise<void>;
  },
): Promise<ScreeningImportResult> {
  const list = SCREENING_LISTS[input.listId];
  const parsed = parseScreeningList(input.listId, input.files);
  if (parsed.entries.length === 0) throw new AppError('BAD_REQUEST', `El archivo de la lista ${input.listId} no tiene ninguna entrada`);
  const hash = createHash('sha256').update(input.files.main);
  if (input.files.alt) hash.update('\u0000alt\u0000').update(input.files.alt);
  const sha256 = hash.digest('hex');
  const sourceDate = parsed.sourceDate ?? input.sourceDate ?? null;

  const active = await tablesOf(database).selectFrom('screening_lists').innerJoin('screening_imports', 'screening_imports.import_id', 'screening_lists.active_import_id')
    .select(['screening_imports.import_id', 'screening_imports.file_sha256', 'screening_lists.entries_count'])
    .where('screening_lists.list_id', '=', input.listId).executeTakeFirst();
  if (active?.file_sha256 === sha256) {
    return { listId: input.listId, importId: active.import_id, entries: active.entries_count, resumedFrom: 0, unchanged: true, sourceDate };
  }

  const loading = await screeningRepository.findLoading(database, input.listId, sha256);
  const importId = loading?.import_id ?? randomUUID();
  await screeningRepository.abandonOthers(database, input.listId, loading?.import_id ?? null);
  if (!loading) {
    await screeningRepository.createImport(database, {
      import_id: importId, list_id: input.listId, file_sha256: sha256, source_url: input.sourceUrl ?? null,
      source_date: sourceDate, entries_total: parsed.entries.length,
    });
  }
  const resumedFrom = loading?.entries_done ?? 0;
  const size = Math.max(1, input.batchSize ?? 1000);
  for (let from = resumedFrom; from < parsed.entries.length; from += size) {
    const batch = parsed.entries.slice(from, from + size);
    await screeningRepository.writeBatch(database, importId, from, batch);
    await input.afterBatch?.(from + batch.length);
  }
  await screeningRepository.activate(database, { list_id: input.listId, kind: list.kind, name: list.name }, importId);
  return { listId: input.listId, importId, entries: parsed.entries.length, resumedFrom, unchanged: false, sourceDate };
}

/** The message a failed download prints (Spanish, then English for operators). */
export const SCREENING_DOWNLOAD_FAILED = (listId: string, url: string, reason: string) =>
  `No se pudo descargar la lista ${listId} de ${url} (${reason}). ¿Hay conexión a internet? Descarga el archivo a mano e impórtalo con --file.\n` +
  `Could not download list ${listId} from ${url} (${reason}). Is the machine online? Download the file by hand and import it with --file.`;

/**
 * Downloads list `listId`'s official files (SCREENING_LISTS urls, or `urls` instead) with `fetchImpl` (default the
 * global fetch), each within `timeoutMs` (default 120 s).
 * @returns the files, the main file's URL and its Last-Modified date ('YYYY-MM-DD') when the server sends one
 * @throws AppError UNAVAILABLE SCREENING_DOWNLOAD_FAILED when a file cannot be fetched (offline, DNS, timeout, non-2xx)
 */
export async function downloadScreeningList(
  listId: ScreeningListId,
  options: { urls?: string[]; fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<{ files: ScreeningListFiles; sourceUrl: string; lastModified: string | null }> {
  const urls = options.urls ?? [...SCREENING_LISTS[listId].urls];
  const fetchImpl = options.fetchImpl ?? fetch;
  const bodies: Uint8Array[] = [];
  let lastModified: string | null = null;
  for (const [index, url] of urls.entries()) {
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 120_000), redirect: 'follow' });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.name : String(error));
      throw new AppError('UNAVAILABLE', SCREENING_DOWNLOAD_FAILED(listId, url, cause));
    }
    if (!response.ok) throw new AppError('UNAVAILABLE', SCREENING_DOWNLOAD_FAILED(listId, url, `HTTP ${response.status}`));
    bodies.push(new Uint8Array(await response.arrayBuffer()));
    if (index === 0) {
      const header = response.headers.get('last-modified');
      const date = header ? new Date(header) : null;
      lastModified = date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : null;
    }
  }
  return { files: { main: bodies[0]!, alt: bodies[1] }, sourceUrl: urls[0]!, lastModified };
}
