import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { registeredActor } from '../policies/actor.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { uploadClientDocument } from './client-documents.ts';
import { documentsRepository } from './documents-repository.ts';
import { expireDocuments } from './expire-documents.ts';
import { storePersonDocument } from './store-person-document.ts';
import { insertTestRent, testPng } from './testing/document-fixtures.ts';

let database: Database;
let storage: MediaStorage;
let root: string;
const dataKey = randomBytes(32);
beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'nj-docs-expire-'));
  storage = createLocalMediaStorage({ root });
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('expireDocuments (decision 016: retention)', () => {
  it('deletes the proofs of rents ended long ago and idle INEs of clients with nothing in process, with their files', async () => {
    const deps = { database, storage, dataKey };
    const services = { database, storage, config: { dataKey } };
    const ended = await insertTestRent(database, 'client_offer_in_process', { lat: 18.341, lng: -114.761 });
    const active = await insertTestRent(database, 'client_offer_in_process', { lat: 18.342, lng: -114.762 });
    const png = await testPng(64, 40);
    const endedProof = await storePersonDocument(services, { actor: registeredActor(ended.renter.cuid), ruid: ended.ruid, role: 'renter', kind: 'poi', file: png, filename: 'a.png' });
    const activeProof = await storePersonDocument(services, { actor: registeredActor(active.renter.cuid), ruid: active.ruid, role: 'renter', kind: 'poi', file: png, filename: 'b.png' });
    const idleIne = await uploadClientDocument(deps, { actor: registeredActor(ended.renter.cuid), dtype: 'ine_front', file: png, filename: 'ine.png' });
    const usedIne = await uploadClientDocument(deps, { actor: registeredActor(active.renter.cuid), dtype: 'ine_front', file: png, filename: 'ine.png' });
    const keyOf = async (slug: string) => (await documentsRepository.find(database, slug))!.storage_key;
    const endedKey = await keyOf(endedProof.slug);
    const idleKey = await keyOf(idleIne.documentId);

    const now = new Date(Date.now() + 400 * 86_400_000);
    // Nothing has ended yet: the rent is in process, so even a year later its proofs and INEs stay.
    expect(await expireDocuments({ database, storage }, { now })).toEqual({ documents: 0, files: 0 });

    await database.db.updateTable('rents').set({ step: 'renter_discard' }).where('ruid', '=', ended.ruid).execute();
    // Ended, but recently: kept.
    expect((await expireDocuments({ database, storage })).documents).toBe(0);
    const result = await expireDocuments({ database, storage }, { now });
    expect(result).toEqual({ documents: 2, files: 2 });
    expect(await documentsRepository.find(database, endedProof.slug)).toBeUndefined();
    expect(await documentsRepository.find(database, idleIne.documentId)).toBeUndefined();
    expect(await storage.get(endedKey)).toBeNull();
    expect(await storage.get(idleKey)).toBeNull();
    expect(await documentsRepository.find(database, activeProof.slug)).toBeDefined();
    expect(await documentsRepository.find(database, usedIne.documentId)).toBeDefined();
    expect(await expireDocuments({ database, storage }, { now })).toEqual({ documents: 0, files: 0 });
  });
});
