import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 11 'Pages', end to end: an owner publishes a house; a renter contacts it through the API (POST /api/v1/rents)
 * and finds it on /propiedades-contactadas with its step label 'Contactada'; the owner finds the renter on
 * /property-dashboard/{puid}?tab=offers (and reaches it from 'Interesados (1)' on /mis-propiedades), opens the renter's public profile
 * /perfil?u= and sees the nickname; the renter is refused the owner's dashboard; the owner, who contacted nothing,
 * gets the empty state and a visitor the sign-in prompt; an unknown profile is a 404. axe
 * finds no serious or critical problem on the three pages; screenshots at 1280 and 390 px.
 */
const shots = join(import.meta.dirname, '..', 'screenshots');

const house = {
  operation: 'renta', property_type: 'house',
  // In Monterrey: detail.spec takes the first listing without photos around Guadalajara as a reference listing.
  location: { street: 'Calle Padre Mier', number_ext: '1500', neighborhood: 'Obispado', municipality: 'Monterrey', city: 'Monterrey', state: 'nuevo_leon', zip: '64060', lat: 25.6760, lng: -100.3470 },
  rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 110, land: { area: 120, unit: 'm2' }, construction_year: 'first_use',
  rents: { price: 18500, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
  description: 'Casa de dos recámaras en el Obispado, cerca de Av. Hidalgo.',
};

async function expectNoSeriousAxe(page: Page, where: string): Promise<void> {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

/** Full-page screenshots at 1280 and 390 px wide, then back to 1280. */
async function screenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ bypassCSP: true });

