import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES as M } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { registeredActor } from '../policies/actor.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { openSealedBytes } from '../security/seal-bytes.ts';
import { sweepOrphanMedia } from '../media/sweep-orphan-media.ts';
import { checkDocumentContent } from './check-document-content.ts';
import { documentsRepository } from './documents-repository.ts';
import { watermarkImage } from './watermark-document.ts';
import { storePersonDocument } from './store-person-document.ts';
import { insertTestRent, pixelBombPng, testJpeg, testPdf, testPng } from './testing/document-fixtures.ts';

let database: Database;
let storage: MediaStorage;
let root: string;
const dataKey = randomBytes(32);
beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'nj-docs-'));
  storage = createLocalMediaStorage({ root });
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('checkDocumentContent (issue 12: documents checked by content and size)', () => {
  it('takes images and PDFs by their bytes, whatever their name', async () => {
    expect((await checkDocumentContent(await testPng())).contentType).toBe('image/png');
    expect((await checkDocumentContent(await testJpeg())).contentType).toBe('image/jpeg');
    expect((await checkDocumentContent(await testPdf())).contentType).toBe('application/pdf');
  });
  it('takes a HEIC photo from a phone and can watermark it', async () => {
    const heic = readFileSync(join(import.meta.dirname, '..', 'media', 'test-fixtures', 'sample-48x32.heic'));
    expect((await checkDocumentContent(heic, 'IMG_0001.HEIC')).contentType).toBe('image/heic');
    const copy = await watermarkImage(heic, 'heic', 'Solo para la renta de Calle 1 — 1 de enero de 2027');
    expect((await sharp(copy).metadata()).format).toBe('jpeg');
  });
  it('refuses a file whose name promises another content (a PNG named .pdf)', async () => {
    expect((await refusal(checkDocumentContent(await testPng(), 'comprobante.pdf'))).msg).toBe(M.fileNameMismatch);
    expect((await checkDocumentContent(await testPng(), 'foto.PNG')).contentType).toBe('image/png');
    expect((await checkDocumentContent(await testPdf(), 'estado de cuenta')).contentType).toBe('application/pdf');
  });
  it('refuses text, damaged files, oversize and pixel bombs', async () => {
    expect((await refusal(checkDocumentContent(Buffer.from('hola, esto es texto')))).code).toBe('UNSUPPORTED_MEDIA');
    expect((await refusal(checkDocumentContent(Buffer.alloc(0)))).msg).toBe(M.fileRequired);
    expect((await refusal(checkDocumentContent(Buffer.alloc(DOCUMENT_MAX_BYTES + 1)))).code).toBe('PAYLOAD_TOO_LARGE');
    expect((await refusal(checkDocumentContent(Buffer.from('%PDF-1.7\nbasura sin objetos\n%%EOF')))).msg).toBe(M.fileUnreadable);
    const png = await testPng();
    expect((await refusal(checkDocumentContent(png.subarray(0, png.length / 2)))).msg).toBe(M.fileUnreadable);
    const bomb = await refusal(checkDocumentContent(await pixelBombPng()));
    expect(bomb.code).toBe('BAD_REQUEST');
    expect(bomb.msg).toMatch(/píxeles/);
  });
});

describe('storePersonDocument (issue 12: proofs of a rent person, sealed at rest)', () => {
  it('stores the renter\'s proof sealed, replaces it keeping the slug, and refuses everyone else', async () => {
    const { owner, renter, stranger, ruid } = await insertTestRent(database);
    const services = { database, storage, config: { dataKey } };
    const png = await testPng();
    const { slug } = await storePersonDocument(services, { actor: registeredActor(renter.cuid), ruid, role: 'renter', kind: 'poi', file: png, filename: 'nomina.png' });
    const row = (await documentsRepository.find(database, slug))!;
    expect(row).toMatchObject({ cuid: renter.cuid, ruid, role: 'renter', kind: 'poi', content_type: 'image/png', size: png.length, filename: 'nomina.png' });
    const stored = (await storage.get(row.storage_key))!.body;
    expect(stored.equals(png)).toBe(false);
    expect(stored.includes(png.subarray(0, 16))).toBe(false);
    expect(openSealedBytes(dataKey, stored).equals(png)).toBe(true);

    const pdf = await testPdf();
    const again = await storePersonDocument(services, { actor: registeredActor(renter.cuid), ruid, role: 'renter', kind: 'poi', file: pdf, filename: 'recibo.pdf' });
    expect(again.slug).toBe(slug);
    expect(await storage.get(row.storage_key)).toBeNull();
    expect((await documentsRepository.find(database, slug))!.content_type).toBe('application/pdf');

    expect((await refusal(storePersonDocument(services, { actor: registeredActor(owner.cuid), ruid, role: 'renter', kind: 'poi', file: png, filename: 'x.png' }))).code).toBe('FORBIDDEN');
    expect((await refusal(storePersonDocument(services, { actor: registeredActor(stranger.cuid), ruid, role: 'renter', kind: 'poi', file: png, filename: 'x.png' }))).code).toBe('NOT_FOUND');
    expect((await refusal(storePersonDocument(services, { actor: registeredActor(renter.cuid), ruid, role: 'aval', kind: 'poi', file: png, filename: 'x.png' }))).code).toBe('FORBIDDEN');
    const renamed = await refusal(storePersonDocument(services, { actor: registeredActor(renter.cuid), ruid, role: 'renter', kind: 'poa', file: Buffer.from('texto'), filename: 'x.pdf' }));
    expect(renamed.code).toBe('UNSUPPORTED_MEDIA');
  });

  it('refuses outside client_offer_in_process', async () => {
    const { renter, ruid } = await insertTestRent(database, 'on_offer', { lat: 18.37, lng: -114.74 });
    const error = await refusal(storePersonDocument({ database, storage, config: { dataKey } }, {
      actor: registeredActor(renter.cuid), ruid, role: 'renter', kind: 'poi', file: await testPng(), filename: 'x.png',
    }));
    expect(error.code).toBe('CONFLICT');
  });

  it('the orphan sweep removes the sealed files of deleted documents and keeps the others', async () => {
    const { renter, ruid } = await insertTestRent(database, 'client_offer_in_process', { lat: 18.355, lng: -114.745 });
    const services = { database, storage, config: { dataKey } };
    const kept = await storePersonDocument(services, { actor: registeredActor(renter.cuid), ruid, role: 'renter', kind: 'poi', file: await testPng(), filename: 'a.png' });
    const gone = await storePersonDocument(services, { actor: registeredActor(renter.cuid), ruid, role: 'renter', kind: 'poi_second', file: await testPng(), filename: 'b.png' });
    const keyOf = async (slug: string) => (await documentsRepository.find(database, slug))!.storage_key;
    const [keptKey, goneKey] = [await keyOf(kept.slug), await keyOf(gone.slug)];
    await database.db.deleteFrom('person_documents').where('slug', '=', gone.slug).execute();
    await sweepOrphanMedia({ database, storage }, { olderThanSeconds: -60 });
    expect(await storage.get(goneKey)).toBeNull();
    expect(await storage.get(keptKey)).not.toBeNull();
  });
});
