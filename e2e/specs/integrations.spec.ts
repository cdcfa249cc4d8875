import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 16 'Integrations': an agency's administrator opens the 'Integraciones' tab of /agency-control-panel, connects
 * EasyBroker with an API key (the e2e server points EasyBroker at the in-process sandbox of its API, start-server.ts),
 * simulates a pull (nothing written: 24 would be created), pulls now (24 created), sees both runs in the history, and
 * finds the listings with the 'EasyBroker' badge and their photos (downloaded by the integrations.photos job) on
 * /mis-propiedades and on a listing's page; the same home published
 * directly by its owner is grouped with the synced one ('También en…'). A key the provider refuses is answered in Spanish. axe on each screen; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

test('an agency connects EasyBroker, simulates, pulls and sees its listings with the EasyBroker badge', async ({ page }) => {
  test.setTimeout(480_000);
  const stamp = Date.now();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, `integraciones.${stamp}@example.mx`, 'Directora Integraciones');
  const created = await page.request.post('/api/v1/agencies', { headers: { 'X-CSRF-TOKEN': await csrfOf(page) }, data: { name: `Inmobiliaria Sincronizada ${stamp}` } });
  expect(created.ok(), await created.text()).toBeTruthy();

  await page.goto('/agency-control-panel?tab=integrations');
  await hydrated(page);
  const easybroker = page.getByTestId('integration-easybroker');
  await expect(easybroker.getByRole('heading', { name: 'EasyBroker' })).toBeVisible();
  await expect(page.getByTestId('integration-kw').getByRole('heading', { name: 'KW' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'integrations-empty');

  // A key EasyBroker refuses: the Spanish reason, nothing connected.
  await easybroker.getByLabel('Llave de API de EasyBroker').fill('rechazada-0000');
  await easybroker.getByRole('button', { name: 'Conectar' }).click();
  await expect(page.getByText('El proveedor rechazó las credenciales; revisa la llave y vuelve a conectar').first()).toBeVisible();
  await expect(easybroker.getByRole('button', { name: 'Simular' })).toHaveCount(0);

  const key = `eb-llave-${stamp}`;
  await easybroker.getByLabel('Llave de API de EasyBroker').fill(key);
  await easybroker.getByRole('button', { name: 'Conectar' }).click();
  await expect(easybroker.getByText(`Credenciales que terminan en …${key.slice(-4)}`)).toBeVisible();

  // Dry run: what would happen, nothing written.
  await easybroker.getByRole('button', { name: 'Simular' }).click();
  await expect(easybroker.getByTestId('pull-outcome')).toContainText('Se crearían 24, se actualizarían 0 y se desactivarían 0 (0 con error)');
  const before = await page.request.get('/api/v1/integrations');
  expect((await before.json()).data.items[0].listings).toBe(0);

  // Pull now.
  await easybroker.getByRole('button', { name: 'Sincronizar ahora' }).click();
  await expect(easybroker.getByTestId('pull-outcome')).toContainText('24 nuevas · 0 actualizadas · 0 desactivadas · 0 con error', { timeout: 30_000 });
  const runs = easybroker.getByTestId('integration-runs').locator('tbody tr');
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0)).toContainText('A mano');
  await expect(runs.nth(1)).toContainText('Simulación');
  await expect(runs.nth(1)).toContainText('Se crearían 24');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'integrations-pulled');

  // The listings, the administrator's, carry the EasyBroker badge on their cards and pages. Their photos (decision 033
  // 'Photos') come after the pull: the integrations.photos job downloads the sandbox's three JPEGs per listing and
  // makes their variants; the cards show them once it has (the list is reloaded until no card shows the location
  // picture a listing without photos gets).
  const cardPhoto = page.locator('img[src$="_card.webp"]').first();
  await expect(async () => {
    await page.goto('/mis-propiedades');
    await expect(cardPhoto).toBeVisible({ timeout: 2_000 });
    await expect(page.locator('.nj-locpic-img')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 180_000, intervals: [3_000] });
  await hydrated(page);
  await expect(page.getByTestId('source-badge').first()).toHaveText('EasyBroker');
  await expect.poll(() => cardPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(305);
  // The cards' photo dots are named in Spanish, not Mantine's 'Slides'.
  await expect(page.getByRole('tablist', { name: 'Fotos' }).first()).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Slides' })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'integrations-my-listings');
  const auid = (await created.json()).data.auid as string;
  const list = await (await page.request.get(`/api/v1/agencies/${auid}/properties`)).json();
  const slug = list.data.properties[0].slug as string;
  await page.goto(`/propiedades/${slug}`);
  await hydrated(page);
  // The listing's own badge comes first; its similar listings (the same agency's, synced too) carry theirs below.
  await expect(page.getByTestId('source-badge').first()).toHaveText('EasyBroker');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'integrations-listing');

  // The same home published here directly by its owner (another account; same point, type, rooms and area, the price
  // 1 % higher): within the minute the duplicate job groups it with the synced listing, and the search shows one card
  // with 'También en…' (issue 16 'Cross-source de-duplication').
  type Listing = { uid: string; lat: number; lng: number; location: { neighborhood: string | null; municipality: string | null; state: string | null; zip: string | null }; is_renta: boolean; property_type: string; rooms: number | null; bathrooms: number | null; construction_area: number | null; price: { amount: number; currency_type: string }; also_on?: { puid: string }[] };
  const synced = (await (await page.request.get(`/api/v1/properties/${slug}`)).json()).data as Listing;
  const owner = await page.context().browser()!.newContext({ bypassCSP: true });
  const ownerPage = await owner.newPage();
  await signUpThroughApi(ownerPage, `duena.sincronizada.${stamp}@example.mx`, 'Dueña Directa');
  const operation = synced.is_renta ? 'renta' : 'venta';
  const pricing = { price: Math.round(synced.price.amount * 1.01), currency_type: synced.price.currency_type, based_on: 'valor_total', commission: { commission_type: synced.is_renta ? 'months' : 'percentaje', value: synced.is_renta ? 1 : 4, currency_type: 'mxn' } };
  const published = await ownerPage.request.post('/api/v1/property', {
    headers: { 'X-CSRF-TOKEN': await csrfOf(ownerPage) },
    data: { data: {
      operation, property_type: synced.property_type,
      // Its place is the synced listing's own (a place page shows only the listings its outline holds and names).
      location: {
        street: 'Calle Conocida', number_ext: '100', neighborhood: synced.location.neighborhood ?? 'Centro', municipality: synced.location.municipality,
        state: (synced.location.state ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replaceAll(' ', '_'), zip: synced.location.zip, lat: synced.lat, lng: synced.lng,
      },
      rooms: synced.rooms ?? 2, bathrooms: synced.bathrooms ?? 1, parking_spots: 1, construction_area: synced.construction_area ?? 90,
      land: { area: synced.construction_area ?? 90, unit: 'm2' }, construction_year: 'first_use',
      ...(synced.is_renta ? { rents: pricing } : { sales: pricing }),
      description: 'La misma casa publicada directamente por su dueña, con fotos propias y la información completa del inmueble.',
    } },
  });
  expect(published.ok(), await published.text()).toBeTruthy();
  const direct = (await published.json()).data as { uid: string };
  await owner.close();
  const near = `north=${synced.lat + 0.002}&south=${synced.lat - 0.002}&east=${synced.lng + 0.002}&west=${synced.lng - 0.002}&op_type=${synced.is_renta ? 'rent' : 'sale'}`;
  await expect.poll(async () => {
    const r = await page.request.post(`/api/v1/properties/search?${near}&v=2`, { headers: { 'X-CSRF-TOKEN': await csrfOf(page) } });
    const cards = (await r.json()).data.properties as Listing[];
    const grouped = cards.filter((c) => c.uid === synced.uid || c.uid === direct.uid);
    return grouped.length === 1 && (grouped[0]!.also_on ?? []).length === 1;
  }, { timeout: 150_000, intervals: [5_000] }).toBe(true);
});
