import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '../index.ts';
import { importListingsFile } from './import-listings.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const countSource = async (source: string) =>
  Number((await database.db.selectFrom('properties').where('source', '=', source).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('importListingsFile', () => {
  it('imports, then updates on a second run instead of duplicating', async () => {
    const first = await importListingsFile(database, fixture('normalised.csv'));
    // n-5 has no coordinates: placed at the centre of its colonia (Centro, Guadalajara) since issue 10.
    expect(first).toMatchObject({ layout: 'normalised', total: 7, imported: 5, updated: 0, skipped: 2 });
    expect(first.skippedRows.map((s) => s.line)).toEqual([5, 7]);
    const before = await database.db.selectFrom('properties').selectAll().where('source', '=', 'test').where('source_id', '=', 'n-1').executeTakeFirstOrThrow();
    expect(before).toMatchObject({ title: 'Departamento en renta en Providencia, Guadalajara', is_renta: true, rent_price: 23650, amenities: ['pool', 'gym'] });
    expect(before.slug).toBe(`departamento-en-renta-en-providencia-guadalajara-${before.nj_uid}`);

    const second = await importListingsFile(database, fixture('normalised-copy.csv.gz'));
    expect(second).toMatchObject({ imported: 0, updated: 5, skipped: 2 });
    expect(await countSource('test')).toBe(5);
    const after = await database.db.selectFrom('properties').selectAll().where('source', '=', 'test').where('source_id', '=', 'n-1').executeTakeFirstOrThrow();
    expect(after.puid).toBe(before.puid);
    expect(after.nj_uid).toBe(before.nj_uid);
    expect(after.slug).toBe(before.slug);
  });

  it('resumes an interrupted import after its last committed batch', async () => {
    const file = fixture('inmuebles24-raw.csv');
    await expect(
      importListingsFile(database, file, {
        batchSize: 1,
        source: 'reanudar',
        afterBatch: (i) => {
          if (i === 0) throw new Error('interrumpido');
        },
      }),
    ).rejects.toThrow('interrumpido');
    expect(await countSource('reanudar')).toBe(1);
    const resumed = await importListingsFile(database, file, { batchSize: 1, source: 'reanudar' });
    expect(resumed).toMatchObject({ resumedFrom: 1, imported: 2, updated: 0, skipped: 1 });
    expect(await countSource('reanudar')).toBe(2);
    // finished: the next run starts over and updates
    expect(await importListingsFile(database, file, { batchSize: 1, source: 'reanudar' })).toMatchObject({ resumedFrom: 0, imported: 0, updated: 2 });
  });

  it('imports a file of another layout through --map', async () => {
    const map = 'id=source_id,operacion=op_type,tipo=property_type,precio_mxn=price,latitud=lat,longitud=lng,barrio=colonia,notas=ignorar';
    const summary = await importListingsFile(database, fixture('custom.csv'), { map, source: 'socio' });
    expect(summary).toMatchObject({ layout: 'mapped', imported: 2, skipped: 0 });
    const row = await database.db.selectFrom('properties').selectAll().where('source', '=', 'socio').where('source_id', '=', 'c2').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Casa en venta en Providencia', is_venta: true, sale_price: 3200000, description: null });
  });

  it('refuses an unknown layout without touching the database', async () => {
    await expect(importListingsFile(database, fixture('engine/sin-columnas.csv'))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(importListingsFile(database, fixture('nada.csv'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('finds the seeded sample (Providencia in Guadalajara, renta and venta, USD)', async () => {
    const rows = await database.db.selectFrom('properties').select(['neighborhood', 'municipality', 'is_renta', 'sale_currency', 'nj_uid']).where('source', 'in', ['inmuebles24', 'properati']).execute();
    expect(rows.length).toBeGreaterThan(200);
    expect(rows.some((r) => r.neighborhood === 'Providencia' && r.municipality === 'Guadalajara' && r.is_renta)).toBe(true);
    expect(rows.some((r) => r.sale_currency === 'usd')).toBe(true);
    expect(rows.every((r) => /^[0-9a-f]{8}$/.test(r.nj_uid))).toBe(true);
  });
});

describe('importListings (issue 10: real exports)', () => {
  const file = fixture('engine/agencia-sin-coordenadas.csv');
  const row = (sourceId: string) => database.db.selectFrom('properties').selectAll().where('source', '=', 'agencia').where('source_id', '=', sourceId).executeTakeFirstOrThrow();

  it('a dry run reads, places and checks every row, says what would happen, and writes nothing', async () => {
    const dry = await importListingsFile(database, file, { source: 'agencia', asOf: '2024-11-30', dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, layout: 'mapped', format: 'csv', total: 7, imported: 3, updated: 0, skipped: 4 });
    expect(await countSource('agencia')).toBe(0);
    expect(dry.sample[0]).toMatchObject({
      line: 2,
      source: { 'Clave:': 'A-1', Estatus: 'Departamento en Renta' },
      facts: { opType: 'renta', propertyType: 'apartment', price: 18500, currency: 'mxn', rooms: 2, bathrooms: 1, constructionArea: 85, colonia: 'Roma Norte', precision: 'colonia', publishedAt: '2024-11-17', age: null },
    });
    const lines = Object.fromEntries(dry.skippedByReason.flatMap((g) => g.lines.map((l) => [l, g.examples.join(' | ')])));
    expect(lines[5]).toMatch(/^Datos no creíbles: El precio de venta debe estar entre/);
    expect(lines[6]).toMatch(/Castillo/);
    expect(lines[7]).toMatch(/^No se pudo ubicar/);
    expect(lines[8]).toBe('Anuncio repetido en el archivo (ya aparece en la línea 2)');
  });

  it('imports the rows: geocoded to their colonia or municipality, dates and ages right, texts kept with keepText', async () => {
    const summary = await importListingsFile(database, file, { source: 'agencia', asOf: '2024-11-30', keepText: true });
    expect(summary).toMatchObject({ imported: 3, updated: 0, skipped: 4, precision: { colonia: 2, municipality: 1, exact: 0 } });
    const roma = await row('A-1');
    expect(roma).toMatchObject({ neighborhood: 'Roma Norte', municipality: 'Cuauhtémoc', location_precision: 'colonia', construction_year: null, title: 'Depa luminoso en Roma', description: 'Cerca del parque', is_active: true });
    expect(new Date(roma.published_at!).toISOString().slice(0, 10)).toBe('2024-11-17');
    expect(roma.lat).toBeCloseTo(19.42, 1);
    expect(await row('A-2')).toMatchObject({ sale_price: 250000, sale_currency: 'usd', construction_year: '2009', zip: '44630', location_precision: 'colonia' });
    const zapopan = await row('A-3');
    expect(zapopan).toMatchObject({ municipality: 'Zapopan', location_precision: 'municipality', construction_area: null, rooms: null });
    expect(new Date(zapopan.published_at!).toISOString().slice(0, 10)).toBe('2024-09-30');
  });

  it('keeps implausible rows inactive with keepImplausible', async () => {
    const summary = await importListingsFile(database, file, { source: 'agencia', asOf: '2024-11-30', keepImplausible: true });
    expect(summary).toMatchObject({ imported: 1, updated: 3, skipped: 3, implausibleKept: 1 });
    expect(await row('A-4')).toMatchObject({ is_active: false, sale_price: 12 });
    // without keepText the texts are not kept: the title is ours again
    expect((await row('A-1')).description).toBeNull();
  });

  it("never changes a listing that is not the importer's: another owner's import skips those rows, dry run included", async () => {
    await database.db.insertInto('clients').values({ cuid: 'c-otro-importador', is_anonymous: false }).execute();
    const options = { source: 'agencia', asOf: '2024-11-30', ownerCuid: 'c-otro-importador' };
    const dry = await importListingsFile(database, file, { ...options, dryRun: true });
    expect(dry).toMatchObject({ imported: 0, updated: 0, skipped: 7 });
    const before = await row('A-1');
    const run = await importListingsFile(database, file, options);
    expect(run).toMatchObject({ imported: 0, updated: 0, skipped: 7, precision: { colonia: 0, municipality: 0 } });
    expect(run.skippedByReason[0]).toMatchObject({ reason: 'Ya existe un anuncio con este identificador que pertenece a otro anunciante: no se modificó', count: 3 });
    expect(await row('A-1')).toMatchObject({ owner_cuid: null, import_id: null, title: before.title, updated_at: before.updated_at });
  });

  it('refuses a file whose columns mean nothing, listing the missing fields, and writes nothing', async () => {
    const error = await importListingsFile(database, fixture('engine/sin-columnas.csv')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    expect((error as { msg: string }).msg).toMatch(/op_type/);
  });
});
