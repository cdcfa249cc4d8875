import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { seriousAxeViolations } from '../support/axe.ts';
import { signUpThroughApi } from '../support/sign-up.ts';
import { hydrated } from '../support/hydrated.ts';

/**
 * Issue 10 end to end: an agent uploads an XLSX export with Spanish headers and no coordinates on
 * /mis-propiedades/importar, maps the two columns the importer cannot guess, previews the first rows, runs a dry
 * run, imports with the progress bar (which survives a reload), finds the listings in /mis-propiedades (their detail
 * page says the location is approximate), and undoes the import.
 */
test.use({ bypassCSP: true, viewport: { width: 1366, height: 900 } });
const shots = join(import.meta.dirname, '..', 'screenshots');
const files = join(shots, 'imports');
mkdirSync(files, { recursive: true });

/** An agent's export: 'Código CRM' is the listing's id and 'Zona' its colonia; no coordinates anywhere. */
const EXPORT: (string | number)[][] = [
  ['Código CRM', 'Operación', 'Tipo de inmueble', 'Precio', 'Recámaras', 'Baños', 'Zona', 'Municipio', 'Estado'],
  ['GDL-101', 'Venta', 'Casa', 4_250_000, 3, 2, 'Providencia', 'Guadalajara', 'Jalisco'],
  ['GDL-102', 'Renta', 'Departamento', 18_500, 2, 1, 'Americana', 'Guadalajara', 'Jalisco'],
  ['GDL-103', 'Venta', 'Castillo medieval', 9_000_000, 9, 6, 'Providencia', 'Guadalajara', 'Jalisco'],
  ['GDL-104', 'Renta', 'Casa', 26_000, 3, 2, 'Chapalita', 'Guadalajara', 'Jalisco'],
];

/** A minimal XLSX workbook (one sheet; text as inline strings, numbers as numbers) of `rows`. */
function xlsxOf(rows: (string | number)[][]): Uint8Array {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetData = rows.map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => (typeof v === 'number'
    ? `<c r="${col(c)}${r + 1}"><v>${v}</v></c>`
    : `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`)).join('')}</row>`).join('');
  const xml = (text: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipSync({
    '[Content_Types].xml': xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'),
    '_rels/.rels': xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': xml(`<workbook ${ns} xmlns:r="${rel}"><sheets><sheet name="Inventario" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    'xl/worksheets/sheet1.xml': xml(`<worksheet ${ns}><sheetData>${sheetData}</sheetData></worksheet>`),
  });
}

/** Chooses `target` for `column`, then waits for the new plan (the Selects are disabled while it is read). */
async function choose(page: Page, column: string, target: string) {
  const select = page.getByRole('combobox', { name: `Dato de la columna ${column}` });
  await expect(select).toBeEnabled({ timeout: 60_000 });
  await select.click();
  await page.getByRole('option', { name: target, exact: true }).click();
  await expect(select).toBeEnabled({ timeout: 60_000 });
  await expect(select).toHaveValue(target);
}

test('an agent imports an export without coordinates, maps two columns, previews, imports with progress and undoes it', async ({ page }) => {
  test.setTimeout(180_000);
  const path = join(files, 'inventario-agencia.xlsx');
  writeFileSync(path, xlsxOf(EXPORT));
  await signUpThroughApi(page, `agente.${Date.now()}@example.mx`, 'Agente Prueba');

  await page.goto('/mis-propiedades');
  await page.getByRole('link', { name: 'Importar propiedades' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar propiedades' })).toBeVisible();
  await page.getByLabel('Archivo de propiedades').setInputFiles(path);
  await expect(page.getByTestId('import-layout')).toBeVisible({ timeout: 30_000 });

  await choose(page, 'Código CRM', 'Identificador del anuncio');
  await choose(page, 'Zona', 'Colonia');
  await expect(page.getByTestId('import-missing')).toHaveCount(0);
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByTestId('import-preview-card').first()).toContainText('Providencia');
  await expect(preview).toContainText('Se omitiría');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: join(shots, 'import-plan-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'import-plan-phone.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole('button', { name: 'Probar sin importar' }).click();
  const dry = page.getByTestId('import-dry-run');
  await expect(dry).toContainText('3 nuevas, 0 actualizadas, 1 omitidas', { timeout: 60_000 });
  await expect(dry).toContainText('Línea 4');

  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  // The progress bar, or the result when the import already ended; a reload shows the same import again.
  await expect(page.getByTestId('import-progress').or(page.getByTestId('import-result'))).toBeVisible();
  await page.reload();
  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result).toContainText('3 nuevas, 0 actualizadas, 1 omitidas');
  await expect(result).toContainText('Línea 4');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: join(shots, 'import-done-desktop.png'), fullPage: true });

  await result.getByRole('link', { name: 'Ver mis propiedades' }).click();
  await expect(page.getByTestId('my-properties-total')).toContainText('3');
  await expect(page.locator('main')).toContainText('Providencia');
  // Placed by their colonia, not by coordinates: the detail page says the location is approximate.
  const mine = (await (await page.request.get('/api/v2/properties/my')).json()).data.properties as { slug: string }[];
  await page.goto(`/propiedades/${mine[0]!.slug}`);
  await expect(page.locator('main')).toContainText('Ubicación aproximada');

  await page.goto('/mis-propiedades/importar');
  await hydrated(page);
  const item = page.getByTestId('import-history-item').first();
  await expect(item).toContainText('inventario-agencia.xlsx');
  await item.getByRole('button', { name: 'Deshacer importación' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, deshacer' }).click();
  await expect(item).toContainText('Deshecha');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'import-history-phone.png'), fullPage: true });

  await page.goto('/mis-propiedades?status=active');
  await expect(page.getByRole('status')).toBeVisible();
  await page.goto('/mis-propiedades?status=inactive');
  await expect(page.getByTestId('my-properties-total')).toContainText('3');
});
