import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '../../index.ts';
import { loadGeocoder } from './load-geocoder.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it('reuses the loaded places for the same database until their number changes', async () => {
  const first = await loadGeocoder(database);
  expect(await loadGeocoder(database)).toBe(first);
  await database.db
    .insertInto('places')
    .values({ id: 'T-geocoder-cache', kind: 'locality', name: 'Pueblo de Prueba', label: 'Pueblo de Prueba', slug: 'pueblo-de-prueba', name_norm: 'pueblo de prueba', label_norm: 'pueblo de prueba', lat: 20, lng: -100, source: 'test' })
    .execute();
  const second = await loadGeocoder(database);
  expect(second).not.toBe(first);
  expect(second.locate({ municipality: 'Pueblo de Prueba' })).toMatchObject({ precision: expect.any(String), placeId: 'T-geocoder-cache' });
});
