import { afterEach, describe, expect, it } from 'vitest';
import { createEasyBrokerClient, mapEasyBrokerProperty } from './easybroker-client.ts';
import { createFakeEasyBroker, createFakeKw, easyBrokerProperty, resoProperty } from './fake-provider-apis.ts';
import { createKwClient, mapKwProperty } from './kw-client.ts';
import { retryAfterMs } from './provider-http.ts';
import { sandboxListings } from './sandbox-listings.ts';
import { servedHandlers } from './testing/serve-handler.ts';

const { serve, closeAll } = servedHandlers();
afterEach(closeAll);

const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('EasyBroker client against the fake API over HTTP', () => {
  it('pages through every published listing with X-Authorization, page and limit, and reads a detail', async () => {
    const fake = createFakeEasyBroker();
    const url = await serve(fake.handle);
    const waits: number[] = [];
    const client = createEasyBrokerClient({ baseUrl: `${url}/v1`, sleep: async (ms) => void waits.push(ms) });
    const items = await collect(client.list({ apiKey: 'llave-de-prueba-1' }));
    expect(items).toHaveLength(24);
    const listCalls = fake.requests.filter((r) => r.url.startsWith('/v1/properties?'));
    expect(listCalls).toHaveLength(1);
    expect(listCalls[0]!.url).toContain('limit=50');
    expect(listCalls[0]!.url).toContain('search%5Bstatuses%5D%5B%5D=published');
    expect(listCalls[0]!.account).toBe('llave-de-prueba-1');
    const one = await client.get({ apiKey: 'llave-de-prueba-1' }, items[3]!.sourceId);
    expect(one?.sourceId).toBe(items[3]!.sourceId);
    expect(one?.lat).toBeGreaterThan(14);
    expect(await client.get({ apiKey: 'llave-de-prueba-1' }, 'EB-NOEXISTE')).toBeNull();
  });

  it('follows pagination.next_page across pages and sends search[updated_after]', async () => {
    const all = sandboxListings('k', 'EB-').map(easyBrokerProperty);
    const many = Array.from({ length: 120 }, (_, i) => ({ ...all[i % 24]!, public_id: `EB-P${i}`, updated_at: i < 30 ? '2026-11-20T00:00:00Z' : '2026-01-01T00:00:00Z' }));
    const fake = createFakeEasyBroker({ listings: () => many, ratePerSecond: 1000 });
    const url = await serve(fake.handle);
    const client = createEasyBrokerClient({ baseUrl: `${url}/v1` });
    expect(await collect(client.list({ apiKey: 'llave-larga' }))).toHaveLength(120);
    expect(fake.requests.filter((r) => r.url.includes('page=3'))).toHaveLength(1);
    const changed = await collect(client.list({ apiKey: 'llave-larga' }, { updatedAfter: new Date('2026-06-01T00:00:00Z') }));
    expect(changed.map((c) => c.sourceId)).toEqual(Array.from({ length: 30 }, (_, i) => `EB-P${i}`));
    expect(fake.requests.at(-1)!.url).toContain('search%5Bupdated_after%5D=2026-06-01T00%3A00%3A00.000Z');
  });

  it('waits out a 429 for its Retry-After and resumes the same request', async () => {
    // The fake's clock moves only when the client waits: the limit resets exactly when the client honours Retry-After.
    let clock = 0;
    const fake = createFakeEasyBroker({ ratePerSecond: 2, retryAfterSeconds: 3, now: () => clock });
    const url = await serve(fake.handle);
    const waits: number[] = [];
    const client = createEasyBrokerClient({ baseUrl: `${url}/v1`, sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    } });
    const items = await collect(client.list({ apiKey: 'llave-rapida' }));
    await client.get({ apiKey: 'llave-rapida' }, items[0]!.sourceId);
    await client.get({ apiKey: 'llave-rapida' }, items[1]!.sourceId);
    expect(waits).toEqual([3000]);
    // list, get, get (the third call in one second: 429), the same get again after the wait
    expect(fake.requests.map((r) => r.url.split('?')[0])).toEqual(['/v1/properties', `/v1/properties/${items[0]!.sourceId}`, `/v1/properties/${items[1]!.sourceId}`, `/v1/properties/${items[1]!.sourceId}`]);
  });

  it('401 is a Spanish refusal of the credentials; 5xx is retried then unavailable; a malformed body is unavailable', async () => {
    const fake = createFakeEasyBroker({
      faults: [
        { match: (u) => u.pathname.endsWith('/EB-CAIDO'), status: 503, times: 10 },
        { match: (u) => u.pathname.endsWith('/EB-ROTO'), status: 200, body: '{"public_id": ', times: 10 },
        { match: (u) => u.pathname.endsWith('/EB-UNAVEZ'), status: 502, times: 1 },
      ],
      listings: () => [{ ...easyBrokerProperty(sandboxListings('x', 'EB-')[0]!), public_id: 'EB-UNAVEZ' }],
    });
    const url = await serve(fake.handle);
    const client = createEasyBrokerClient({ baseUrl: `${url}/v1`, sleep: async () => {} });
    await expect(client.verify({ apiKey: 'rechazada-123' })).rejects.toMatchObject({ code: 'CONFLICT', msg: expect.stringContaining('rechazó las credenciales') });
    await expect(client.get({ apiKey: 'buena-llave' }, 'EB-CAIDO')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(fake.requests.filter((r) => r.url.endsWith('/EB-CAIDO'))).toHaveLength(3);
    await expect(client.get({ apiKey: 'buena-llave' }, 'EB-ROTO')).rejects.toMatchObject({ code: 'UNAVAILABLE', msg: expect.stringContaining('no pudimos leer') });
    expect((await client.get({ apiKey: 'buena-llave' }, 'EB-UNAVEZ'))?.sourceId).toBe('EB-UNAVEZ');
  });

  it('maps operations, units, commissions, property types and statuses to our model', () => {
    const l = mapEasyBrokerProperty({
      public_id: 'EB-X1', title: 'Casa en Chapalita', property_type: 'Casa en condominio', status: 'published',
      location: { name: 'Chapalita, Zapopan, Jalisco', latitude: 20.66, longitude: -103.4, street: 'Av. Guadalupe', postal_code: '45040' },
      operations: [
        { type: 'sale', amount: 6_500_000, currency: 'MXN', unit: 'total', commission: { type: 'percentage', value: '5' } },
        { type: 'rental', amount: 1_500, currency: 'USD', unit: 'square_meter', commission: { type: 'amount', value: 1000, currency: 'USD' } },
      ],
      bedrooms: 3, bathrooms: 2.0, half_bathrooms: 1, parking_spaces: 2, lot_size: 200, construction_size: '180', age: 10,
      updated_at: '2026-10-01T00:00:00-06:00', created_at: '2026-02-03T00:00:00-06:00',
    }, new Date('2026-11-27'))!;
    expect(l.propertyType).toBe('house');
    expect(l.sale).toEqual({ price: 6_500_000, currency: 'mxn', basedOn: 'valor_total', commission: { type: 'percentaje', value: 5, currency: 'mxn' } });
    expect(l.rent).toEqual({ price: 1_500, currency: 'usd', basedOn: 'm2', commission: { type: 'fixed_amount', value: 1000, currency: 'usd' } });
    expect([l.colonia, l.municipality, l.state]).toEqual(['Chapalita', 'Zapopan', 'Jalisco']);
    expect([l.rooms, l.bathrooms, l.halfBathrooms, l.parkingSpots, l.landArea, l.constructionArea, l.constructionYear]).toEqual([3, 2, 1, 2, 200, 180, 2016]);
    expect(l.publishedAt).toBe('2026-02-03');
    expect(l.active).toBe(true);
    expect(mapEasyBrokerProperty({ public_id: 'EB-2', status: 'sold', property_type: 'Nave industrial', operations: [{ type: 'sale', amount: 1, currency: 'EUR' }] })).toMatchObject({ active: false, propertyType: 'nave_industrial', sale: null });
    expect(mapEasyBrokerProperty({ public_id: 'EB-3', property_type: 'Yate', location: { latitude: 0, longitude: 0 } })).toMatchObject({ propertyType: 'otro', lat: null, lng: null });
    expect(mapEasyBrokerProperty({ title: 'sin id' })).toBeNull();
  });
});

