import { expect, test, type Page } from '@playwright/test';
import { acceptedRent } from '../support/accepted-rent.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { csrfOf } from '../support/sign-up.ts';
import { shootBoth } from '../support/screens.ts';

/**
 * Issue 13 'Payments' (decision 024), end to end in two browsers: from an accepted proposal both parties sign the lease
 * in the e-signature sandbox (the last signature starts the schedule), then the rent page's 'Pagos' tab shows the
 * renter the first payment (deposit + first month together) with its pay button and the schedule with its custody
 * ('Esperando el pago'); the renter pays both with a test card in the payments sandbox and sees them held by the
 * platform, with receipts; the owner sees the same schedule without a pay button. axe on each screen; screenshots at
 * 1280 and 390 px in screenshots/ (not committed).
 */
test.use({ bypassCSP: true });

async function sign(page: Page, ruid: string): Promise<void> {
  const csrf = await csrfOf(page);
  const signed = await page.request.post('/api/v1/rents/sign', { data: { ruid }, headers: { 'X-CSRF-TOKEN': csrf } });
  expect(signed.ok(), await signed.text()).toBeTruthy();
  const url = ((await signed.json()).data as { my_signing_url: string | null }).my_signing_url;
  expect(url).toBeTruthy();
  const slug = url!.split('/').pop()!;
  const signer = await page.request.get(`/api/v1/esign/sandbox/${slug}`);
  const { name } = (await signer.json()).data as { name: string };
  const done = await page.request.post(`/api/v1/esign/sandbox/${slug}`, { data: { full_name: name, accept: true }, headers: { 'X-CSRF-TOKEN': csrf } });
  expect(done.ok(), await done.text()).toBeTruthy();
}

test('after the last signature the renter sees the first payment to make and the owner the schedule', async ({ browser }) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const renterContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  const renter = await renterContext.newPage();
  const { ruid } = await acceptedRent(owner, renter, 'pagos', -89.627);

  const generated = await owner.request.post('/api/v1/rents/contract', { data: { ruid }, headers: { 'X-CSRF-TOKEN': await csrfOf(owner) } });
  expect(generated.ok(), await generated.text()).toBeTruthy();
  await sign(renter, ruid);
  await sign(owner, ruid);

  await renter.goto(`/propiedades-contactadas/${ruid}?section=pagos`);
  await hydrated(renter);
  await expect(renter.getByRole('heading', { name: 'Primer pago: depósito y primer mes' })).toBeVisible();
  await expect(renter.getByRole('button', { name: 'Pagar depósito y primer mes' })).toBeVisible();
  await expect(renter.getByRole('cell', { name: 'Depósito en garantía' })).toBeVisible();
  // one month of deposit + the first month of $14,000
  await expect(renter.getByText('$28,000.00').first()).toBeVisible();
  await expect(renter.getByText('Esperando el pago').first()).toBeVisible();
  expect(await seriousAxeViolations(renter)).toEqual([]);
  await shootBoth(renter, 'rent-payments-renter');

  // The renter pays deposit + first month together with a test card in the payments sandbox and comes back: both are
  // paid and held by the platform ('Resguardado hasta la salida' / 'hasta la entrega') once payment.completed ran.
  await renter.getByRole('button', { name: 'Pagar depósito y primer mes' }).click();
  await renter.getByTestId('pay-confirm').click();
  await renter.waitForURL(/\/pago-sandbox\//);
  await hydrated(renter);
  await renter.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await renter.getByRole('button', { name: 'Pagar con tarjeta' }).click();
  // the sandbox's approved card sends the browser back to the tab (success URL: …?section=pagos&pago=ok)
  await renter.waitForURL(new RegExp(`/propiedades-contactadas/${ruid}\\?section=pagos&pago=ok`), { waitUntil: 'commit' });
  await expect(async () => {
    await renter.reload();
    await hydrated(renter);
    await expect(renter.getByText('Resguardado hasta la entrega').first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(renter.getByText('Resguardado hasta la salida').first()).toBeVisible();
  await expect(renter.getByRole('link', { name: 'Ver comprobante' }).first()).toBeVisible();
  expect(await seriousAxeViolations(renter)).toEqual([]);
  await shootBoth(renter, 'rent-payments-renter-paid');

  await owner.goto(`/propiedades-contactadas/${ruid}?section=pagos`);
  await hydrated(owner);
  await expect(owner.getByRole('heading', { name: 'Calendario de pagos' })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Pagar depósito y primer mes' })).toHaveCount(0);
  expect(await seriousAxeViolations(owner)).toEqual([]);
  await shootBoth(owner, 'rent-payments-owner');
  await ownerContext.close();
  await renterContext.close();
});
