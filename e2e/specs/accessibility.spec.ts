import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe.ts';
import { signUpThroughApi } from '../support/sign-up.ts';
import { hydrated } from '../support/hydrated.ts';

/**
 * Issue 9 §7: axe-core (WCAG 2.1 A/AA) finds no serious or critical violation on the pages a person uses most —
 * home, the map search, a detail page, the sign-up and login modals, the publish form, the owner's listings and the
 * account page — and the list of cards is reachable with a skip link. Each page is checked as it is once loaded.
 */
test.use({ bypassCSP: true });

/** The page's serious and critical axe findings, labelled with the page's name so a failure says where. */
async function findings(page: Page, name: string): Promise<{ page: string; id: string; targets: string[] }[]> {
  return (await seriousAxeViolations(page)).map((v) => ({ page: name, id: v.id, targets: v.targets }));
}

test('a visitor\'s pages and the account modals have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  const found: { page: string; id: string; targets: string[] }[] = [];

  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  found.push(...await findings(page, 'home'));

  await page.goto('/propiedades?north=20.70&south=20.66&east=-103.36&west=-103.40&zoom=14');
  const results = page.getByRole('region', { name: 'Resultados' });
  await expect(results.locator('a[href^="/propiedades/"]').first()).toBeVisible();
  found.push(...await findings(page, '/propiedades'));

  const detail = await results.locator('a[href^="/propiedades/"]').first().getAttribute('href');
  await page.goto(detail!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  found.push(...await findings(page, 'detalle'));

  await page.goto('/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Crear Cuenta' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...await findings(page, 'modal de registro'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Iniciar Sesión' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...await findings(page, 'modal de inicio de sesión'));

  expect(found).toEqual([]);
});

test('a signed-in person\'s pages have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  const found: { page: string; id: string; targets: string[] }[] = [];
  await signUpThroughApi(page, `a11y.${Date.now()}@example.mx`, 'Persona Prueba');

  await page.goto('/crear-propiedad');
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
  found.push(...await findings(page, '/crear-propiedad'));

  await page.goto('/mis-propiedades');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  found.push(...await findings(page, '/mis-propiedades'));

  await page.goto('/cuenta');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  found.push(...await findings(page, '/cuenta'));

  expect(found).toEqual([]);
});

test('the list of cards is reachable with a skip link, the first thing the keyboard reaches', async ({ page }) => {
  await page.goto('/propiedades?north=20.70&south=20.66&east=-103.36&west=-103.40&zoom=14');
  await expect(page.getByRole('region', { name: 'Resultados' }).getByRole('link').first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Saltar a los resultados' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Resultados' })).toBeFocused();
});
