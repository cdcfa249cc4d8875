import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { seriousAxeViolations } from '../support/axe.ts';
import { signUpThroughApi } from '../support/sign-up.ts';
import { hydrated } from '../support/hydrated.ts';

/**
 * Issue 12 'Rules' (LFPDPPP; decision 019), end to end: a client asks on /cuenta to erase their personal data of
 * the rental process, confirms, and sees it done (the job runs in the server's worker). axe; screenshots at 1280 and
 * 390 px in screenshots/ (not committed).
 */
const shots = join(import.meta.dirname, '..', 'screenshots');
test.use({ bypassCSP: true });

test('a client asks to erase their personal data and sees it done', async ({ page }) => {
  await signUpThroughApi(page, `borrar.datos.${Date.now()}@example.mx`, 'Cliente Borrar');
  await page.goto('/cuenta');
  await hydrated(page);
  const section = page.getByTestId('personal-data-erasure');
  await expect(section.getByRole('heading', { name: 'Tus datos personales' })).toBeVisible();
  await section.getByRole('button', { name: 'Solicitar la eliminación de mis datos' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Borrar tus datos personales del proceso de renta?' });
  await expect(confirm).toContainText('no se puede deshacer');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Sí, borrar mis datos' }).click();
  await expect(page.getByText('Recibimos tu solicitud.').first()).toBeVisible();
  await expect(section.getByTestId('erasure-status')).toContainText('se borraron el', { timeout: 20_000 });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'personal-data-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'personal-data-390.png') });
});
