import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 15 'White-label sites' (spec 01 §2 'Association sites', spec 03 §2 'Branded sites'; decision 030). Through
 * the API, as the people would: an association administrator (privilege through the dev route) creates a public
 * association on its own host (`asoc<stamp>.test`, which Chromium resolves to this machine) with colours, a page
 * name and a logo; an agency asks to join and is approved; its administrator (an agent of the directory) publishes
 * two flats in Durango and a stranger one next to them. A visitor on the association's host sees the branding (title, icon, bar colour,
 * 'Powered by'), only the members' two listings, a redirect of another path to /propiedades, the directory with the
 * agent, a member's listing but not the stranger's, and the sitemap on the branded domain; the product host is
 * unchanged. axe on each page; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

/**
 * A flat for rent in Durango at longitude `lng`: inside the default map bounds of /propiedades (spec 01 §9) and far
 * from the areas other stories search.
 */
function flat(lng: number, price: number) {
  return {
    operation: 'renta', property_type: 'apartment',
    location: { street: 'Calle Negrete', number_ext: '210', neighborhood: 'Centro', municipality: 'Durango', city: 'Victoria de Durango', state: 'durango', zip: '34000', lat: 24.027, lng },
    rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 75, land: { area: 75, unit: 'm2' }, construction_year: 'first_use',
    rents: { price, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
    description: 'Departamento luminoso de dos recámaras en el centro histórico de Durango, cerca de la catedral, con estacionamiento.',
  };
}

/** page.request with the page's CSRF header, failing the story on an error answer. Returns `data`. */
async function call(page: Page, method: 'post' | 'put', url: string, data?: unknown): Promise<Record<string, unknown>> {
  const res = await page.request[method](url, { headers: { 'X-CSRF-TOKEN': await csrfOf(page) }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBeTruthy();
  return (await res.json()).data as Record<string, unknown>;
}

test('an association site on its own host shows its branding, its members\' listings and its directory', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const port = process.env.E2E_PORT;
  const host = `asoc${stamp}.test`;
  const site = `http://${host}:${port}`;
  const pageName = `Inmobiliarias de Durango ${stamp}`;
  const agentName = `Asesora Lucía ${stamp}`;

  // The association, as its administrator makes it: privilege, creation with its host and colours, page name, logo.
  const adminContext = await browser.newContext({ bypassCSP: true });
  const admin = await adminContext.newPage();
  const adminEmail = `asociacion.${stamp}@example.mx`;
  await signUpThroughApi(admin, adminEmail, 'Admin Asociación');
  await call(admin, 'post', '/api/dev/privileges', { email: adminEmail, privilege: 'association_admin' });
  const asso = await call(admin, 'post', '/api/v1/agencies', {
    name: `Asociación Duranguense ${stamp}`, kind: 'association', mexican_state: 'Durango', base_domain: host, color_primary: '#1a237e', color_secondary: '#ffc107',
  });
  const assoUid = asso.auid as string;
  await call(admin, 'put', `/api/v1/agencies/${assoUid}`, { custom_page_name: pageName });
  const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#ffc107' } }).png().toBuffer();
  const uploaded = await admin.request.post(`/api/v1/agencies/${assoUid}/profilephoto`, {
    headers: { 'X-CSRF-TOKEN': await csrfOf(admin) }, multipart: { profilephoto: { name: 'logo.png', mimeType: 'image/png', buffer: logo } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();

  // A member agency: its administrator (in the directory, with a biography) asks to join; the association approves.
  const agencyContext = await browser.newContext({ bypassCSP: true });
  const agency = await agencyContext.newPage();
  await signUpThroughApi(agency, `agencia.${stamp}@example.mx`, agentName);
  await call(agency, 'put', '/api/v1/client', { key: 'bio', value: 'Vendo y rento casas en el centro de Durango desde 2012.' });
  const created = await call(agency, 'post', '/api/v1/agencies', { name: `Casas del Centro ${stamp}` });
  const auid = created.auid as string;
  await call(agency, 'post', `/api/v1/associations/${assoUid}/register`);
  await call(admin, 'post', `/api/v1/associations/${assoUid}/members/${auid}/approve`);
  const member = [await call(agency, 'post', '/api/v1/property', { data: flat(-104.671, 11_000) }), await call(agency, 'post', '/api/v1/property', { data: flat(-104.672, 12_500) })];
  await adminContext.close();

  // A stranger's flat next to them.
  const strangerContext = await browser.newContext({ bypassCSP: true });
  const stranger = await strangerContext.newPage();
  await signUpThroughApi(stranger, `ajeno.${stamp}@example.mx`, 'Dueño Ajeno');
  const strangers = await call(stranger, 'post', '/api/v1/property', { data: flat(-104.673, 9_000) });
  await strangerContext.close();
  await agencyContext.close();

  // A visitor on the association's host: branding, only the members' listings, 'Powered by', the directory.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${site}/propiedades?opType=renta`);
  await hydrated(page);
  await expect(page).toHaveTitle(new RegExp(pageName));
  await expect(page.locator('header.nj-site-navbar')).toHaveCSS('background-color', 'rgb(26, 35, 126)');
  await expect(page.locator('header.nj-site-navbar').getByText(pageName)).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/media\/agencies\//);
  await expect(page.getByTestId('results-total')).toHaveText('2 propiedades');
  const cards = page.locator('.nj-card-grid a[href^="/propiedades/"]');
  await expect(page.locator(`.nj-card-grid a[href="/propiedades/${member[0]!.slug as string}"]`).first()).toBeVisible();
  await expect(page.locator(`.nj-card-grid a[href="/propiedades/${strangers.slug as string}"]`)).toHaveCount(0);
  expect(await cards.count()).toBeGreaterThan(0);
  const powered = page.getByTestId('powered-by').first();
  await expect(powered).toHaveAttribute('target', '_blank');
  await expect(powered).toHaveAttribute('href', `http://127.0.0.1:${port}/`);
  // Chat, favourites, help and administration are not offered here.
  await expect(page.getByRole('link', { name: 'Mensajes' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sitios web' })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'white-label-propiedades');

  // The directory: the member agency's agent, her agency and her biography.
  await page.getByTestId('directory-button').click();
  const panel = page.getByRole('dialog', { name: 'Directorio' });
  await expect(panel).toBeVisible();
  const agent = panel.getByTestId('directory-agent').filter({ hasText: agentName });
  await expect(agent).toBeVisible();
  await expect(agent.getByText(`Casas del Centro ${stamp}`)).toBeVisible();
  await agent.getByRole('button', { name: 'Ver biografía' }).click();
  await expect(agent.getByTestId('directory-bio')).toHaveText('Vendo y rento casas en el centro de Durango desde 2012.');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'white-label-directory');
  await page.keyboard.press('Escape');

  // Any other path of a public site goes to /propiedades.
  // (the listing page then writes its filters into the address)
  const landing = new RegExp(`^${site.replace(/\./g, '\\.')}/propiedades(\\?|$)`);
  await page.goto(`${site}/cuenta`);
  await expect(page).toHaveURL(landing);
  await page.goto(`${site}/`);
  await expect(page).toHaveURL(landing);

  // A member's listing opens with the site's name and a canonical URL on its domain; the stranger's is not there.
  await page.goto(`${site}/propiedades/${member[1]!.slug as string}`);
  await hydrated(page);
  await expect(page).toHaveTitle(new RegExp(pageName));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}/propiedades/${member[1]!.slug as string}`);
  await expect(page.locator('footer.nj-site-footer')).toHaveCSS('background-color', 'rgb(255, 193, 7)');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'white-label-detail');
  // (page.request does not use Chromium's host rules: pages and files are opened in the page)
  expect((await page.goto(`${site}/propiedades/${strangers.slug as string}`))?.status()).toBe(404);

  // The sitemap and robots name the branded domain and only the members' listings.
  const sitemap = await (await page.goto(`${site}/sitemap.xml`))!.text();
  expect(sitemap).toContain(`<loc>${site}/propiedades/${member[0]!.slug as string}</loc>`);
  expect(sitemap).not.toContain(strangers.slug as string);
  expect(await (await page.goto(`${site}/robots.txt`))!.text()).toContain(`Sitemap: ${site}/sitemap.xml`);
  // The icon's old path leads to the icon the pages declare: the association's logo here, the product's elsewhere.
  // (Through the browser: the test hostnames resolve only in Chromium.)
  const icon = (await page.goto(`${site}/favicon.ico`))!;
  expect(icon.request().redirectedFrom()?.url()).toBe(`${site}/favicon.ico`);
  expect(new URL(icon.url()).pathname).toMatch(/^\/media\/agencies\//);
  const productIcon = await page.request.get('/favicon.ico', { maxRedirects: 0 });
  expect([productIcon.status(), productIcon.headers().location]).toEqual([301, '/favicon.svg']);

  // The product host is unchanged (its own bar, every listing; the micro-cache keeps the hosts apart).
  await page.goto('/propiedades?opType=renta');
  await hydrated(page);
  await expect(page.locator('header.nj-site-navbar')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sitios web' }).first()).toBeVisible();
  await expect(page).not.toHaveTitle(new RegExp(pageName));
  await expect(page.getByTestId('results-total')).not.toHaveText('2 propiedades');
  expect((await page.request.get(`/propiedades/${strangers.slug as string}`)).status()).toBe(200);
  await context.close();
});
