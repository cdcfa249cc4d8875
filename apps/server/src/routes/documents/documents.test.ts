import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES as M, ZClientDocument, ZContactResult, ZOfferReview, ZProofOfAddress, ZRentDocuments } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { pixelBombPng, testJpeg, testPdf, testPng } from '@nj/core/rent-documents/testing/document-fixtures';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs, type TestCaller } from '../../testing/call-as.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const t = useTestApp({}, { dataDirPrefix: 'nj-documents-api-' });

/** A multipart form: text fields, then (when given) one file in `fileField`. */
function form(fields: Record<string, string>, file?: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----nj${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

function upload(app: FastifyInstance, who: TestCaller, method: 'POST' | 'PUT', url: string, f: ReturnType<typeof form>) {
  return app.inject({
    method, url, payload: f.body,
    headers: { 'content-type': f.type, 'x-csrf-token': csrfFor(app, who?.token) },
    cookies: { [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
  });
}
const file = (bytes: Buffer, name: string, field = 'file', type = 'application/octet-stream') => ({ field, name, type, bytes });

describe('INE documents (issue 12 Identity; spec 03 §7 POST/GET/PUT /v1/client/document)', () => {
  it('uploads, reads and replaces the client\'s own sides, checked by content, stored encrypted; nobody else', async () => {
    const { app, database } = t;
    const client = await createTestClientSession(database);
    const other = await createTestClientSession(database);
    const png = await testPng();
    const up = (who: TestCaller, dtype: string, f: ReturnType<typeof form>) => upload(app, who, 'POST', `/api/v1/client/document?dtype=${dtype}`, f);

    expect((await callAs(app, client, 'GET', '/api/v1/client/document/dtype?dtype=ine_front')).json().data).toBeNull();
    const saved = await up(client, 'ine_front', form({}, file(png, 'ine-frente.png', 'document')));
    expect(saved.statusCode, saved.body).toBe(200);
    const doc = ZClientDocument.parse(saved.json().data);
    expect(doc).toMatchObject({ dtype: 'ine_front', content_type: 'image/png', size: png.length, filename: 'ine-frente.png' });
    expect(ZClientDocument.parse((await callAs(app, client, 'GET', '/api/v1/client/document/dtype?dtype=ine_front')).json().data).documentId).toBe(doc.documentId);

    // At rest: the stored object is not the file.
    const row = await database.db.selectFrom('person_documents').select(['storage_key']).where('slug', '=', doc.documentId).executeTakeFirstOrThrow();
    const stored = (await app.services.storage.get(row.storage_key))!.body;
    expect(stored.equals(png)).toBe(false);
    expect(stored.includes(png.subarray(1, 8))).toBe(false);
    expect(row.storage_key.startsWith('documents/')).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/media/${row.storage_key}` })).statusCode).toBe(404);

    // Its owner reads the original back.
    const back = await callAs(app, client, 'GET', `/api/v1/documents/${doc.documentId}`);
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe('private, no-store');
    expect(back.rawPayload.equals(png)).toBe(true);

    // Replace (PUT and POST): same documentId, new content.
    const pdf = await testPdf();
    const replaced = await upload(app, client, 'PUT', `/api/v1/client/document/${doc.documentId}`, form({}, file(pdf, 'ine.pdf', 'document')));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ documentId: doc.documentId, content_type: 'application/pdf' });
    expect(await app.services.storage.get(row.storage_key)).toBeNull();
    expect((await upload(app, client, 'POST', `/api/v1/client/document/${doc.documentId}`, form({}, file(png, 'ine.png', 'document')))).statusCode).toBe(200);

    // Bad input: Spanish refusals, never a 500, nothing stored.
    const count = async () => Number((await database.db.selectFrom('person_documents').select((eb) => eb.fn.countAll().as('n')).where('cuid', '=', client.cuid).executeTakeFirstOrThrow()).n);
    const before = await count();
    const refuse = async (res: Awaited<ReturnType<typeof up>>, status: number, msg?: string) => {
      expect(res.statusCode, res.body).toBe(status);
      if (msg) expect(res.json().msg).toBe(msg);
    };
    await refuse(await up(client, 'ine_back', form({}, file(Buffer.from('no soy una imagen'), 'ine.txt', 'document'))), 415, M.fileType);
    await refuse(await up(client, 'ine_back', form({}, file(png, 'ine.pdf', 'document'))), 415, M.fileNameMismatch);
    await refuse(await up(client, 'ine_back', form({}, file(Buffer.alloc(DOCUMENT_MAX_BYTES + 10, 1), 'ine.png', 'document'))), 413, M.fileTooLarge);
    await refuse(await up(client, 'ine_back', form({}, file(await pixelBombPng(), 'ine.png', 'document'))), 400);
    await refuse(await up(client, 'ine_back', form({}, file(png.subarray(0, 200), 'ine.png', 'document'))), 400, M.fileUnreadable);
    await refuse(await up(client, 'ine_back', form({})), 400, M.fileRequired);
    await refuse(await up(client, 'ine_back', form({}, file(png, 'ine.png', 'otro'))), 400, M.fileRequired);
    await refuse(await up(client, 'pasaporte', form({}, file(png, 'ine.png', 'document'))), 400);
    await refuse(await callAs(app, client, 'POST', '/api/v1/client/document?dtype=ine_back', { document: 'x' }), 400, M.fileRequired);
    expect(await count()).toBe(before);

    // Nobody else: visitors 401, another client 404 on this document, and their GET shows their own (none).
    expect((await up(null, 'ine_front', form({}, file(png, 'ine.png', 'document')))).statusCode).toBe(401);
    expect((await upload(app, other, 'PUT', `/api/v1/client/document/${doc.documentId}`, form({}, file(png, 'x.png', 'document')))).statusCode).toBe(404);
    expect((await callAs(app, other, 'GET', '/api/v1/client/document/dtype?dtype=ine_front')).json().data).toBeNull();
    const theirs = await callAs(app, other, 'GET', `/api/v1/documents/${doc.documentId}`);
    expect([theirs.statusCode, theirs.json().msg]).toEqual([404, M.downloadFailed]);
  });
});

describe('proofs and income of a rent (issue 12 The proposal; spec 03 §3 poa/poi/total_income, §5, §7 update proof of address)', () => {
  it('the renter saves them only while in process; the owner reads watermarked copies only once the proposal is sent', async () => {
    const { app, database } = t;
    const owner = await createTestClientSession(database);
    const renter = await createTestClientSession(database);
    const stranger = await createTestClientSession(database);
    // Near Isla Clarión, away from other files' listings.
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.39, lng: -114.72, owner_cuid: owner.cuid, rent_price: 14000, street: 'Calle Hidalgo', number_ext: '120', neighborhood: 'Americana', municipality: 'Guadalajara', state: 'Jalisco' }]) as unknown as [{ puid: string }];
    const { ruid } = ZContactResult.parse((await callAs(app, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data);
    const poaFields = { addr: 'Av. Vallarta 1234', neighborhood: 'Americana', city: 'Guadalajara', municipality: 'Guadalajara', state: 'Jalisco', cp: '44160', ruid };
    const pdf = await testPdf(2);
    const photo = await testJpeg(600, 380);
    const poa = (who: TestCaller, cuid: string, fields: Record<string, string>, f = file(pdf, 'recibo-luz.pdf')) => upload(app, who, 'POST', `/api/v1/client/${cuid}/poa`, form(fields, f));
    const poi = (who: TestCaller, kind: string, f = file(photo, 'nomina.jpg')) => upload(app, who, 'POST', `/api/v1/rents/${ruid}/documents/${kind}`, form({}, f));
    const income = (who: TestCaller, body: unknown) => callAs(app, who, 'PUT', `/api/v1/rents/${ruid}/income`, body);

    // Before the proposal starts: refused by the step.
    expect((await poa(renter, renter.cuid, poaFields)).statusCode).toBe(409);
    expect((await income(renter, { total_income: 30000 })).statusCode).toBe(409);
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/offer', { ruid })).statusCode).toBe(200);

    // Proof of address: every field required, cp of 5 digits; then saved with its address.
    const noCp = await poa(renter, renter.cuid, { ...poaFields, cp: '' });
    expect(noCp.statusCode).toBe(400);
    expect(noCp.json().data.fields.cp).toBeDefined();
    const shortCp = await poa(renter, renter.cuid, { ...poaFields, cp: '4416' });
    expect(shortCp.json().data.fields.cp).toBe('El código postal tiene 5 números');
    const { addr: _a, ...noAddr } = poaFields;
    expect((await poa(renter, renter.cuid, noAddr)).json().data.fields.addr).toBeDefined();
    const { ruid: _r, ...noRuid } = poaFields;
    expect((await poa(renter, renter.cuid, noRuid)).statusCode).toBe(400);
    expect((await upload(app, renter, 'POST', `/api/v1/client/${renter.cuid}/poa`, form(poaFields))).json().msg).toBe(M.fileRequired);
    expect((await poa(renter, renter.cuid, poaFields, file(Buffer.from('texto plano'), 'recibo.pdf'))).statusCode).toBe(415);
    const savedPoa = await poa(renter, renter.cuid, poaFields);
    expect(savedPoa.statusCode, savedPoa.body).toBe(200);
    expect(savedPoa.json().msg).toBe('Campo actualizado con éxito');
    const proof = ZProofOfAddress.parse(savedPoa.json().data);
    expect(proof).toMatchObject({ addr: 'Av. Vallarta 1234', cp: '44160', content_type: 'application/pdf' });

    // Proofs of income and income data.
    expect((await poi(renter, 'poi')).statusCode).toBe(200);
    expect((await poi(renter, 'poi_second', file(pdf, 'estado.pdf'))).statusCode).toBe(200);
    expect((await poi(renter, 'poa')).statusCode).toBe(400);
    expect((await poi(renter, 'poi', file(await pixelBombPng(), 'bomba.png'))).statusCode).toBe(400);
    const one = await income(renter, { total_income: '45,000' });
    expect([one.statusCode, one.json().msg, one.json().data.total_income]).toEqual([200, 'Campo actualizado con éxito', 45000]);
    const many = await income(renter, { work_company_name: 'Tequila del Valle S.A. de C.V.', work_company_phone_number: '33 1234 5678', work_company_webpage: 'tequiladelvalle.com.mx' });
    expect(many.json()).toMatchObject({ msg: 'Campos actualizados con éxito', data: { work_company_phone_number: '+523312345678', work_company_webpage: 'https://tequiladelvalle.com.mx/' } });
    const bad = await income(renter, { total_income: '-5', work_company_phone_number: '123', work_company_webpage: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields).sort()).toEqual(['total_income', 'work_company_phone_number', 'work_company_webpage']);
    expect((await income(renter, { total_income: 'mucho' })).json().msg).toBe(M.totalIncomeInvalid);
    expect((await income(renter, {})).statusCode).toBe(400);
    expect((await income(renter, { sueldo: 1 })).statusCode).toBe(400);
    expect((await income(renter, { total_income: 1.5 })).statusCode).toBe(400);
    const docs = ZRentDocuments.parse((await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/documents`)).json().data);
    expect(docs.income).toEqual({ total_income: 45000, work_company_name: 'Tequila del Valle S.A. de C.V.', work_company_phone_number: '+523312345678', work_company_webpage: 'https://tequiladelvalle.com.mx/' });
    expect(docs.poa?.slug).toBe(proof.slug);
    expect(docs.poi?.content_type).toBe('image/jpeg');
    expect(docs.poi_second?.content_type).toBe('application/pdf');

    // Nobody else writes or reads them.
    expect((await poa(owner, owner.cuid, poaFields)).statusCode).toBe(403);
    expect((await poa(stranger, stranger.cuid, poaFields)).statusCode).toBe(404);
    expect((await poa(stranger, renter.cuid, poaFields)).statusCode).toBe(404);
    expect((await poi(owner, 'poi')).statusCode).toBe(403);
    expect((await poi(stranger, 'poi')).statusCode).toBe(404);
    expect((await income(owner, { total_income: 1 })).statusCode).toBe(403);
    expect((await income(stranger, { total_income: 1 })).statusCode).toBe(404);
    expect((await callAs(app, owner, 'GET', `/api/v1/rents/${ruid}/documents`)).statusCode).toBe(403);
    expect((await callAs(app, stranger, 'GET', `/api/v1/rents/${ruid}/documents`)).statusCode).toBe(404);
    expect((await callAs(app, null, 'GET', `/api/v1/documents/${proof.slug}`)).statusCode).toBe(401);
    expect((await callAs(app, stranger, 'GET', `/api/v1/documents/${proof.slug}`)).statusCode).toBe(404);
    // The owner before the proposal is sent: not yet.
    const early = await callAs(app, owner, 'GET', `/api/v1/documents/${proof.slug}?ruid=${ruid}`);
    expect([early.statusCode, early.json().msg]).toEqual([404, M.downloadFailed]);

    // Sent (step on_offer): the renter can no longer change them; the owner's review lists them and opens copies.
    const ine = ZClientDocument.parse((await upload(app, renter, 'POST', '/api/v1/client/document?dtype=ine_front', form({}, file(await testPng(), 'ine.png', 'document')))).json().data);
    await database.db.updateTable('rents').set({ step: 'on_offer', offer_sent_at: new Date() }).where('ruid', '=', ruid).execute();
    expect((await income(renter, { total_income: 1 })).statusCode).toBe(409);
    expect((await poi(renter, 'poi')).statusCode).toBe(409);
    const review = await callAs(app, owner, 'GET', `/api/v1/rents/review?ruid=${ruid}`);
    expect(review.statusCode, review.body).toBe(200);
    const listed = ZOfferReview.parse(review.json().data).documents;
    expect(listed.map((d) => d.kind)).toEqual(['ine_front', 'poa', 'poi', 'poi_second']);
    expect(listed[0]!.slug).toBe(ine.documentId);

    const photoCopy = await callAs(app, owner, 'GET', listed.find((d) => d.kind === 'poi')!.url);
    expect(photoCopy.statusCode).toBe(200);
    expect(photoCopy.headers['content-type']).toBe('image/jpeg');
    expect(photoCopy.rawPayload.equals(photo)).toBe(false);
    const raw = (b: Buffer) => sharp(b).resize(48, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const [a, b] = [await raw(photoCopy.rawPayload), await raw(photo)];
    expect(a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length).toBeGreaterThan(2);
    const pdfCopy = await callAs(app, owner, 'GET', listed.find((d) => d.kind === 'poa')!.url);
    expect([pdfCopy.statusCode, pdfCopy.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdfCopy.rawPayload.equals(pdf)).toBe(false);
    const ineCopy = await callAs(app, owner, 'GET', listed[0]!.url);
    expect(ineCopy.statusCode).toBe(200);
    expect(ineCopy.headers['content-type']).toBe('image/jpeg');
    // The spec's 'download a file (body slug; returns a link)': the link the caller may open.
    const link = await callAs(app, owner, 'POST', '/api/v1/documents/link', { slug: ine.documentId, ruid });
    expect(link.json().data).toEqual({ url: `/api/v1/documents/${ine.documentId}?ruid=${ruid}`, content_type: 'image/jpeg', filename: 'ine-copia.jpg', watermarked: true });
    expect((await callAs(app, renter, 'POST', '/api/v1/documents/link', { slug: proof.slug })).json().data).toMatchObject({ url: `/api/v1/documents/${proof.slug}`, watermarked: false });
    expect((await callAs(app, stranger, 'POST', '/api/v1/documents/link', { slug: proof.slug })).statusCode).toBe(404);
    expect((await callAs(app, owner, 'POST', '/api/v1/documents/link', { slug: ine.documentId })).json().msg).toBe(M.downloadFailed);
    expect((await callAs(app, owner, 'POST', '/api/v1/documents/link', {})).statusCode).toBe(400);
    // Without the rent, the INE is nobody's business of the owner.
    expect((await callAs(app, owner, 'GET', `/api/v1/documents/${ine.documentId}`)).statusCode).toBe(404);
    // The renter still gets the originals.
    expect((await callAs(app, renter, 'GET', `/api/v1/documents/${proof.slug}`)).rawPayload.equals(pdf)).toBe(true);
    // Bad slugs: a Spanish 400 or 404, never a 500.
    expect((await callAs(app, owner, 'GET', '/api/v1/documents/..%2F..%2Fetc')).statusCode).toBeLessThan(500);
    expect((await callAs(app, owner, 'GET', '/api/v1/documents/x')).statusCode).toBe(400);
  });
});
