import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES as M } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { registeredActor } from '../policies/actor.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { uploadClientDocument } from './client-documents.ts';
import { downloadDocument, listReviewDocuments, watermarkDate } from './download-document.ts';
import { storePersonDocument } from './store-person-document.ts';
import { insertTestRent, testJpeg, testPdf, testPng } from './testing/document-fixtures.ts';
import { pdfSafeText } from './watermark-document.ts';

let database: Database;
let storage: MediaStorage;
let root: string;
const dataKey = randomBytes(32);
beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'nj-docs-dl-'));
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

/** Every text drawn on each page of `pdf`, from its decoded content streams (pdf-lib's hex strings turned to text; WinAnsi's dash 0x97). */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    return refs.map((ref) => {
      const stream = (ref instanceof PDFRawStream ? ref : doc.context.lookup(ref as PDFRef)) as PDFRawStream;
      const raw = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      return raw.replace(/<([0-9A-Fa-f]+)>/g, (_, hex: string) => Buffer.from(hex, 'hex').toString('latin1').replace(/\x97/g, '—'));
    }).join('\n');
  });
}

/** Mean absolute difference of two images' pixels once both are 64×64 RGB. */
async function pixelDistance(a: Buffer, b: Buffer): Promise<number> {
  const raw = (x: Buffer) => sharp(x).resize(64, 64, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [pa, pb] = [await raw(a), await raw(b)];
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

describe('downloadDocument (issue 12: originals to their person, watermarked copies to the owner after sending)', () => {
  it('serves the original to its person and support, a watermarked copy to the owner once sent, nothing to others', async () => {
    const { owner, renter, stranger, ruid } = await insertTestRent(database, 'client_offer_in_process', { lat: 18.38, lng: -114.73 });
    await database.db.updateTable('properties').set({ street: 'Av. Juárez', number_ext: '15', neighborhood: 'Centro', municipality: 'Guadalajara', state: 'Jalisco' })
      .where('puid', '=', (await database.db.selectFrom('rents').select('puid').where('ruid', '=', ruid).executeTakeFirstOrThrow()).puid).execute();
    const deps = { database, storage, dataKey };
    const photo = await testJpeg(640, 400);
    const pdf = await testPdf(3);
    const poi = await storePersonDocument({ database, storage, config: { dataKey } }, { actor: registeredActor(renter.cuid), ruid, role: 'renter', kind: 'poi', file: photo, filename: 'nomina.jpg' });
    const poa = await storePersonDocument({ database, storage, config: { dataKey } }, { actor: registeredActor(renter.cuid), ruid, role: 'renter', kind: 'poa', file: pdf, filename: 'luz.pdf' });
    const ine = await uploadClientDocument(deps, { actor: registeredActor(renter.cuid), dtype: 'ine_front', file: await testPng(), filename: 'ine.png' });

    // Its person: the original bytes.
    const mine = await downloadDocument(deps, { actor: registeredActor(renter.cuid), slug: poi.slug });
    expect(mine.watermarked).toBe(false);
    expect(mine.body.equals(photo)).toBe(true);
    // Support: the original too.
    expect((await downloadDocument(deps, { actor: registeredActor(stranger.cuid, { privileges: ['support'] }), slug: poa.slug })).body.equals(pdf)).toBe(true);

    // The owner before the proposal is sent, and a stranger: as if it did not exist.
    for (const actor of [registeredActor(owner.cuid), registeredActor(stranger.cuid)]) {
      const error = await refusal(downloadDocument(deps, { actor, slug: poi.slug }));
      expect([error.code, error.msg]).toEqual(['NOT_FOUND', M.downloadFailed]);
    }
    expect((await refusal(downloadDocument(deps, { actor: registeredActor(owner.cuid), slug: ine.documentId, ruid }))).code).toBe('NOT_FOUND');

    await database.db.updateTable('rents').set({ step: 'on_offer' }).where('ruid', '=', ruid).execute();
    const now = new Date('2026-11-26T18:00:00Z');
    const text = M.watermark('Av. Juárez 15, Centro, Guadalajara, Jalisco', watermarkDate(now));
    expect(text).toBe('Solo para la renta de Av. Juárez 15, Centro, Guadalajara, Jalisco — 26 de noviembre de 2026');

    // The owner after sending: a watermarked JPEG whose pixels differ from the original.
    const copy = await downloadDocument(deps, { actor: registeredActor(owner.cuid), slug: poi.slug, now });
    expect(copy).toMatchObject({ watermarked: true, contentType: 'image/jpeg', filename: 'nomina-copia.jpg' });
    expect(copy.body.equals(photo)).toBe(false);
    expect(await pixelDistance(copy.body, photo)).toBeGreaterThan(2);

    // A PDF: every page carries the text.
    const pdfCopy = await downloadDocument(deps, { actor: registeredActor(owner.cuid), slug: poa.slug, now });
    expect(pdfCopy.contentType).toBe('application/pdf');
    const texts = await pageTexts(pdfCopy.body);
    expect(texts).toHaveLength(3);
    for (const page of texts) expect(page).toContain(pdfSafeText(text));
    expect(await pageTexts(pdf)).not.toContain(expect.stringContaining('Solo para la renta'));

    // The INE through the rent that names its person; not without it.
    const ineCopy = await downloadDocument(deps, { actor: registeredActor(owner.cuid), slug: ine.documentId, ruid, now });
    expect(ineCopy.watermarked).toBe(true);
    expect((await refusal(downloadDocument(deps, { actor: registeredActor(owner.cuid), slug: ine.documentId }))).code).toBe('NOT_FOUND');
    // A stranger still gets nothing, and an unknown slug neither.
    expect((await refusal(downloadDocument(deps, { actor: registeredActor(stranger.cuid), slug: poi.slug }))).code).toBe('NOT_FOUND');
    expect((await refusal(downloadDocument(deps, { actor: registeredActor(renter.cuid), slug: 'noexiste12345' }))).code).toBe('NOT_FOUND');

    // The review lists them with links that name the rent.
    const listed = await listReviewDocuments(database, { ruid, renter_cuid: renter.cuid });
    expect(listed.map((d) => [d.kind, d.person])).toEqual([['ine_front', 'renter'], ['poa', 'renter'], ['poi', 'renter']]);
    expect(listed[0]!.url).toBe(`/api/v1/documents/${ine.documentId}?ruid=${ruid}`);
  });
});
