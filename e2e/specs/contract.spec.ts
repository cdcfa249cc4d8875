import { expect, test, type Page } from '@playwright/test';
import { acceptedRent } from '../support/accepted-rent.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';

/**
 * Issue 13 'Contract and signature' in two browsers: from an accepted proposal (set up through the API), the owner
 * opens the rent page's 'Contrato' tab, generates the lease (its SHA-256 shows) and sends the signing links; the
 * tenant opens the same tab, 'Firmar contrato' takes them to the sandbox signing page /firma/{slug}, where a wrong
 * name is refused and their own name with the acceptance signs; the owner signs the same way, and the tab then says
 * every party signed and offers the signed PDF and the audit trail. axe on each screen; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

/** From the contract tab, 'Firmar contrato' → the sandbox page → types `name` (after a wrong one) and signs. */
async function signFromTab(page: Page, ruid: string, shot: string) {
  await page.goto(`/propiedades-contactadas/${ruid}?section=contrato`);
  await hydrated(page);
  const tab = page.getByTestId('contract-section');
  await tab.getByRole('button', { name: 'Firmar contrato' }).click();
  await page.waitForURL(/\/firma\//);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Firma del contrato (modo de prueba)' })).toBeVisible();
  const name = (await page.locator('form strong').textContent())!.trim();
  await page.getByLabel('Escribe tu nombre completo').fill('Nombre Equivocado');
  await page.getByLabel('Leí el contrato y acepto firmarlo electrónicamente').check();
  await page.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Escribe tu nombre completo tal como aparece en el contrato');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, `${shot}-sign-page`);
  await page.getByLabel('Escribe tu nombre completo').fill(name);
  await page.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(page.getByTestId('sandbox-signed')).toContainText('Firmaste el contrato');
}

test('the owner generates the lease and sends the links; tenant and owner sign in the sandbox; the rent is on_rent with the signed PDF', async ({ browser }) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const renterContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  const renter = await renterContext.newPage();
  const { ruid } = await acceptedRent(owner, renter, 'contrato', -89.6165);

  await owner.goto(`/propiedades-contactadas/${ruid}?section=contrato`);
  await hydrated(owner);
  const tab = owner.getByTestId('contract-section');
  await expect(tab).toContainText('El contrato se genera con los términos de la propuesta aceptada');
  await tab.getByRole('button', { name: 'Generar contrato' }).click();
  await expect(tab).toContainText('Huella SHA-256 del borrador');
  await expect(tab.locator('code')).toHaveText(/^[0-9a-f]{64}$/);
  const download = owner.waitForEvent('download');
  await tab.getByRole('button', { name: 'Descargar borrador' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await tab.getByRole('button', { name: 'Enviar enlaces para firmar' }).click();
  await expect(tab.getByTestId('signer-renter')).toContainText('Pendiente');
  await expect(tab.getByTestId('signer-owner')).toContainText('Pendiente');
  expect(await seriousAxeViolations(owner)).toEqual([]);
  await shootBoth(owner, 'contract-0-owner-links-sent');

  await signFromTab(renter, ruid, 'contract-1-tenant');
  await renter.goto(`/propiedades-contactadas/${ruid}?section=contrato`);
  await hydrated(renter);
  await expect(renter.getByTestId('signer-renter')).toContainText('Firmó el');
  await expect(renter.getByTestId('signer-owner')).toContainText('Pendiente');
  expect(await seriousAxeViolations(renter)).toEqual([]);
  await shootBoth(renter, 'contract-2-tenant-signed');

  await signFromTab(owner, ruid, 'contract-3-owner');
  await owner.goto(`/propiedades-contactadas/${ruid}?section=contrato`);
  await hydrated(owner);
  const done = owner.getByTestId('contract-section');
  await expect(done).toContainText('Contrato firmado por todas las partes');
  const signed = owner.waitForEvent('download');
  await done.getByRole('button', { name: 'Descargar contrato firmado' }).click();
  expect((await signed).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(done.getByRole('button', { name: 'Descargar registro de auditoría' })).toBeVisible();
  expect(await seriousAxeViolations(owner)).toEqual([]);
  await shootBoth(owner, 'contract-4-owner-complete');
  await ownerContext.close();
  await renterContext.close();
});
