import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 9 §8: a page's scripts start only once it has loaded, so on a slow phone a person may type before the page
 * hydrates. What they typed is kept and acted on (apps/web/app/modules/layout/typed-before-hydration.ts). The
 * client entry is held back here for 2 s, as a slow connection would, so the typing surely comes first.
 */
async function holdScripts(page: Page): Promise<void> {
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
}

/** True while the page has not hydrated yet (the recorder is still waiting for React). */
const notHydrated = (page: Page) => page.evaluate(() => '__njTypedBeforeHydration' in window);

test('text typed before the page hydrates is kept and acted on: the search box suggests', async ({ page }) => {
  await holdScripts(page);
  await page.goto('/');
  expect(await notHydrated(page)).toBe(true);
  const search = page.getByRole('textbox', { name: '¿Dónde quieres vivir?' });
  await search.fill('guadalajra');
  expect(await notHydrated(page)).toBe(true);
  await expect(page.getByRole('option', { name: /^Guadalajara, Jalisco/ }).first()).toBeVisible();
  await expect(search).toHaveValue('guadalajra');
  expect(await notHydrated(page)).toBe(false);

});
