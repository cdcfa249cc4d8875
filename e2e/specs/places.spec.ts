import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { seriousAxeViolations } from '../support/axe.ts';

/**
 * Issue 9 §2 end to end, on the fresh demo database (no SEPOMEX): a visitor finds the Mexico City colonias Roma Norte
 * and Polanco from the search box, misspells Guadalajara and still lands there (Enter without picking names the place
 * chosen), and is told when a place does not exist. axe checks the search with its suggestions open and the map page
 * of a place. Screenshots at desktop and 390 px go to screenshots/ (not committed) to be looked at.
 */
test.use({ bypassCSP: true });

const shots = join(import.meta.dirname, '..', 'screenshots');
mkdirSync(shots, { recursive: true });

/** The map's bounds as the listing page's address names them (degrees), once it has written them. */
async function boundsInUrl(page: Page): Promise<{ north: number; south: number; east: number; west: number }> {
  await expect(page).toHaveURL(/north=/);
  const u = new URL(page.url());
  const n = (k: string) => Number(u.searchParams.get(k));
  return { north: n('north'), south: n('south'), east: n('east'), west: n('west') };
}

function holds(b: { north: number; south: number; east: number; west: number }, lat: number, lng: number): boolean {
  return b.south < lat && lat < b.north && b.west < lng && lng < b.east;
}

test('a visitor finds Roma Norte and Polanco in Mexico City and reaches Guadalajara through a typo', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  const search = page.getByRole('textbox', { name: '¿Dónde quieres vivir?' });
  await search.click();
  await search.pressSequentially('Roma Norte', { delay: 40 });
  const roma = page.getByRole('option', { name: /^Roma Norte, Cuauhtémoc, Ciudad de México\b/ });
  await expect(roma).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: join(shots, 'places-suggestions-desktop.png') });
  await roma.click();

  await page.waitForURL(/\/propiedades\?/);
  expect(new URL(page.url()).searchParams.get('place')).toMatch(/^roma-norte/);
  expect(holds(await boundsInUrl(page), 19.4191, -99.165)).toBe(true);
  const results = page.getByRole('region', { name: 'Resultados' });
  await expect(results.locator('a[href^="/propiedades/"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: join(shots, 'places-roma-norte-desktop.png') });

  // 'Polanco' offers Mexico City's first (the whole, over its five sections); choosing it moves the map there.
  const box = page.getByRole('textbox', { name: '¿Dónde quieres vivir?' });
  await box.fill('');
  await box.pressSequentially('Polanco', { delay: 40 });
  const first = page.getByRole('option').first();
  await expect(first).toHaveAccessibleName(/^Polanco, Miguel Hidalgo, Ciudad de México\b/);
  await first.click();
  await expect.poll(async () => holds(await boundsInUrl(page), 19.432, -99.198)).toBe(true);

  // A typo and Enter, without waiting for suggestions: the best match, named in a note.
  await page.goto('/');
  await search.click();
  await search.pressSequentially('guadalajra', { delay: 20 });
  await search.press('Enter');
  await expect(page.getByText('Te mostramos Guadalajara, Jalisco')).toBeVisible();
  await page.waitForURL(/\/propiedades\?/);
  expect(new URL(page.url()).searchParams.get('place')).toBe('guadalajara');
  expect(holds(await boundsInUrl(page), 20.67, -103.35)).toBe(true);
  await expect(results.locator('a[href^="/propiedades/"]').first()).toBeVisible();
  await page.screenshot({ path: join(shots, 'places-guadalajara-typo-desktop.png') });

  // A place that does not exist says so, and the page stays on the place it showed (not the whole country).
  const again = page.getByRole('textbox', { name: '¿Dónde quieres vivir?' });
  await again.fill('Xochiquetzalandia');
  await again.press('Enter');
  await expect(page.getByText('No encontramos «Xochiquetzalandia» en México', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Guadalajara');
  expect(holds(await boundsInUrl(page), 20.67, -103.35)).toBe(true);
  await page.screenshot({ path: join(shots, 'places-unknown-desktop.png') });
});

test('on a phone, Enter on a misspelt city lands on it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const search = page.getByRole('textbox', { name: '¿Dónde quieres vivir?' });
  await search.click();
  await search.pressSequentially('zapopn', { delay: 20 });
  await search.press('Enter');
  await expect(page.getByText('Te mostramos Zapopan, Jalisco')).toBeVisible();
  await page.waitForURL(/\/propiedades\?/);
  expect(new URL(page.url()).searchParams.get('place')).toBe('zapopan');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(shots, 'places-zapopan-mobile.png') });
});
