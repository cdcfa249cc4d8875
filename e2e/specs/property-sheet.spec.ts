import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 16 'Property sheets and public pages': an agency's administrator publishes a flat, opens 'Compartir ficha' on
 * /mis-propiedades, copies the sheet's link, opens the sheet (branded with the agency's name and colour, canonical to
 * the listing, QR code) and downloads its PDF; an unknown sharer is the 404 page. Then the three public pages and the
 * owners' side of /plans render with calls to action that lead where they say. axe on each page; screenshots at 1280
 * and 390 px.
 */
test.use({ bypassCSP: true });

test('an agency administrator shares a property sheet and downloads its PDF', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const agencyName = `Casas Ficha ${stamp}`;
  const title = 'Departamento en renta en Centro, Mérida';

  await signUpThroughApi(page, `ficha.${stamp}@example.mx`, 'Laura Ficha');
  const headers = { 'X-CSRF-TOKEN': await csrfOf(page) };
  const agency = await page.request.post('/api/v1/agencies', { headers, data: { name: agencyName, color_primary: '#0d47a1' } });
  expect(agency.ok(), await agency.text()).toBeTruthy();
  const published = await page.request.post('/api/v1/property', {
    headers,
    data: { data: {
      operation: 'renta', property_type: 'apartment',
      location: { street: 'Calle 60', number_ext: '410', neighborhood: 'Centro', municipality: 'Mérida', city: 'Mérida', state: 'yucatan', zip: '97000', lat: 20.97, lng: -89.62 },
      rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 80, land: { area: 80, unit: 'm2' }, construction_year: 'first_use',
      rents: { price: 13500, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
      description: 'Departamento de dos recámaras en el centro de Mérida, a dos calles de la plaza grande, con cocina integral.',
    } },
  });
  expect(published.ok(), await published.text()).toBeTruthy();

  // 'Compartir ficha' on the card of /mis-propiedades: copy the link.
  await page.goto('/mis-propiedades');
  await hydrated(page);
  await page.getByRole('button', { name: `Compartir ficha de ${title}` }).first().click();
  await page.getByRole('menuitem', { name: 'Copiar enlace' }).click();
  await expect(page.getByText('Enlace de la ficha copiado')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/ficha\/[^/]+\/[^/]+$/);
  await page.getByRole('button', { name: `Compartir ficha de ${title}` }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Abrir PDF' })).toHaveAttribute('href', /^\/ficha\/pdf\//);
  await expect(page.getByRole('menuitem', { name: 'Ver ficha' })).toHaveAttribute('href', new URL(link).pathname);
  await page.keyboard.press('Escape');

  // The sheet: the agency's header in its colour, the listing's facts, QR code, canonical to the listing.
  await page.goto(new URL(link).pathname);
  await hydrated(page);
  const sheet = page.getByTestId('property-sheet');
  await expect(sheet).toHaveAttribute('data-kind', 'branded');
  await expect(page.getByRole('banner')).toContainText(agencyName);
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(13, 71, 161)');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(sheet).toContainText('En renta: MXN $13,500/mes');
  await expect(sheet).toContainText('Recámaras');
  await expect(page.getByRole('img', { name: 'Código QR de la publicación' })).toBeVisible();
  const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
  expect(canonical).toMatch(/\/propiedades\/[^/]+$/);
  await expect(page.getByRole('link', { name: 'Ver la publicación' })).toHaveAttribute('href', canonical!);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'property-sheet');

  // The PDF: inline, named by the listing's code, one page with the title.
  const pdfHref = await page.getByTestId('sheet-pdf').getAttribute('href');
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename="ficha-NJ-[0-9A-F]+\.pdf"$/);
  const doc = await PDFDocument.load(await pdf.body());
  expect(doc.getPageCount()).toBe(1);
  expect(doc.getTitle()).toBe(`Ficha: ${title}`);

  // Someone who is not a client of ours: the app's 404.
  const missing = await page.goto(new URL(link).pathname.replace(/\/[^/]+$/, '/c_nadie'));
  expect(missing?.status()).toBe(404);
  await context.close();
});

test('the public pages for owners and agencies render with calls to action that work', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pages = [
    { path: '/propietarios-particulares', h1: 'De la publicación al cobro de la renta, en un solo lugar', secondary: 'Ver lo que incluye', to: /\/plans#propietarios$/, shot: 'owners-page' },
    { path: '/crm-para-inmobiliarios', h1: 'Tus clientes, tus prospectos y tu inventario, conectados', secondary: 'Ver planes', to: /\/plans$/, shot: 'crm-page' },
    { path: '/ia-para-inmobiliarios', h1: 'Automatización con datos, sin promesas vacías', secondary: 'Probar el buscador', to: /\/propiedades$/, shot: 'ai-page' },
  ];
  for (const p of pages) {
    const res = await page.goto(p.path);
    expect(res?.status(), p.path).toBe(200);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: p.h1 })).toBeVisible();
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(new RegExp(`${p.path}$`));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shootBoth(page, p.shot);
    // The main call to action opens the sign-up modal for a visitor.
    await page.locator('.nj-mkt-actions').getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.locator('.nj-mkt-actions').getByRole('link', { name: p.secondary }).click();
    await page.waitForURL(p.to);
  }
  // /plans: the owners' side says there is no paid owner plan and leads to publishing.
  await page.goto('/plans#propietarios');
  await hydrated(page);
  const owners = page.getByTestId('owner-plan');
  await expect(owners).toContainText('no hay plan de pago para propietarios');
  await expect(owners).toContainText('Gratis');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'plans-owners');
  await owners.getByRole('link', { name: 'Publicar mi propiedad' }).click();
  await page.waitForURL(/\/crear-propiedad$/);
  await context.close();
});
