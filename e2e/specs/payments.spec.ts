import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { newestCode } from '../support/outbox.ts';

/**
 * Issue 13 'Payments', end to end: a renter whose quick investigation left a pending `ic` charge ($499) claims the
 * $200 welcome e-money, pays the charge from the investigation results with e-money first and the rest ($299) by card
 * on the sandbox provider's hosted page (a declined test card first, then 4242…), returns, and finds the payment on
 * /pagos as 'Pagado' with its receipt PDF. axe on the sandbox page and /pagos; screenshots 1280/390 px.
 */
test.use({ bypassCSP: true });

const flat = {
  operation: 'renta', property_type: 'apartment',
  location: { street: 'Calle Zaragoza', number_ext: '31', neighborhood: 'Centro', municipality: 'Monterrey', city: 'Monterrey', state: 'nuevo_leon', zip: '64000', lat: 25.6702, lng: -100.3101 },
  rooms: 1, bathrooms: 1, parking_spots: 0, construction_area: 50, land: { area: 50, unit: 'm2' }, construction_year: 'first_use',
  rents: { price: 8000, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
  description: 'Departamento de una recámara en el centro de Monterrey, cerca del metro y de la Macroplaza.',
};

test('a renter pays the investigation fee with e-money and a test card; the receipt is on /pagos', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const ownerContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signUpThroughApi(owner, `duena.pagos.${stamp}@example.mx`, 'Dueña Pagos');
  const published = await owner.request.post('/api/v1/property', { data: { data: flat }, headers: { 'X-CSRF-TOKEN': await csrfOf(owner) } });
  expect(published.ok(), await published.text()).toBeTruthy();
  const { uid: puid } = (await published.json()).data as { uid: string };

  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const renter = await context.newPage();
  const email = `inquilina.pagos.${stamp}@example.mx`;
  await signUpThroughApi(renter, email, 'Inquilina Pagos');
  const csrf = await csrfOf(renter);
  const post = (url: string, data: unknown) => renter.request.post(url, { data, headers: { 'X-CSRF-TOKEN': csrf } });
  const { ruid } = (await (await post('/api/v1/rents', { puid, text: 'Hola, me interesa' })).json()).data as { ruid: string };
  expect((await post('/api/v1/rents/offer', { ruid })).ok()).toBeTruthy();
  expect((await post('/api/v1/client/multiburopinresend', {})).ok()).toBeTruthy();
  expect((await post('/api/v1/client/multiburopin', { pin: await newestCode(renter, email, 'NIP') })).ok()).toBeTruthy();
  const proof = await sharp({ create: { width: 480, height: 300, channels: 3, background: '#e8eef5' } }).png().toBuffer();
  const run = await renter.request.post('/api/v1/rents/creditinvestigation', {
    headers: { 'X-CSRF-TOKEN': csrf },
    multipart: {
      ruid, first_name: 'Laura', first_last_name: 'Méndez', other_last_names: 'Ortiz', birthdate: '1990-03-15', rfc: 'MEOL900315AB1',
      total_income: '40000', address: 'Av. Juárez 120', neighborhood: 'Centro', municipality: 'Monterrey', city: 'Monterrey', state: 'nuevo_leon', cp: '64000',
      proof_of_income: { name: 'recibo.png', mimeType: 'image/png', buffer: proof },
    },
  });
  expect(run.ok(), await run.text()).toBeTruthy();
  expect((await post('/api/v1/client/rewards/welcome', {})).ok()).toBeTruthy();

  await renter.goto(`/propiedades-contactadas/${ruid}?section=propuesta`);
  await hydrated(renter);
  const fee = renter.getByTestId('investigation-fee');
  await expect(fee).toContainText('Pendiente');
  await fee.getByTestId('pay-button').click();
  await expect(renter.getByText('Saldo disponible: $200.00')).toBeVisible();
  await renter.getByTestId('pay-confirm').click();

  await renter.waitForURL(/\/pago-sandbox\/cs_test_/);
  await hydrated(renter);
  await expect(renter.getByTestId('sandbox-amount')).toHaveText('$299.00 MXN');
  expect(await seriousAxeViolations(renter)).toEqual([]);
  await shootBoth(renter, 'payments-sandbox-checkout');
  await renter.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
  await renter.getByRole('button', { name: 'Pagar con tarjeta' }).click();
  await expect(renter.getByText('Tu tarjeta fue rechazada. Prueba con otra tarjeta.')).toBeVisible();
  await renter.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await renter.getByRole('button', { name: 'Pagar con tarjeta' }).click();
  await renter.waitForURL(/pago=ok/);

  await renter.goto('/pagos');
  await hydrated(renter);
  const row = renter.getByTestId('payment-row').first();
  await expect(row).toContainText('Pagado');
  await expect(row).toContainText('$200.00 con dinero electrónico');
  const receipt = row.getByRole('link', { name: 'Comprobante' });
  const pdf = await renter.request.get((await receipt.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await seriousAxeViolations(renter)).toEqual([]);
  await shootBoth(renter, 'payments-list');
  // On a phone the payments are cards, and the page never scrolls sideways.
  await renter.setViewportSize({ width: 390, height: 844 });
  await expect(renter.getByTestId('payment-card').first()).toContainText('Pagado');
  expect(await renter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await renter.setViewportSize({ width: 1280, height: 900 });
  await ownerContext.close();
  await context.close();
});
