import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '../index.ts';
import { importListingsFile } from './import-listings.ts';
import { parseMapOption } from './layouts.ts';

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
    expect(first).toMatchObject({ layout: 'normalised', total: 7, imported: 4, updated: 0, skipped: 3 });
    expect(first.skippedRows.map((s) => s.line)).toEqual([5, 6, 7]);
    const before = await database.db.selectFrom('properties').selectAll().where('source', '=', 'test').where('source_id', '=', 'n-1').executeTakeFirstOrThrow();
    expect(before).toMatchObject({ title: 'Departamento en renta en Providencia, Guadalajara', is_renta: true, rent_price: 23650, amenities: ['pool', 'gym'] });
    expect(before.slug).toBe(`departamento-en-renta-en-providencia-guadalajara-${before.nj_uid}`);

    const second = await importListingsFile(database, fixture('normalised-copy.csv.gz'));
    expect(second).toMatchObject({ imported: 0, updated: 4, skipped: 3 });
    expect(await countSource('test')).toBe(4);
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
    const map = parseMapOption('id=source_id,operacion=op_type,tipo=property_type,precio_mxn=price,latitud=lat,longitud=lng,barrio=colonia,notas=ignorar');
    const summary = await importListingsFile(database, fixture('custom.csv'), { map, source: 'socio' });
    expect(summary).toMatchObject({ layout: 'mapped', imported: 2, skipped: 0 });
    const row = await database.db.selectFrom('properties').selectAll().where('source', '=', 'socio').where('source_id', '=', 'c2').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Casa en venta en Providencia', is_venta: true, sale_price: 3200000, description: null });
  });

  it('refuses an unknown layout without touching the database', async () => {
    await expect(importListingsFile(database, fixture('custom.csv'))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
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
