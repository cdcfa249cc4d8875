import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Where the stories write their screenshots (not committed). */
export const SCREENSHOTS_DIR = join(import.meta.dirname, '..', 'screenshots');

/**
 * Screenshots `page` whole at its current desktop width (1280 px) and at a phone's 390 px, as `{name}-1280.png` and
 * `{name}-390.png` in SCREENSHOTS_DIR, then restores 1280 × 900.
 */
export async function shootBoth(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** 'YYYY-MM-DD' of today in Mexico City plus `days` (the proposal's dates are Mexico City days). */
export function mexicoDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
