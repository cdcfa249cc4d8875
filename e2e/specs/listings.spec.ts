import { expect, test, type Page } from '@playwright/test';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { signUpThroughApi } from '../support/sign-up.ts';
import { hydrated } from '../support/hydrated.ts';

/**
 * Issue 4 end to end: an owner signs in, publishes a house for rent with three photos (one HEIC) through the
 * step-by-step form, finds it on the map search and on /mis-propiedades, edits its price, deactivates it and sees it
 * leave the search, and sees a view counted after another visitor opens it.
 */
const shots = join(import.meta.dirname, '..', 'screenshots');
const photos = join(shots, 'photos');
mkdirSync(photos, { recursive: true });
// Browsers that count as people: the server ignores views from user agents that say "HeadlessChrome".
const PERSON_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

test('an owner publishes a house for rent, finds it, edits, deactivates it, and sees a view counted', async ({ page, browser }) => {
  test.setTimeout(180_000);
  for (const [i, color] of [[1, '#2a7'], [2, '#a72']] as const) {
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: color } }).jpeg().toFile(join(photos, `foto-${i}.jpg`));
  }
  copyFileSync(join(import.meta.dirname, '../../packages/core/src/media/test-fixtures/sample-48x32.heic'), join(photos, 'foto-3.heic'));

  await signUpThroughApi(page, `duena.${Date.now()}@example.mx`, 'Dueña Prueba');
  await page.goto('/crear-propiedad');
  await hydrated(page);
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
  await page.screenshot({ path: join(shots, 'form-1-desktop.png') });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('radio', { name: 'Rentar', exact: true }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('radio', { name: 'Casa', exact: true }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Buscar la dirección').fill('Providencia');
  await page.getByRole('option', { name: /Providencia, Guadalajara/ }).first().click();
  // The chosen colonia fills its municipality and name; the owner types the rest (a postal code the catalogue may
  // have filled is typed over: the story is the same with or without the SEPOMEX catalogue loaded).
  await expect(page.getByLabel('Municipio')).toHaveValue('Guadalajara');
  await expect(page.getByLabel('Colonia')).toHaveValue('Providencia');
  await page.getByLabel('Calle').fill('Av. Prado');
  await page.getByLabel('Número exterior').fill('120');
  await page.getByLabel('Código postal').fill('44630');
  await page.screenshot({ path: join(shots, 'form-4-address-desktop.png') });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Recámaras').fill('3');
  await page.getByLabel('Baños', { exact: true }).fill('2');
  await page.getByLabel('Descripción').fill('Casa luminosa con jardín, cerca de parques y cafés.');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Precio de renta mensual').fill('25000');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Elegir fotos').setInputFiles([join(photos, 'foto-1.jpg'), join(photos, 'foto-2.jpg'), join(photos, 'foto-3.heic')]);
  await expect(page.getByLabel('Quitar la foto 3')).toBeVisible();
  // Each photo is stored in the server draft as soon as it is chosen: a closed tab loses nothing.
  await expect(page.locator('.nj-lf-photo[data-status="stored"]')).toHaveCount(3, { timeout: 30_000 });
  await expect.poll(async () => {
    const draft = (await (await page.request.get('/api/v1/property/draft')).json()).data;
    return [draft?.data?.photos?.length, draft?.step];
  }, { timeout: 15_000 }).toEqual([3, 5]);
  await page.reload();
  await expect(page.getByText('Paso 6 de 7')).toBeVisible();
  await expect(page.locator('.nj-lf-photo[data-status="stored"]')).toHaveCount(3);
  await page.screenshot({ path: join(shots, 'form-6-photos-desktop.png') });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Publicar propiedad' }).click();
  const done = page.getByTestId('listing-form-done');
  await expect(done).toBeVisible({ timeout: 30_000 });
  const puid = (await done.getAttribute('data-puid'))!;

  const detail = (await (await page.request.get(`/api/v1/properties/${puid}`)).json()).data;
  expect(detail.images).toHaveLength(3);
  expect(detail.title).toMatch(/^Casa en renta en Providencia/);
  const { lat, lng } = detail.location;
  const around = `north=${lat + 0.004}&south=${lat - 0.004}&east=${lng + 0.006}&west=${lng - 0.006}&zoom=16&opType=renta`;

  // Found on the map search and on /mis-propiedades.
  await page.goto(`/propiedades?${around}`);
  const results = page.getByRole('region', { name: 'Resultados' });
  // Titles repeat across listings ('Casa en renta en Providencia, Guadalajara'); the slug ends in the unique code.
  const card = (slug: string) => page.locator(`[aria-label="Resultados"] a[href$="/propiedades/${slug}"]`);
  await expect(card(detail.slug).first()).toBeVisible();
  await page.goto('/mis-propiedades');
  await expect(page.getByText(detail.title).first()).toBeVisible();
  await expect(page.getByText('Activada').first()).toBeVisible();

  // Another visitor opens it: a view is counted.
  const visitor = await browser.newContext({ userAgent: PERSON_UA });
  const other = await visitor.newPage();
  // The counter first gets this browser an anonymous client (the server counts nothing without one)...
  const anonymous = other.waitForResponse((r) => r.url().endsWith('/api/v1/client/anonymous') && r.ok());
  await other.goto(`/propiedades/${detail.slug}`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(detail.title);
  await anonymous;
  // ...and records the listing seen on screen in this browser's storage (prop_<uid>)...
  await expect.poll(() => other.evaluate((key) => localStorage.getItem(key) !== null, `prop_${detail.uid}`)).toBe(true);
  await other.close(); // ...then closing the page hides it: the counter pushes its views
  await visitor.close();
  await expect.poll(async () => {
    const stats = (await (await page.request.get(`/api/v1/property/${puid}/stats?days=30`)).json()).data;
    return stats?.totals?.views ?? 0;
  }, { timeout: 20_000 }).toBeGreaterThan(0);

  // Edit the price.
  await page.goto(`/editar-propiedad/${puid}`);
  await hydrated(page);
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
  await page.locator('.mantine-Stepper-step').nth(4).click();
  await page.getByLabel('Precio de renta mensual').fill('27000');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByTestId('listing-form-done')).toBeVisible({ timeout: 20_000 });
  const edited = (await (await page.request.get(`/api/v1/properties/${puid}`)).json()).data;
  expect(edited.pricing.rents.price).toBe(27000);

  // Deactivate from /mis-propiedades: it leaves the search.
  await page.goto('/mis-propiedades');
  // The switch's input is drawn as its track: a person clicks the label around it.
  const toggle = page.getByRole('switch', { name: `Mostrar ${edited.title} en las búsquedas` });
  await expect(toggle).toBeChecked();
  await page.locator('label', { has: toggle }).click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('Desactivada').first()).toBeVisible();
  await page.screenshot({ path: join(shots, 'mis-propiedades-desktop.png') });
  await page.goto(`/propiedades?${around}`);
  await expect(page.getByRole('region', { name: 'Resultados' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Resultados' }).getByRole('link').first()).toBeVisible();
  await expect(card(edited.slug)).toHaveCount(0);

  // Its page now says it is no longer available (410) to anyone but the owner, with similar listings nearby.
  const gone = await browser.newContext({ userAgent: PERSON_UA, bypassCSP: true });
  const visitorPage = await gone.newPage();
  const goneAnswer = await visitorPage.goto(`/propiedades/${edited.slug}`);
  expect(goneAnswer?.status()).toBe(410);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText('Esta propiedad ya no está disponible');
  await expect(visitorPage.locator('.nj-card').first()).toBeVisible();
  expect(await visitorPage.locator(`a[href$="/propiedades/${edited.slug}"]`).count()).toBe(0);
  await visitorPage.screenshot({ path: join(shots, 'gone-desktop.png') });
  expect(await seriousAxeViolations(visitorPage)).toEqual([]);
  await visitorPage.setViewportSize({ width: 390, height: 844 });
  await visitorPage.screenshot({ path: join(shots, 'gone-390.png') });
  expect((await visitorPage.request.get(`/api/v1/properties/${puid}`)).status()).toBe(410);
  await gone.close();
  const ownerView = await page.goto(`/propiedades/${edited.slug}`);
  expect(ownerView?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited.title);
});
