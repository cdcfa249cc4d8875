import { expect, test, type Page } from '@playwright/test';
import { decodeDrawnArea } from '../../packages/contracts/src/search/drawn-area.ts';
import { hydrated } from '../support/hydrated.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 17 "Saved searches and alerts" end to end: a visitor draws an area on the /propiedades map with the drawing
 * tool (the address then carries it as `area=`), taps 'Guardar búsqueda', is asked to create an account, signs up, and the save modal comes back; they save it with instant
 * alerts. An owner publishes a listing inside the area; within a minute (the matching job runs every minute) the
 * alert e-mail with it is in the dev outbox; its unsubscribe link works signed out. /busquedas-guardadas shows the
 * search with one new listing, its criteria in one line and its 'Alertas' select. Axe on both pages; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

type OutboxMail = { subject?: string | null; text?: string | null; links: string[] };
const outbox = async (page: Page, email: string): Promise<OutboxMail[]> =>
  (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).data as OutboxMail[];

test('a visitor saves a search on the way to an account, gets the alert of a new listing and unsubscribes', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const email = `busca.${stamp}@example.mx`;
  // The map around the centre of Mérida; the visitor draws a square in its middle with the drawing tool.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/propiedades?north=21.01&south=20.93&east=-89.58&west=-89.66&zoom=13&opType=renta');
  await hydrated(page);
  const canvas = page.locator('.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Dibujar área' }).click();
  const box = (await canvas.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const h = Math.min(box.width, box.height) * 0.2;
  for (const [x, y] of [[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h], [cx - h, cy - h]] as const) {
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.click(x, y);
  }
  await page.getByRole('button', { name: 'Listo' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('area')).not.toBeNull();
  const url = page.url().slice(new URL(page.url()).origin.length);
  const square = decodeDrawnArea(new URL(page.url()).searchParams.get('area')!).polygons![0]!;
  const centre = { lng: square.reduce((a, p) => a + p[0], 0) / square.length, lat: square.reduce((a, p) => a + p[1], 0) / square.length };

  // A visitor is asked to create an account first.
  await page.getByTestId('save-search').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Crear Cuenta' }).first()).toBeVisible();
  await signUpThroughApi(page, email, 'Bea Busca');
  await page.goto(url);
  await hydrated(page);

  // Signed in, the save modal comes back by itself.
  const dialog = page.getByRole('dialog', { name: 'Guardar esta búsqueda' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  // A new account has no verified phone: WhatsApp alerts are not ticked, and the dialog says why.
  await expect(dialog.getByLabel('También por WhatsApp')).not.toBeChecked();
  await expect(dialog.getByText('Las alertas por WhatsApp necesitan un teléfono verificado.')).toBeVisible();
  await dialog.getByLabel('Nombre de la búsqueda').fill('Centro de Mérida');
  await dialog.getByLabel('Recibir alertas').click();
  await page.getByRole('option', { name: 'Al momento' }).click();
  await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Búsqueda guardada').first()).toBeVisible();
  const saved = (await (await page.request.get('/api/v1/saved-searches')).json()).data.searches as { query: string }[];
  expect(saved).toHaveLength(1);
  expect(saved[0]!.query).toContain('area=');

  // An owner publishes a listing at the middle of the drawn square.
  const owner = await browser.newContext({ bypassCSP: true });
  const ownerPage = await owner.newPage();
  await signUpThroughApi(ownerPage, `duena.${stamp}@example.mx`, 'Dora Dueña');
  const published = await ownerPage.request.post('/api/v1/property', {
    headers: { 'X-CSRF-TOKEN': await csrfOf(ownerPage) },
    data: { data: {
      operation: 'renta', property_type: 'apartment',
      location: { street: 'Calle 62', number_ext: '500', neighborhood: 'Centro', municipality: 'Mérida', city: 'Mérida', state: 'yucatan', zip: '97000', lat: centre.lat, lng: centre.lng },
      rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 80, land: { area: 80, unit: 'm2' }, construction_year: 'first_use',
      rents: { price: 14500, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
      description: 'Departamento de dos recámaras en el centro de Mérida, cerca de la plaza grande, con cocina integral y patio.',
    } },
  });
  expect(published.ok(), await published.text()).toBeTruthy();
  await owner.close();

  // The alert arrives within a minute or so (the matching job runs every minute).
  let alert: OutboxMail | undefined;
  await expect.poll(async () => {
    alert = (await outbox(page, email)).find((m) => (m.subject ?? '').includes('Centro de Mérida'));
    return alert;
  }, { timeout: 150_000, intervals: [2_000] }).toBeDefined();
  expect(alert!.subject).toBe('1 propiedad nueva para «Centro de Mérida»');
  expect(alert!.links.some((l) => l.includes('/propiedades/'))).toBe(true);

  // /busquedas-guardadas: the search with its new listing.
  await page.goto('/busquedas-guardadas');
  await hydrated(page);
  await expect(page.getByTestId('saved-search')).toHaveCount(1);
  await expect(page.getByText('1 nueva desde tu última visita')).toBeVisible();
  await expect(page.getByTestId('saved-search-summary')).toHaveText('Propiedades en renta');
  await expect(page.getByRole('combobox', { name: 'Alertas' })).toHaveValue('Al momento');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'saved-searches');

  // The unsubscribe link works signed out (a fresh browser).
  const link = new URL(alert!.links.find((l) => l.includes('/busquedas-guardadas/baja'))!);
  const stranger = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const out = await stranger.newPage();
  await out.goto(`${link.pathname}${link.search}`);
  await hydrated(out);
  await out.getByRole('button', { name: 'Dejar de recibir alertas' }).click();
  await expect(out.getByTestId('unsubscribe-text')).toHaveText('Ya no recibirás alertas de la búsqueda «Centro de Mérida»');
  expect(await seriousAxeViolations(out)).toEqual([]);
  await shootBoth(out, 'saved-search-unsubscribe');
  await stranger.close();
  const after = (await (await page.request.get('/api/v1/saved-searches')).json()).data.searches as { frequency: string }[];
  expect(after[0]!.frequency).toBe('off');

  // Saved on a place page, the search keeps the place (its alerts cover Guadalajara's outline, not the map's view).
  await page.goto('/departamentos-en-renta-en-guadalajara');
  await hydrated(page);
  await page.getByTestId('save-search').click();
  const placeDialog = page.getByRole('dialog', { name: 'Guardar esta búsqueda' });
  await expect(placeDialog.getByLabel('Nombre')).toHaveValue('Departamentos en renta en Guadalajara, Jalisco');
  await placeDialog.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Búsqueda guardada').first()).toBeVisible();
  const mine = (await (await page.request.get('/api/v1/saved-searches')).json()).data.searches as { name: string; query: string }[];
  const placeSearch = mine.find((x) => x.name === 'Departamentos en renta en Guadalajara, Jalisco')!;
  expect(new URLSearchParams(placeSearch.query).get('place')).toBe('guadalajara');
});
