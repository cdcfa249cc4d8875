import { describe, expect, it } from 'vitest';
import { LISTING_BOUND_MESSAGES as B, LISTING_MESSAGES as M } from '@nj/contracts';
import { useTestApp } from '../../testing/test-app.ts';
import { TestBrowser } from '../../testing/test-browser.ts';

// The server converts with its configured rates (USD_MXN_RATE=20 here, not the default 18.5).
const t = useTestApp({ DEV_OUTBOX: '1', USD_MXN_RATE: '20' });

let n = 0;
async function owner(): Promise<TestBrowser> {
  const email = `limites${++n}-${Date.now()}@example.com`;
  const b = new TestBrowser(t.app, '10.9');
  const cuid = (await b.call('POST', '/api/v1/client/anonymous')).json().data.client.cuid as string;
  await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Dueña', password: 'secreta-123' });
  const pin = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json().data[0].codes[0];
  expect((await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Dueña', password: 'secreta-123', pin })).statusCode).toBe(200);
  return b;
}

// Around Isla Socorro, where no seeded listing is.
const house = (over: Record<string, unknown> = {}) => ({
  operation: 'renta', property_type: 'house',
  location: { street: 'Av. Hidalgo', number_ext: '12', neighborhood: 'Providencia', municipality: 'Guadalajara', state: 'jalisco', zip: '44630', lat: 18.78, lng: -110.98 },
  rooms: 3, construction_area: 180, land: { area: 200, unit: 'm2' }, construction_year: '1975', monthly_maintenance_fee: 1500,
  rents: { price: 25_000, currency_type: 'mxn', based_on: 'valor_total' },
  ...over,
});
const RENT = { min: 500, max: 1_000_000 };
const SALE = { min: 50_000, max: 2_000_000_000 };

describe('publishing refuses implausible listings (issue 9 §6)', () => {
  it('each bound is a 400 naming the field and the bound, nothing stored; plausible values pass, old years included', async () => {
    const b = await owner();
    const refused = async (data: Record<string, unknown>) => {
      const res = await b.call('POST', '/api/v1/property', { data });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(M.invalid);
      return res.json().data.fields as Record<string, string>;
    };
    expect(await refused(house({ rents: { price: 120, currency_type: 'mxn' } }))).toEqual({ 'rents.price': B.rentPrice(RENT, null) });
    expect(await refused(house({ rents: { price: 1_500_000 } }))).toEqual({ 'rents.price': B.rentPrice(RENT, null) });
    expect(await refused(house({ operation: 'venta', sales: { price: 9_000 } }))).toEqual({ 'sales.price': B.salePrice(SALE, null) });
    // 110,000,000 USD at 20 MXN = 2,200,000,000 MXN: over the sale bound although the number is below it.
    expect(await refused(house({ operation: 'venta', sales: { price: 110_000_000, currency_type: 'usd' } })))
      .toEqual({ 'sales.price': B.salePrice(SALE, 2_200_000_000) });
    expect(await refused(house({ monthly_maintenance_fee: 30_000 }))).toEqual({
      monthly_maintenance_fee: B.maintenanceBelowRent(30_000, 25_000),
      'rents.price': B.rentAboveMaintenance(30_000),
    });
    expect(await refused(house({ construction_area: 0 }))).toEqual({ construction_area: 'La superficie construida debe ser mayor que 0 m²' });
    expect(await refused(house({ construction_area: 2_000_000 }))).toEqual({ construction_area: B.constructionArea(1_000_000) });
    const year = new Date().getFullYear();
    expect(await refused(house({ construction_year: '1799' }))).toEqual({ construction_year: B.constructionYear(1800, year) });
    expect(await refused(house({ construction_year: String(year + 1) }))).toEqual({ construction_year: B.constructionYear(1800, year) });
    expect((await t.database.db.selectFrom('properties').select('puid').where('title', 'like', '%Providencia, Guadalajara%')
      .where('street', '=', 'Av. Hidalgo').where('number_ext', '=', '12').execute())).toHaveLength(0);

    // 26 USD at 20 MXN = 520 MXN (at the default 18.5 it would be 481 and refused): the server uses its own rates.
    const usd = await b.call('POST', '/api/v1/property', { data: house({ monthly_maintenance_fee: null, rents: { price: 26, currency_type: 'usd' } }) });
    expect(usd.statusCode, usd.body).toBe(200);
    for (const construction_year of ['1800', '1950', String(year), 'first_use', 'building']) {
      const ok = await b.call('POST', '/api/v1/property', { data: house({ construction_year }) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.construction_year).toBe(construction_year);
    }
    // Editing checks the same bounds.
    const puid = usd.json().data.uid as string;
    const edit = await b.call('PUT', `/api/v1/property/${puid}`, { data: house({ rents: { price: 100 } }) });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().data.fields).toEqual({ 'rents.price': B.rentPrice(RENT, null) });
  });

  it('drafts are saved as they are, bounds or not', async () => {
    const b = await owner();
    const draft = await b.call('POST', '/api/v1/property/draft', { data: house({ rents: { price: 3 }, construction_year: '1492' }), step: 4 });
    expect(draft.statusCode, draft.body).toBe(200);
  });
});
