import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 9 §4 "The detail page people expect", end to end: an advertiser publishes a house with three photos; a
 * visitor opens its detail page, sees the count, the advertiser box, the price per m² and 'Publicada hoy', goes
 * through the photos in the full-screen viewer with the keyboard and closes it with Escape; then opens an imported
 * reference listing without photos or advertiser, finds no contact form but the notice, the location picture and a
 * 'Ver más propiedades en la zona' link that keeps its operation and type, and reports it. axe finds no serious or
 * critical problem; screenshots at 1366 and 390 px.
 */
const shots = join(import.meta.dirname, '..', 'screenshots');

const house = {
  operation: 'renta', property_type: 'house',
  location: { street: 'Av. Prado', number_ext: '120', neighborhood: 'Providencia', municipality: 'Guadalajara', city: 'Guadalajara', state: 'jalisco', zip: '44630', lat: 20.6921, lng: -103.3846 },
  rooms: 3, bathrooms: 2, parking_spots: 2, construction_area: 200, land: { area: 250, unit: 'm2' }, construction_year: 'first_use',
  rents: { price: 30000, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
  description: 'Casa luminosa con jardín en Providencia, cerca de parques y cafés.',
};

async function expectNoSeriousAxe(page: Page, where: string): Promise<void> {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

test.use({ bypassCSP: true });

/**
 * The first of `cards` that is a reference listing: no photos and no advertiser (an imported listing). Other stories
 * on the same server publish photo-less listings of their own (a duplicate of a demo flat, synced EasyBroker
 * listings), so the detail answer's advertiser is checked too.
 */
async function firstReference(page: Page, cards: { slug: string; images: unknown[] }[]): Promise<{ slug: string } | undefined> {
  for (const card of cards.filter((c) => c.images.length === 0)) {
    const detail = (await (await page.request.get(`/api/v1/properties/${card.slug}`)).json()).data as { advertiser: unknown };
    if (!detail.advertiser) return card;
  }
  return undefined;
}

test('a visitor goes through the photos full screen and reports a reference listing', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The advertiser publishes a house with three photos.
  await signUpThroughApi(page, `anunciante.${Date.now()}@example.mx`, 'Carmen Inmuebles');
  const form = new FormData();
  form.append('data', JSON.stringify(house));
  for (const color of ['#2a7', '#a72', '#27a']) {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: color } }).jpeg().toBuffer();
    form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${color.slice(1)}.jpg`);
  }
  const published = await page.request.post('/api/v1/property', { multipart: form, headers: { 'X-CSRF-TOKEN': await csrfOf(page) } });
  expect(published.ok(), await published.text()).toBeTruthy();
  const { slug } = (await published.json()).data as { slug: string };

  // A visitor opens it.
  const visitor = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 900 } });
  const detail = await visitor.newPage();
  await detail.goto(`/propiedades/${slug}`);
  await expect(detail.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(detail.getByTestId('gallery-count')).toHaveText('1 / 3');
  // Screen readers hear the carousel in Spanish ('Foto 1 de 3'), not Mantine's English 'Slide 1 of 3'.
  const galleryStatus = detail.locator('.nj-gallery').getByTestId('carousel-status');
  await expect(galleryStatus).toHaveText('Foto 1 de 3');
  await expect(detail.getByRole('status').filter({ hasText: /Slide \d+ of/ })).toHaveCount(0);
  const advertiser = detail.getByTestId('advertiser-box');
  await expect(advertiser.getByText('Carmen Inmuebles')).toBeVisible();
  await expect(advertiser.getByText('Propietario particular')).toBeVisible();
  await expect(advertiser.getByText(/Miembro desde/)).toBeVisible();
  await expect(detail.getByTestId('price-per-m2-rent')).toHaveText('MXN $150/mes por m² de construcción');
  await expect(detail.getByTestId('published-ago')).toHaveText('Publicada hoy');
  await expect(detail.getByRole('button', { name: 'Enviar mensaje' })).toBeVisible();
  // The location map is drawn only when scrolled to (issue 9 §8): a static picture of the place until then.
  const locationMap = detail.getByRole('region', { name: /^Mapa de/ });
  await expect(locationMap).toHaveCount(0);
  await detail.getByRole('heading', { name: 'Ubicación' }).scrollIntoViewIfNeeded();
  await expect(locationMap.locator('.maplibregl-canvas')).toBeVisible();
  await detail.waitForLoadState('networkidle');
  await detail.screenshot({ path: join(shots, 'detail-gallery-desktop.png'), fullPage: true });
  await expectNoSeriousAxe(detail, 'detail with photos');

  // The full-screen viewer, by keyboard only.
  const open = detail.getByRole('button', { name: 'Ver las 3 fotos en pantalla completa' });
  await open.focus();
  await detail.keyboard.press('Enter');
  const viewer = detail.getByRole('dialog', { name: /Fotos:/ });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByTestId('viewer-count')).toContainText('1 / 3');
  await detail.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-count')).toContainText('2 / 3');
  await detail.keyboard.press('ArrowLeft');
  await detail.keyboard.press('ArrowLeft');
  await expect(viewer.getByTestId('viewer-count')).toContainText('3 / 3');
  await expect(viewer.getByRole('img', { name: /foto 3$/ })).toBeInViewport({ ratio: 0.9 });
  await expect(viewer.getByRole('button', { name: 'Cerrar las fotos' })).toBeVisible();
  await detail.screenshot({ path: join(shots, 'detail-viewer-desktop.png') });
  await expectNoSeriousAxe(detail, 'full-screen viewer');
  await detail.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(open).toBeFocused();
  await expect(detail.getByTestId('gallery-count')).toHaveText('3 / 3');
  await expect(galleryStatus).toHaveText('Foto 3 de 3');

  // The same on a phone: the viewer opens with a tap and fills the screen.
  const phone = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await small.goto(`/propiedades/${slug}`);
  await expect(small.getByTestId('gallery-count')).toHaveText('1 / 3');
  await small.screenshot({ path: join(shots, 'detail-gallery-390.png') });
  // A tap before the page has hydrated does nothing (the server's HTML has no handlers yet): tap until it opens.
  await expect(async () => {
    await small.getByTestId('gallery-open').tap();
    await expect(small.getByRole('dialog', { name: /Fotos:/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(small.getByRole('dialog', { name: /Fotos:/ }).getByRole('img', { name: /foto 1$/ })).toBeInViewport({ ratio: 0.9 });
  await expectNoSeriousAxe(small, 'full-screen viewer at 390 px');
  await small.screenshot({ path: join(shots, 'detail-viewer-390.png') });
  await phone.close();

  // A reference listing (imported, no advertiser, no photos) in Guadalajara.
  const search = await detail.request.post('/api/v1/properties/search?north=20.72&south=20.64&east=-103.33&west=-103.42&zoom=14&op_type=rent', {
    headers: { 'X-CSRF-TOKEN': await csrfOf(detail) },
  });
  const candidates = (await search.json()).data.properties as { slug: string; images: unknown[] }[];
  const reference = await firstReference(detail, candidates.filter((p) => p.slug !== slug));
  expect(reference, 'an imported listing without photos around Guadalajara').toBeDefined();
  await detail.goto(`/propiedades/${reference!.slug}`);
  await expect(detail.getByTestId('reference-listing')).toContainText('no tiene un anunciante en NJ Propiedades');
  await expect(detail.getByRole('button', { name: 'Enviar mensaje' })).toHaveCount(0);
  await expect(detail.getByRole('img', { name: /sin fotos; ubicación aproximada/ }).first()).toBeVisible();
  const more = detail.getByRole('link', { name: 'Ver más propiedades en la zona' });
  await expect(more).toHaveAttribute('href', /opType=renta/);
  await expect(more).toHaveAttribute('href', /propertyType=/);
  await detail.waitForLoadState('networkidle');
  await detail.screenshot({ path: join(shots, 'detail-reference-desktop.png'), fullPage: true });
  await expectNoSeriousAxe(detail, 'reference listing');

  await detail.getByRole('button', { name: 'Reportar anuncio' }).click();
  const report = detail.getByRole('dialog', { name: 'Reportar este anuncio' });
  await report.getByRole('combobox', { name: 'Motivo' }).click();
  await detail.getByRole('option', { name: 'Anuncio duplicado' }).click();
  await report.getByLabel('Detalles (opcional)').fill('Es la misma casa que otro anuncio de la zona.');
  await expectNoSeriousAxe(detail, 'report form');
  await report.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(report.getByRole('status')).toContainText('Recibimos tu reporte');
  await detail.screenshot({ path: join(shots, 'detail-report-desktop.png') });
  await visitor.close();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });

  test('the detail of a reference listing reads well on a phone', async ({ page }) => {
    await page.goto('/');
    const search = await page.request.post('/api/v1/properties/search?north=20.72&south=20.64&east=-103.33&west=-103.42&zoom=14&op_type=rent', {
      headers: { 'X-CSRF-TOKEN': await csrfOf(page) },
    });
    const listing = (await firstReference(page, (await search.json()).data.properties as { slug: string; images: unknown[] }[]))!;
    await page.goto(`/propiedades/${listing.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('reference-listing')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(shots, 'detail-reference-390-top.png') });
    await page.screenshot({ path: join(shots, 'detail-reference-390.png'), fullPage: true });
    await expectNoSeriousAxe(page, 'detail at 390 px');
  });
});
