import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_PAGE_MESSAGES as M } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { useTestApp } from '../../testing/test-app.ts';
import { TestBrowser } from '../../testing/test-browser.ts';
import { startJobWorker } from '../../jobs/start-job-worker.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'nj-imports-'));
const t = useTestApp({ DATA_DIR: dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A browser signed in as a new registered client (or an anonymous one). */
async function client(options: { anonymous?: boolean } = {}): Promise<{ b: TestBrowser; cuid: string }> {
  const s = await createTestClientSession(t.database, options);
  const b = new TestBrowser(t.app, '10.11');
  b.cookies.nj_sid = s.token;
  return { b, cuid: s.cuid };
}

/**
 * An agent's export with Spanish headers and no coordinates: two columns the importer cannot guess ('Clave
 * interna' holds the listing id, 'Zona' the colonia), one row with an unknown property type.
 */
const CSV = [
  'Código CRM,Operación,Tipo de inmueble,Precio,Recámaras,Baños,Zona,Municipio,Estado',
  'AG-001,Venta,Casa,"$3,800,000",3,2,Providencia,Guadalajara,Jalisco',
  'AG-002,Renta,Departamento,"18,500",2,1,Americana,Guadalajara,Jalisco',
  'AG-003,Venta,Castillo medieval,"9,000,000",9,6,Providencia,Guadalajara,Jalisco',
  'AG-004,Renta,Casa,"25,000",3,2,Chapalita,Zapopan,Jalisco',
].join('\n');

const upload = (b: TestBrowser, text = CSV, name = 'inventario.csv', type = 'text/csv') =>
  b.multipart('/api/v1/listing-imports', {}, [{ buf: Buffer.from(text), name, type, field: 'file' }]);

/** Maps 'Código CRM' → source_id and 'Zona' → colonia (the other columns keep the importer's reading). */
async function mapTwoColumns(b: TestBrowser, id: string) {
  return b.call('PUT', `/api/v1/listing-imports/${id}/mapping`, {
    columns: [{ header: 'Código CRM', target: 'source_id' }, { header: 'Zona', target: 'colonia' }],
  });
}

describe('import page API: access (issue 10)', () => {
  it('a visitor and an anonymous client get 401 on every call', async () => {
    const visitor = new TestBrowser(t.app, '10.11');
    const { b: anonymous } = await client({ anonymous: true });
    for (const b of [visitor, anonymous]) {
      expect((await upload(b)).statusCode).toBe(401);
      expect((await b.call('GET', '/api/v1/listing-imports')).statusCode).toBe(401);
      expect((await b.call('GET', '/api/v1/listing-imports/imp_0000000000000000')).statusCode).toBe(401);
      expect((await b.call('POST', '/api/v1/listing-imports/imp_0000000000000000/run')).statusCode).toBe(401);
      expect((await b.call('POST', '/api/v1/listing-imports/imp_0000000000000000/undo')).statusCode).toBe(401);
    }
  });

  it('another client gets 404 on every call for my import and changes nothing; my list has only mine', async () => {
    const me = await client();
    const other = await client();
    const id = 'imp_aaaaaaaaaaaaaaaa';
    await t.database.db.insertInto('listing_imports').values({
      id, owner_cuid: me.cuid, file_name: 'mio.csv', stored_path: `imports/x/${id}.upload`, format: 'csv', status: 'done',
      mapping: JSON.stringify({ headers: ['a'], columns: [], missing: [] }), imported: 1,
    }).execute();
    const [listing] = await insertTestProperties(t.database, [{ lat: 18.8, lng: -110.9, owner_cuid: me.cuid }]);
    await t.database.db.updateTable('properties').set({ import_id: id }).where('puid', '=', listing!.puid).execute();

    const calls: [method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown][] = [
      ['GET', `/api/v1/listing-imports/${id}`],
      ['PUT', `/api/v1/listing-imports/${id}/mapping`, { columns: [{ header: 'a', target: 'price' }] }],
      ['POST', `/api/v1/listing-imports/${id}/dry-run`],
      ['POST', `/api/v1/listing-imports/${id}/run`],
      ['POST', `/api/v1/listing-imports/${id}/undo`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other.b.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().msg).toBe(M.notFound);
    }
    expect((await other.b.call('GET', '/api/v1/listing-imports')).json().data).toEqual([]);
    const row = await t.database.db.selectFrom('listing_imports').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
    const p = await t.database.db.selectFrom('properties').select(['is_active']).where('puid', '=', listing!.puid).executeTakeFirstOrThrow();
    expect(p.is_active).toBe(true);

    const mine = (await me.b.call('GET', '/api/v1/listing-imports')).json().data;
    expect(mine.map((i: { id: string }) => i.id)).toEqual([id]);
    // The owner undoes it: its listing is deactivated, a second undo is refused.
    const undo = await me.b.call('POST', `/api/v1/listing-imports/${id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ deactivated: 1, import: { status: 'undone' } });
    expect((await t.database.db.selectFrom('properties').select(['is_active']).where('puid', '=', listing!.puid).executeTakeFirstOrThrow()).is_active).toBe(false);
    const again = await me.b.call('POST', `/api/v1/listing-imports/${id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(M.notUndoable);
  });

  it('refuses an upload without a file and a malformed mapping in Spanish, never a 500', async () => {
    const { b } = await client();
    const none = await b.multipart('/api/v1/listing-imports', { nota: 'sin archivo' }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(M.fileMissing);
    const json = await b.call('POST', '/api/v1/listing-imports', { file: 'x' });
    expect(json.statusCode).toBe(400);
    const bad = await b.call('PUT', '/api/v1/listing-imports/imp_x/mapping', { columns: [{ header: 'a', target: 'nada' }] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('import page API: upload, mapping, dry run, run, undo (issue 10)', () => {
  it('refuses a file that is not a table with the reader\'s Spanish message and records nothing', async () => {
    const { b, cuid } = await client();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f30000000049454e44ae426082', 'hex');
    const res = await upload(b, png.toString('latin1'), 'foto.csv', 'text/csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/[áéíóúñ]|archivo/i);
    expect(await t.database.db.selectFrom('listing_imports').select('id').where('owner_cuid', '=', cuid).execute()).toEqual([]);
  });

  it('refuses a file over 20,000 rows or over 20 MB in Spanish and records nothing', async () => {
    const { b, cuid } = await client();
    const row = 'venta,casa,3500000,Providencia,Guadalajara,Jalisco';
    const many = ['operacion,tipo,precio,colonia,municipio,estado', ...Array.from({ length: 20_001 }, () => row)].join('\n');
    const tooMany = await upload(b, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toMatch(/20[,.]?000/);
    const big = await upload(b, `${many}\n${'x'.repeat(21 * 1024 * 1024)}`);
    expect([400, 413]).toContain(big.statusCode);
    expect(big.json().msg).toMatch(/20 MB|archivo/);
    expect(await t.database.db.selectFrom('listing_imports').select('id').where('owner_cuid', '=', cuid).execute()).toEqual([]);
  });

  it('uploads a CSV with Spanish headers, maps two columns, previews, dry-runs (nothing written), imports in the background and undoes', async () => {
    const { b, cuid } = await client();
    const res = await upload(b);
    expect(res.statusCode, res.body).toBe(200);
    const { import: created, plan } = res.json().data;
    expect(created).toMatchObject({ status: 'planned', file_name: 'inventario.csv', format: 'csv', rows_total: 4 });
    expect(plan.rows).toBe(4);
    expect(plan.columns.map((c: { header: string }) => c.header)).toContain('Código CRM');
    expect(plan.columns.find((c: { header: string }) => c.header === 'Precio')).toMatchObject({ guess: 'price' });
    expect(plan.columns.find((c: { header: string }) => c.header === 'Zona').samples).toContain('Providencia');

    const mapped = await mapTwoColumns(b, created.id);
    expect(mapped.statusCode, mapped.body).toBe(200);
    const plan2 = mapped.json().data.plan;
    expect(plan2.columns.find((c: { header: string }) => c.header === 'Zona')).toMatchObject({ mapped: 'colonia' });
    expect(plan2.missing).toEqual([]);
    expect(plan2.preview[0]).toMatchObject({ line: 2, listing: { opType: 'venta', propertyType: 'house', price: 3_800_000, colonia: 'Providencia' } });
    expect(plan2.preview.find((p: { line: number }) => p.line === 4).reason).toBeTruthy();

    const unknownColumn = await b.call('PUT', `/api/v1/listing-imports/${created.id}/mapping`, { columns: [{ header: 'No existe', target: 'price' }] });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().msg).toBe(M.unknownColumn('No existe'));

    const dry = await b.call('POST', `/api/v1/listing-imports/${created.id}/dry-run`);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ total: 4, imported: 3, skipped: 1 });
    expect(dry.json().data.report[0]).toMatchObject({ count: 1, lines: [4] });
    expect(await t.database.db.selectFrom('properties').select('puid').where('owner_cuid', '=', cuid).execute()).toEqual([]);

    const worker = await startJobWorker(t.app.services, { url: undefined });
    try {
      const run = await b.call('POST', `/api/v1/listing-imports/${created.id}/run`);
      expect(run.statusCode, run.body).toBe(200);
      expect(run.json().data.status).toBe('running');
      expect((await b.call('POST', `/api/v1/listing-imports/${created.id}/run`)).statusCode).toBe(409);
      await vi.waitFor(async () => {
        const got = (await b.call('GET', `/api/v1/listing-imports/${created.id}`)).json().data;
        expect(got.status).toBe('done');
      }, { timeout: 30_000, interval: 200 });
    } finally {
      await worker.stop();
    }
    const done = (await b.call('GET', `/api/v1/listing-imports/${created.id}`)).json().data;
    expect(done).toMatchObject({ rows_total: 4, rows_done: 4, imported: 3, updated: 0, skipped: 1 });
    expect(done.report).toEqual([expect.objectContaining({ count: 1, lines: [4] })]);
    const listings = await t.database.db.selectFrom('properties').select(['owner_cuid', 'import_id', 'is_active', 'source'])
      .where('owner_cuid', '=', cuid).execute();
    expect(listings).toHaveLength(3);
    expect(listings.every((l) => l.import_id === created.id && l.is_active)).toBe(true);
    // The client's own source: a re-import updates these listings and can never reach anybody else's.
    expect(new Set(listings.map((l) => l.source))).toEqual(new Set([`client-${cuid}`]));
    // Once imported the upload is not kept: no dry run, mapping or second run of it any more.
    expect((await b.call('POST', `/api/v1/listing-imports/${created.id}/dry-run`)).statusCode).toBe(409);
    expect((await b.call('POST', `/api/v1/listing-imports/${created.id}/run`)).statusCode).toBe(409);
    expect((await mapTwoColumns(b, created.id)).statusCode).toBe(409);
    const mine = (await b.call('GET', '/api/v2/properties/my')).json().data;
    expect(mine.total).toBe(3);

    const undo = await b.call('POST', `/api/v1/listing-imports/${created.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data.deactivated).toBe(3);
    const after = await t.database.db.selectFrom('properties').select('is_active').where('owner_cuid', '=', cuid).execute();
    expect(after.every((l) => !l.is_active)).toBe(true);
  });
});
