import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { join } from 'node:path';
import { SCREENSHOTS_DIR, shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 16's story of map ads and duplicate groups (decision 034), in three browsers: an owner publishes here a flat
 * that an imported demo listing already shows (same point, price, rooms and area): within the minute the grouping
 * job makes them one group, the owner's listing (published here) stands for both and its card reads 'También en
 * Inmuebles24', on the map search and on /mis-propiedades. A support user creates an ad over that area on /anuncios
 * (with an image checked by the server) pointing at the listing; a visitor's map shows the ad's card; its click is
 * counted and the support user sees the count. axe on each page; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

async function noSeriousAxe(page: Page, where: string) {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

type Card = {
  uid: string; slug: string; lat: number; lng: number; approximate: boolean; property_type: string; rooms: number | null;
  bathrooms: number | null; construction_area: number | null; price: { amount: number; currency_type: string };
  location: { neighborhood: string | null; municipality: string | null; city: string | null };
  also_on?: { puid: string; source_name: string }[];
};

test('a duplicate shows as one card with También en…, and a staff ad shows on the map and counts its click', async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const ownerContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const staffContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const visitorContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  const staff = await staffContext.newPage();
  const visitor = await visitorContext.newPage();

  // An imported flat for rent in Providencia (Guadalajara), placed at its own point, with rooms and area.
  await signUpThroughApi(owner, `duena.duplicado.${stamp}@example.mx`, 'Dueña Duplicado');
  const area = { north: 20.70, south: 20.66, east: -103.36, west: -103.40 };
  const searchAs = async (page: Page, query: string) => page.request.post(`/api/v1/properties/search?${query}&v=2`, { headers: { 'X-CSRF-TOKEN': await csrfOf(page) } });
  const found = await searchAs(owner, `north=${area.north}&south=${area.south}&east=${area.east}&west=${area.west}&op_type=rent&property_types=apartment&min_rooms=1`);
  expect(found.ok(), await found.text()).toBeTruthy();
  const demo = ((await found.json()).data.properties as Card[]).find((p) => !p.approximate && p.rooms && p.construction_area && !p.also_on && p.price.currency_type === 'mxn')!;
  expect(demo, 'an imported flat to repeat').toBeTruthy();

  // The owner publishes the same flat here: same point, rooms, area; the price 1 % higher.
  const published = await owner.request.post('/api/v1/property', {
    headers: { 'X-CSRF-TOKEN': await csrfOf(owner) },
    data: { data: {
      operation: 'renta', property_type: 'apartment',
      location: {
        street: 'Avenida Providencia', number_ext: '2500', neighborhood: demo.location.neighborhood ?? 'Providencia', municipality: 'Guadalajara',
        city: 'Guadalajara', state: 'jalisco', zip: '44630', lat: demo.lat, lng: demo.lng,
      },
      rooms: demo.rooms, bathrooms: demo.bathrooms ?? 1, parking_spots: 1, construction_area: demo.construction_area,
      land: { area: demo.construction_area, unit: 'm2' }, construction_year: 'first_use',
      rents: { price: Math.round(demo.price.amount * 1.01), currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
      description: 'Departamento luminoso en Providencia, cerca de parques y cafés, con cocina integral y estacionamiento.',
    } },
  });
  expect(published.ok(), await published.text()).toBeTruthy();
  const mine = ((await published.json()).data as { uid: string; slug: string });

  // Within the minute the grouping job puts both in one group: the owner's listing stands for it.
  const near = `north=${demo.lat + 0.002}&south=${demo.lat - 0.002}&east=${demo.lng + 0.002}&west=${demo.lng - 0.002}`;
  await expect.poll(async () => {
    const r = await searchAs(owner, `${near}&op_type=rent`);
    const cards = (await r.json()).data.properties as Card[];
    return { mine: cards.find((c) => c.uid === mine.uid)?.also_on?.map((a) => a.puid) ?? [], demoShown: cards.some((c) => c.uid === demo.uid) };
  }, { timeout: 150_000, intervals: [5_000] }).toEqual({ mine: [demo.uid], demoShown: false });

  // A support user creates an ad over the area, pointing at the listing, with an image.
  await signUpThroughApi(staff, `anuncios.${stamp}@soporte.e2e.test`, 'Soporte Anuncios');
  // Ads left by earlier runs on the same server are paused, so the map shows this one.
  const earlier = (await (await staff.request.get('/api/v1/ads')).json()).data.ads as { ad_uid: string }[];
  for (const old of earlier) {
    expect((await staff.request.put(`/api/v1/ads/${old.ad_uid}`, { data: { is_paused: true }, headers: { 'X-CSRF-TOKEN': await csrfOf(staff) } })).ok()).toBeTruthy();
  }
  const advertiser = `Mudanzas Tapatías ${stamp % 100_000}`;
  await staff.goto('/anuncios');
  await hydrated(staff);
  await expect(staff.getByRole('heading', { name: 'Anuncios en el mapa' })).toBeVisible();
  await staff.getByRole('textbox', { name: 'Anunciante' }).fill(advertiser);
  await staff.getByRole('textbox', { name: 'Texto del anuncio' }).fill('Tu mudanza en Providencia con 10 % de descuento');
  await staff.getByRole('textbox', { name: 'Id de la propiedad (opcional)' }).fill(mine.uid);
  await staff.getByRole('textbox', { name: 'Latitud del centro' }).fill(String(demo.lat));
  await staff.getByRole('textbox', { name: 'Longitud del centro' }).fill(String(demo.lng));
  await staff.getByRole('textbox', { name: 'Radio (metros)' }).fill('2000');
  await staff.getByRole('textbox', { name: 'Zoom mínimo' }).fill('3');
  await staff.getByRole('button', { name: 'Crear anuncio' }).click();
  const row = staff.getByRole('row').filter({ hasText: advertiser });
  await expect(row.getByText('Activo')).toBeVisible();
  const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 20, g: 110, b: 160 } } }).png().toBuffer();
  const chooser = staff.waitForEvent('filechooser');
  await row.getByRole('button', { name: `Subir imagen: ${advertiser}` }).click();
  await (await chooser).setFiles({ name: 'mudanzas.png', mimeType: 'image/png', buffer: image });
  await expect(staff.getByText('Imagen del anuncio actualizada').first()).toBeVisible();
  await expect(row.getByTestId('ad-clicks')).toHaveText('0');
  await noSeriousAxe(staff, '/anuncios');
  await shootBoth(staff, 'ads-staff');

  // A visitor's map of the area: one card for the group, with 'También en Inmuebles24', and the ad over the map.
  await visitor.goto(`/propiedades?${near}&zoom=16&opType=renta`);
  await hydrated(visitor);
  const card = visitor.locator(`article[data-uid="${mine.uid}"]`);
  await expect(card.getByTestId('also-on')).toContainText('También en Inmuebles24');
  await expect(visitor.locator(`article[data-uid="${demo.uid}"]`)).toHaveCount(0);
  const ad = visitor.getByRole('complementary', { name: 'Publicidad' });
  await expect(ad.getByText('Tu mudanza en Providencia con 10 % de descuento')).toBeVisible();
  await expect(ad.getByRole('img', { name: 'Tu mudanza en Providencia con 10 % de descuento' })).toBeVisible();
  await noSeriousAxe(visitor, '/propiedades with an ad');
  await shootBoth(visitor, 'ads-map');
  // On a phone the ad shows over the map view.
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.getByRole('button', { name: 'Mapa' }).click();
  await expect(ad.getByText('Tu mudanza en Providencia con 10 % de descuento')).toBeVisible();
  await visitor.screenshot({ path: join(SCREENSHOTS_DIR, 'ads-map-phone-390.png') });
  await visitor.setViewportSize({ width: 1280, height: 900 });

  // Its click is counted and opens the listing; the support user sees the count.
  await ad.getByRole('link', { name: 'Ver anuncio' }).click();
  await visitor.waitForURL(new RegExp(`/propiedades/${mine.slug}$`));
  await expect(visitor.getByText('Este inmueble también está publicado en: Inmuebles24')).toBeVisible();
  await staff.reload();
  await hydrated(staff);
  await expect(staff.getByRole('row').filter({ hasText: advertiser }).getByTestId('ad-clicks')).toHaveText('1');

  // The owner sees the grouping on /mis-propiedades.
  await owner.goto('/mis-propiedades');
  await hydrated(owner);
  await expect(owner.locator(`article[data-uid="${mine.uid}"]`).getByTestId('also-on')).toContainText('También en Inmuebles24');
  // (axe is not asserted on /mis-propiedades here: its owner controls have a finding of their own,
  // label-content-name-mismatch, that belongs to that page, as integrations.spec.ts notes.)
  await shootBoth(owner, 'ads-owner-grouped');

  await ownerContext.close();
  await staffContext.close();
  await visitorContext.close();
});
