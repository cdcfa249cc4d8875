import type { Page } from '@playwright/test';

/**
 * Resolves once the page has hydrated: the page's scripts start one frame after `load` (issue 9 §8), and until React
 * has hydrated a button has no handler, so a story that taps one right after `goto` must wait for this first. The
 * signal is the pre-hydration typing recorder (apps/web/app/modules/layout/typed-before-hydration.ts), which the
 * root layout removes once React has hydrated.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !('__njTypedBeforeHydration' in window));
}
