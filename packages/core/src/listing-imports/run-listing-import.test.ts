import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_PAGE_MESSAGES as M } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import type { TClaimedJob } from '../jobs/jobs-repository.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { registeredActor } from '../policies/actor.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { planListingImport } from './plan-listing-import.ts';
import { runListingImport } from './run-listing-import.ts';
import { startListingImport } from './start-listing-import.ts';

let database: Database;
let dir: string;
let storage: MediaStorage;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'nj-run-import-'));
  storage = createLocalMediaStorage({ root: dir });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const CSV = [
  'source_id,op_type,property_type,price,currency,rooms,bathrooms,colonia,municipality,state,lat,lng',
  'R-1,venta,house,3500000,mxn,3,2,Providencia,Guadalajara,Jalisco,20.6931,-103.3889',
  'R-2,renta,apartment,18000,mxn,2,1,Americana,Guadalajara,Jalisco,20.6737,-103.3670',
].join('\n');

const job = (attempts: number, max = 3) => ({ job: { id: 1, name: 'listings.import', payload: {}, key: null, attempts, max_attempts: max } satisfies TClaimedJob });

/** A running import of a new client over CSV, started through the verbs. */
async function runningImport(): Promise<{ id: string; cuid: string }> {
  const { cuid } = await createTestClientSession(database);
  const actor = registeredActor(cuid);
  const { import: created } = await planListingImport({ database, storage }, { actor, bytes: Buffer.from(CSV), fileName: 'mias.csv' });
  await startListingImport({ database }, { actor, id: created.id });
  return { id: created.id, cuid };
}

const statusOf = async (id: string) => database.db.selectFrom('listing_imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('runListingImport (the job listings.import, issue 10)', () => {
  it('a run cut short stays running and the next attempt finishes it; the listings are the owner\'s with the import id; the upload is then deleted', async () => {
    const { id, cuid } = await runningImport();
    const failing: MediaStorage = { ...storage, get: async () => { throw new Error('disco no disponible'); } };
    await expect(runListingImport({ database, storage: failing }, { id }, job(1))).rejects.toThrow('disco no disponible');
    expect((await statusOf(id)).status).toBe('running');
    await runListingImport({ database, storage }, { id }, job(2));
    expect(await statusOf(id)).toMatchObject({ status: 'done', rows_total: 2, rows_done: 2, imported: 2, skipped: 0 });
    const rows = await database.db.selectFrom('properties').select(['owner_cuid', 'import_id']).where('owner_cuid', '=', cuid).execute();
    expect(rows).toEqual([{ owner_cuid: cuid, import_id: id }, { owner_cuid: cuid, import_id: id }]);
    expect(await storage.get((await statusOf(id)).stored_path)).toBeNull();
  });

  it('a second run of the same import in this process (a lease that ran out) waits for the first instead of importing twice', async () => {
    const { id } = await runningImport();
    let reads = 0;
    const counting: MediaStorage = { ...storage, get: async (key) => { reads++; return storage.get(key); } };
    await Promise.all([runListingImport({ database, storage: counting }, { id }, job(1)), runListingImport({ database, storage: counting }, { id }, job(2))]);
    expect(reads).toBe(1);
    expect((await statusOf(id)).status).toBe('done');
  });

  it('the last attempt marks the import failed with a Spanish error; an import no longer running is left alone', async () => {
    const { id } = await runningImport();
    const failing: MediaStorage = { ...storage, get: async () => { throw new Error('disco no disponible'); } };
    await expect(runListingImport({ database, storage: failing }, { id }, job(3))).rejects.toThrow();
    expect(await statusOf(id)).toMatchObject({ status: 'failed', error: M.jobFailed });
    await runListingImport({ database, storage }, { id }, job(1));
    expect((await statusOf(id)).status).toBe('failed');
  });
});
