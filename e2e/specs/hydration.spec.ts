import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 9 §8: a page's scripts start only once it has loaded, so on a slow phone a person may type before the page
 * hydrates. What they typed is kept and acted on (apps/web/app/modules/layout/typed-before-hydration.ts). The
 * client entry is held back here until the typing is done, as a slow connection would hold it.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** True while the page has not hydrated yet (the recorder is still waiting for React). */
const notHydrated = (page: Page) => page.evaluate(() => '__njTypedBeforeHydration' in window);

test('text typed before the page hydrates is kept and acted on: the search box suggests', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/'); // waits for load: the scripts are requested only after it, and held
  expect(await notHydrated(page)).toBe(true);
  const search = page.getByRole('textbox', { name: '¿Dónde quieres vivir?' });
  await search.fill('guadalajra');
  expect(await notHydrated(page)).toBe(true);
  release();
  await expect(page.getByRole('option', { name: /^Guadalajara, Jalisco/ }).first()).toBeVisible();
  await expect(search).toHaveValue('guadalajra');
  expect(await notHydrated(page)).toBe(false);
});