test('the renter sees the contacted listing, the owner sees who contacted it, and both reach the profile', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const ownerContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signUpThroughApi(owner, `duena.${stamp}@example.mx`, 'Marta Dueña');
  const form = new FormData();
  form.append('data', JSON.stringify(house));
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a8f7d' } }).jpeg().toBuffer();
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'fachada.jpg');
  const published = await owner.request.post('/api/v1/property', { multipart: form, headers: { 'X-CSRF-TOKEN': await csrfOf(owner) } });
  expect(published.ok(), await published.text()).toBeTruthy();
  const { uid: puid, title } = (await published.json()).data as { uid: string; title: string };

  // The renter contacts the listing through the API.
  const renterContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const renter = await renterContext.newPage();
  await signUpThroughApi(renter, `inquilino.${stamp}@example.mx`, 'Raúl Inquilino');
  const contacted = await renter.request.post('/api/v1/rents', {
    data: { puid, text: 'Hola, ¿puedo visitarla el sábado?' }, headers: { 'X-CSRF-TOKEN': await csrfOf(renter) },
  });
  expect(contacted.ok(), await contacted.text()).toBeTruthy();
  const { ruid } = (await contacted.json()).data as { ruid: string };

  // /propiedades-contactadas: the card with the step label, the price and the links.
  await renter.goto('/propiedades-contactadas');
  const card = renter.getByTestId('contacted-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('step-badge')).toHaveText('Contactada');
  await expect(card.getByText('MXN $18,500/mes')).toBeVisible();
  await expect(card.getByText('Hola, ¿puedo visitarla el sábado?')).toBeVisible();
  await expect(card.getByRole('link', { name: `Ver proceso de ${title}` })).toHaveAttribute('href', `/propiedades-contactadas/${ruid}`);
  await expect(card.getByRole('link', { name: `Ver propiedad: ${title}` })).toHaveAttribute('href', /^\/propiedades\//);
  const onlyActive = renter.getByRole('switch', { name: 'Solo activas' });
  await onlyActive.click();
  await expect(renter).toHaveURL(/activas=1/);
  await expect(onlyActive).toBeChecked();
  await expect(card).toBeVisible();
  await renter.waitForLoadState('networkidle');
  await expectNoSeriousAxe(renter, '/propiedades-contactadas');
  await screenshots(renter, 'contacted');

  // The renter is not the owner: the dashboard refuses.
  await renter.goto(`/property-dashboard/${puid}?tab=offers`);
  await expect(renter.getByTestId('dashboard-error')).toContainText('Esta propiedad no es tuya');
  await expect(renter.getByTestId('interested-row')).toHaveCount(0);

  // The owner reaches the dashboard from /mis-propiedades and finds the renter.
  await owner.goto('/mis-propiedades');
  const interested = owner.getByRole('link', { name: `Interesados (1): ${title}` });
  await expect(interested).toBeVisible();
  await expectNoSeriousAxe(owner, '/mis-propiedades');
  await interested.click();
  await expect(owner).toHaveURL(new RegExp(`/property-dashboard/${puid}\\?tab=offers$`));
  await expect(owner.getByTestId('dashboard-listing').getByText(title)).toBeVisible();
  await expect(owner.getByRole('tab', { name: 'Interesados (1)' })).toHaveAttribute('aria-selected', 'true');
  const row = owner.getByTestId('interested-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: 'Ver el perfil de Raúl Inquilino' })).toBeVisible();
  await expect(row.getByTestId('step-badge')).toHaveText('Contactada');
  await expect(row.getByTestId('unread-badge')).toHaveText('1 sin leer');
  await expect(row.getByRole('link', { name: 'Abrir conversación con Raúl Inquilino' })).toHaveAttribute('href', `/chat?chat=${ruid}`);
  // An unknown tab shows the offers.
  await owner.goto(`/property-dashboard/${puid}?tab=otra`);
  await expect(owner.getByTestId('interested-row')).toHaveCount(1);
  await owner.waitForLoadState('networkidle');
  await expectNoSeriousAxe(owner, '/property-dashboard');
  await screenshots(owner, 'property-dashboard');

  // The renter's public profile.
  await owner.getByRole('link', { name: 'Ver el perfil de Raúl Inquilino' }).click();
  await expect(owner).toHaveURL(/\/perfil\?u=/);
  await expect(owner.getByTestId('profile-nickname')).toHaveText('Raúl Inquilino');
  await expect(owner.getByText(/^Miembro desde \w+ de \d{4}$/)).toBeVisible();
  await expect(owner.getByText('Todavía no tiene calificaciones')).toBeVisible();
  await expect(owner.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(owner.getByText(`inquilino.${stamp}@example.mx`)).toHaveCount(0);
  await expectNoSeriousAxe(owner, '/perfil');
  await screenshots(owner, 'profile');

  // The owner contacted nothing: the empty state leads to the search. A visitor is asked to sign in.
  await owner.goto('/propiedades-contactadas');
  await expect(owner.getByRole('heading', { name: 'Aún no has contactado ninguna propiedad' })).toBeVisible();
  await expect(owner.getByRole('main').getByRole('link', { name: 'Buscar propiedades' })).toHaveAttribute('href', '/propiedades');
  const visitor = await browser.newPage();
  await visitor.goto('/propiedades-contactadas');
  await expect(visitor.getByRole('heading', { name: 'Inicia sesión para ver tus propiedades contactadas' })).toBeVisible();
  await visitor.close();

  // An unknown profile is a Spanish 404.
  const missing = await owner.goto('/perfil?u=noexiste123');
  expect(missing?.status()).toBe(404);
  await expect(owner.getByText('No encontramos este perfil')).toBeVisible();
  expect((await owner.goto('/perfil'))?.status()).toBe(404);

  // The owner withdraws the listing: asked first (someone contacted it); the renter's process then shows the end.
  await owner.goto('/mis-propiedades');
  await owner.getByRole('switch', { name: `Mostrar ${title} en las búsquedas` }).first().click();
  const confirm = owner.getByRole('dialog', { name: '¿Desactivar esta propiedad?' });
  await expect(confirm).toContainText('Una persona te contactó por esta propiedad');
  // Polled: while the dialog fades in, its text is drawn at partial opacity.
  await expect.poll(() => seriousAxeViolations(owner), { message: 'deactivate dialog' }).toEqual([]);
  await confirm.getByRole('button', { name: 'Desactivar' }).click();
  await expect(owner.getByText('Propiedad desactivada')).toBeVisible();
  await renter.goto(`/propiedades-contactadas/${ruid}`);
  await expect(renter.getByTestId('process-cancelled')).toBeVisible();
  await renter.goto('/propiedades-contactadas');
  await expect(renter.getByTestId('contacted-card').filter({ hasText: title }).getByTestId('step-badge')).toHaveText('Propiedad inválida');

  await ownerContext.close();
  await renterContext.close();
});