describe('KW (RESO Web API) client against the fake API over HTTP', () => {
  it('gets a client-credentials token, follows @odata.nextLink and maps the records', async () => {
    const many = Array.from({ length: 450 }, (_, i) => ({ ...resoProperty(sandboxListings('kw', 'KW-')[i % 24]!), ListingKey: `KW-${i}` }));
    const fake = createFakeKw({ listings: () => many, ratePerSecond: 1000, secretOf: () => 'secreto-kw-1' });
    const url = await serve(fake.handle);
    const client = createKwClient({ baseUrl: `${url}/reso/odata` });
    const items = await collect(client.list({ clientId: 'agencia-kw', clientSecret: 'secreto-kw-1' }));
    expect(items).toHaveLength(450);
    expect(items[0]!.listing?.provider).toBe('kw');
    expect(fake.requests.filter((r) => r.url.endsWith('/oauth/token'))).toHaveLength(1);
    expect(fake.requests.filter((r) => r.url.includes('/Property?'))).toHaveLength(3);
    expect((await client.get({ clientId: 'agencia-kw', clientSecret: 'secreto-kw-1' }, 'KW-7'))?.sourceId).toBe('KW-7');
    expect(await client.get({ clientId: 'agencia-kw', clientSecret: 'secreto-kw-1' }, 'KW-NO')).toBeNull();
    await expect(client.verify({ clientId: 'agencia-kw', clientSecret: 'otro-secreto' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('maps lease and sale, areas in square feet, commissions and statuses', () => {
    const lease = mapKwProperty({ ListingKey: 'K1', PropertyType: 'Residential Lease', PropertySubType: 'Condominium', LeaseAmount: 18000, StandardStatus: 'Active', Latitude: 19.4, Longitude: -99.1, LivingArea: 1000, LivingAreaUnits: 'Square Feet' })!;
    expect(lease).toMatchObject({ propertyType: 'apartment', rent: { price: 18000, currency: 'mxn' }, sale: null, constructionArea: 92.9, active: true });
    const sale = mapKwProperty({ ListingKey: 'K2', PropertyType: 'Commercial Sale', PropertySubType: 'Office', ListPrice: 250000, CurrencyCode: 'USD', StandardStatus: 'Closed', BuyerAgencyCompensation: '3%', Latitude: 25.6, Longitude: -100.3 })!;
    expect(sale).toMatchObject({ propertyType: 'oficina', sale: { price: 250000, currency: 'usd', commission: { type: 'percentaje', value: 3 } }, active: false });
  });
});

it('reads Retry-After as seconds or as an HTTP date', () => {
  expect(retryAfterMs('2')).toBe(2000);
  expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
  expect(retryAfterMs(null)).toBe(1000);
});
