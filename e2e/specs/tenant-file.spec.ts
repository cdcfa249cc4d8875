import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';
import { hydrated } from '../support/hydrated.ts';
import { mexicoDay, shootBoth } from '../support/screens.ts';
import { newestCode } from '../support/outbox.ts';

/**
 * Issue 12 'A reusable tenant file', end to end: a renter whose first application (data, income, proofs and the
 * sandbox investigation) was sent applies for a second home; the proposal offers 'Reutiliza tu expediente', lists
 * what will be added and what the owner will see, and 'Usar mi expediente' fills the new proposal. axe; screenshots
 * at 1280 and 390 px in screenshots/ (not committed).
 */
test.use({ bypassCSP: true });

/** A flat for rent in Querétaro (away from the listings other stories look for), at `lng`. */
const flat = (lng: number, price: number) => ({
  operation: 'renta', property_type: 'apartment',
  location: { street: 'Av. Madero', number_ext: '30', neighborhood: 'Centro', municipality: 'Querétaro', city: 'Santiago de Querétaro', state: 'queretaro', zip: '76000', lat: 20.5931, lng },
  rooms: 2, bathrooms: 1, parking_spots: 0, construction_area: 75, land: { area: 75, unit: 'm2' }, construction_year: 'first_use',
  rents: { price, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
  description: 'Departamento de dos recámaras en el centro histórico de Querétaro, cerca del Jardín Zenea y del acueducto.',
});

test('a renter reuses the file of an application sent this month in a new proposal', async ({ page }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const proof = await sharp({ create: { width: 400, height: 260, channels: 3, background: '#e8eef5' } }).png().toBuffer();
  // Two owners' listings, published through the API.
  const owners: string[] = [];
  for (const [i, price] of [[0, 11000], [1, 12000]] as const) {
    const ownerPage = await page.context().browser()!.newPage();
    await signUpThroughApi(ownerPage, `dueno.expediente.${i}.${stamp}@example.mx`, `Dueño Expediente ${i}`);
    const published = await ownerPage.request.post('/api/v1/property', { data: { data: flat(-100.392 - i * 0.004, price) }, headers: { 'X-CSRF-TOKEN': await csrfOf(ownerPage) } });
    expect(published.ok(), await published.text()).toBeTruthy();
    owners.push(((await published.json()).data as { uid: string }).uid);
    await ownerPage.close();
  }

  const email = `inquilina.expediente.${stamp}@example.mx`;
  await signUpThroughApi(page, email, 'Inquilina Expediente');
  const csrf = await csrfOf(page);
  const post = (url: string, data: unknown) => page.request.post(url, { data, headers: { 'X-CSRF-TOKEN': csrf } });
  const put = (url: string, data: unknown) => page.request.put(url, { data, headers: { 'X-CSRF-TOKEN': csrf } });
  // The first application, complete and sent.
  const { ruid: first } = (await (await post('/api/v1/rents', { puid: owners[0], text: 'Hola, me interesa rentarlo' })).json()).data as { ruid: string };
  expect((await post('/api/v1/rents/offer', { ruid: first })).ok()).toBeTruthy();
  expect((await put(`/api/v1/rents/${first}`, { batch: [{ key: 'first_day', value: mexicoDay(20) }, { key: 'last_day', value: mexicoDay(20 + 365) }] })).ok()).toBeTruthy();
  expect((await put(`/api/v1/rents/${first}/plan`, { plan: 'basic' })).ok()).toBeTruthy();
  for (const [field, value] of [['first_name', 'Sofía'], ['first_last_name', 'Ramírez'], ['other_last_names', 'Torres'], ['birthdate', '1992-07-08']]) {
    const saved = await put(`/api/v1/rents/${first}/person`, { person: 'renter', field, value });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }
  expect((await put(`/api/v1/rents/${first}/income`, { total_income: '45,000', work_company_name: 'Textiles de Puebla' })).ok()).toBeTruthy();
  // The bureau query authorized with the NIP sent by e-mail.
  expect((await post('/api/v1/client/multiburopinresend', {})).ok()).toBeTruthy();
  const authorized = await post('/api/v1/client/multiburopin', { pin: await newestCode(page, email, 'NIP') });
  expect(authorized.ok(), await authorized.text()).toBeTruthy();
  const investigated = await page.request.post('/api/v1/rents/creditinvestigation', {
    headers: { 'X-CSRF-TOKEN': csrf },
    multipart: {
      ruid: first, renter_type: 'renter', birthdate: '1992-07-08', first_name: 'Sofía', first_last_name: 'Ramírez', other_last_names: 'Torres', rfc: 'RATS920708AB4',
      total_income: '45,000', address: 'Av. Reforma 300', neighborhood: 'Centro', municipality: 'Puebla', city: 'Puebla', state: 'Puebla',
      cp: '72000', nationality: 'MX',
      proof_of_address: { name: 'recibo-luz.png', mimeType: 'image/png', buffer: proof },
      proof_of_income: { name: 'nomina.png', mimeType: 'image/png', buffer: proof },
    },
  });
  expect(investigated.ok(), await investigated.text()).toBeTruthy();
  const sent = await post('/api/v1/rents/send', { ruid: first, data_declared_true: true, terms_accepted: true });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  // The second application starts empty and offers the file.
  const { ruid: second } = (await (await post('/api/v1/rents', { puid: owners[1], text: 'Hola, ¿sigue disponible?' })).json()).data as { ruid: string };
  expect((await post('/api/v1/rents/offer', { ruid: second })).ok()).toBeTruthy();
  await page.goto(`/propiedades-contactadas/${second}?section=propuesta`);
  await hydrated(page);
  const card = page.getByTestId('tenant-file');
  await expect(card.getByRole('heading', { name: 'Reutiliza tu expediente' })).toBeVisible();
  await expect(card).toContainText('Tus datos personales');
  await expect(card).toContainText('2 comprobantes');
  await expect(card).toContainText('MXN $45,000');
  await expect(card).toContainText('Investigación de crédito y listas (puntaje');
  await expect(card).toContainText('Tu CURP, RFC, IDMEX y tu INE nunca se muestran al propietario.');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'tenant-file');
  await card.getByRole('button', { name: 'Usar mi expediente' }).click();
  await expect(page.getByText('Listo: tu expediente se agregó a esta propuesta')).toBeVisible();
  await expect(card).toBeHidden();

  // The final review shows the reused data in place.
  await page.getByRole('button', { name: 'Continuar la propuesta' }).click();
  await expect(page).toHaveURL(/mode=rent-configuration/);
  await page.goto(`/propiedades-contactadas/${second}?section=propuesta&mode=final`);
  await hydrated(page);
  const person = page.getByTestId('person-form');
  await expect(person.getByLabel('Nombre', { exact: true })).toHaveValue('Sofía');
  await expect(person.getByLabel('Primer apellido')).toHaveValue('Ramírez');
});
