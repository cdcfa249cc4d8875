import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe.ts';
import { signUpThroughApi } from '../support/sign-up.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';

/**
 * Issue 13 'Bank accounts', end to end on /cuenta: a client types a CLABE with a wrong check digit (refused in
 * Spanish), fixes it and sees the bank named live, saves it, adds a foreign SWIFT account, sees both listed and deletes
 * one. axe on the section; screenshots 1280/390 px.
 */
test.use({ bypassCSP: true });

test('a client adds a CLABE with its bank named live, a foreign account, and deletes one on /cuenta', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, `cuentas.${Date.now()}@example.mx`, 'Cuentas Banco');
  await page.goto('/cuenta#cuentas-bancarias');
  await hydrated(page);
  const section = page.getByRole('region', { name: 'Cuentas bancarias' });
  await expect(section.getByText('Aún no tienes cuentas bancarias.')).toBeVisible();
  await section.getByRole('button', { name: 'Agregar cuenta' }).click();
  await section.getByLabel('Nombre del titular').fill('Ana López Pérez');
  const clabe = section.getByLabel('CLABE interbancaria (18 números)');
  await clabe.fill('002010077777777772');
  await expect(section.getByText(/dígito verificador de la CLABE/)).toBeVisible();
  await clabe.fill('002010077777777771');
  await expect(section.getByText('Banco: Banamex')).toBeVisible();
  await section.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(section.getByText('Banamex · 002010077777777771')).toBeVisible();

  await section.getByRole('button', { name: 'Agregar cuenta' }).click();
  await section.getByLabel('Nombre del titular').fill('Ana López Pérez');
  await section.getByLabel('Es una cuenta del extranjero').check();
  await section.getByLabel('SWIFT/BIC').fill('DEUTDEFF');
  await section.getByLabel('Número de cuenta o IBAN').fill('DE89 3704 0044 0532 0130 00');
  await section.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(section.getByText('DEUTDEFF · DE89370400440532013000')).toBeVisible();
  await expect(section.getByTestId('bank-account')).toHaveCount(2);

  expect(await seriousAxeViolations(page)).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await shootBoth(page, 'bank-accounts-cuenta');

  await section.getByRole('button', { name: 'Eliminar DEUTDEFF · DE89370400440532013000' }).click();
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(section.getByTestId('bank-account')).toHaveCount(1);
});
