import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';

/**
 * Issue 17 'Price history and market figures' end to end on the demo data (the figures are computed once at the
 * first start): a place page shows its price-per-m² chart, the active listings and the method; an apartment's
 * detail page in that colonia compares its price per m² with the colonia's median and shows its price history.
 * axe finds no serious or critical violation; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true }); // axe is injected as a script the CSP would refuse

test('a place page shows its price-per-m² chart and a detail page the comparison and the history', async ({ page }) => {
  await page.goto('/departamentos-en-venta-en-providencia-guadalajara');
  await hydrated(page);
  const market = page.getByTestId('market-figures');
  await expect(market.getByRole('heading', { name: 'Precio por m² en Providencia' })).toBeVisible();
  await expect(market.getByTestId('market-sale-chart')).toBeVisible();
  await expect(market.getByTestId('market-sale-median')).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
  await expect(market.getByTestId('market-method')).toContainText('Datos insuficientes');
  await market.scrollIntoViewIfNeeded();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'market-place');

  const href = await page.locator('.nj-card-grid .nj-card-link').first().getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const history = page.getByTestId('price-history');
  await expect(history.getByRole('heading', { name: 'Historial de precio' })).toBeVisible();
  await expect(history.getByRole('cell', { name: 'Precio inicial' }).first()).toBeVisible();
  await expect(page.getByTestId('price-comparison')).toHaveText(
    /^El precio por m² de este departamento está (en la mediana|\d+ % por (debajo|encima) de la mediana) de Providencia[^,]*$/,
  );
  await history.scrollIntoViewIfNeeded();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'market-detail');
});
