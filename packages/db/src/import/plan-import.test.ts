import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '../index.ts';
import { planImport } from './plan-import.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('planImport', () => {
  it('shows the columns with their guesses and samples, and the first rows as they would import, writing nothing', async () => {
    const plan = await planImport(database, { path: fixture('engine/agencia-sin-coordenadas.csv') }, { asOf: '2024-11-30' });
    expect(plan).toMatchObject({ fileName: 'agencia-sin-coordenadas.csv', format: 'csv', rows: 7, layout: 'mapped', missing: [], error: null });
    expect(plan.columns.find((c) => c.header === 'Estatus')).toMatchObject({ guess: 'type+op_type', mapped: 'type+op_type', samples: ['Departamento en Renta', 'Casa en Venta', 'Departamento en Venta'] });
    expect(plan.preview).toHaveLength(5);
    expect(plan.preview[0]).toMatchObject({ line: 2, facts: { colonia: 'Roma Norte', precision: 'colonia' } });
    expect(plan.preview[3]).toMatchObject({ line: 5, reason: expect.stringMatching(/^Datos no creíbles/) });
    const n = await database.db.selectFrom('properties').where('source', '=', 'agencia').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('does not refuse a file whose columns are not enough yet: it says what is missing and why', async () => {
    const plan = await planImport(database, { bytes: new TextEncoder().encode('Precio,Notas\n"$15,000",hola\n'), name: 'poco.csv' });
    expect(plan).toMatchObject({ rows: 1, missing: ['op_type', 'property_type', 'location'] });
    expect(plan.error).toMatch(/op_type/);
    expect(plan.columns).toEqual([
      { header: 'Precio', guess: 'price', mapped: 'price', samples: ['$15,000'] },
      { header: 'Notas', guess: null, mapped: null, samples: ['hola'] },
    ]);
    expect(plan.preview).toEqual([{ line: 2, source: { Precio: '$15,000', Notas: 'hola' } }]);
  });

  it('applies the user\'s choices over the guesses', async () => {
    const bytes = new TextEncoder().encode('Precio,Notas,Zona\n"$15,000",Depto en renta,"Roma Norte, Cuauhtémoc, CDMX"\n');
    const plan = await planImport(database, { bytes, name: 'poco.csv' }, { map: 'Notas=type+op_type,Zona=address' });
    expect(plan).toMatchObject({ missing: [], error: null, preview: [{ line: 2, facts: { opType: 'renta', propertyType: 'apartment', price: 15000, colonia: 'Roma Norte' } }] });
  });
});
