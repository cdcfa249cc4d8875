import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 15 'Branded login' (spec 03 §2, §5; decision 031): an agency runs a branded site on its own host
 * (`inmo<stamp>.test`, which Chromium resolves to this machine). A client who signed up on the product host
 * (127.0.0.1) opens the site's /iniciar-sesion ('Cargando...' before the page can act, then the logo, page name and
 * 'Iniciar sesión con NJ Inmuebles' in the site's colours), passes the central login on 127.0.0.1 and lands back on
 * the branded host's /propiedades signed in there. A return whose state differs from the one kept in the tab is
 * refused without calling the server; an unregistered return_to is refused on the central login. A second browser,
 * not signed in on the product host, signs in through the login modal on the central login and is sent back too.
 * axe on each page; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

const PASSWORD = 'secreta-789';

/**
 * The session of the host the page is on, as the server sees it (POST /api/v1/client/session from the page itself,
 * with that host's cookies: the branded host resolves only inside Chromium).
 */
async function clientOfPageHost(page: Page): Promise<{ email?: string | null } | null> {
  return page.evaluate(async () => {
    const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('nj_csrf='))?.slice(8) ?? '');
    const res = await fetch('/api/v1/client/session', { method: 'POST', headers: { 'X-CSRF-TOKEN': csrf } });
    return (await res.json()).data.client;
  });
}

test('a client signs in on a branded site through the central login and lands back signed in', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const port = process.env.E2E_PORT;
  const host = `inmo${stamp}.test`;
  const site = `http://${host}:${port}`;
  const pageName = `Casas Azules ${stamp}`;
  const clientEmail = `cliente.marca.${stamp}@example.mx`;

  // The agency and its branded site, made as its administrator would: sign up, create, name the page.
  const adminContext = await browser.newContext({ bypassCSP: true });
  const admin = await adminContext.newPage();
  await signUpThroughApi(admin, `admin.marca.${stamp}@example.mx`, 'Admin Marca');
  const created = await admin.request.post('/api/v1/agencies', {
    headers: { 'X-CSRF-TOKEN': await csrfOf(admin) }, data: { name: `Inmobiliaria Azul ${stamp}`, base_domain: host, color_primary: '#1565c0' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const auid = (await created.json()).data.auid as string;
  const named = await admin.request.put(`/api/v1/agencies/${auid}`, { headers: { 'X-CSRF-TOKEN': await csrfOf(admin) }, data: { custom_page_name: pageName } });
  expect(named.ok(), await named.text()).toBeTruthy();
  await adminContext.close();

  // The client signs up on the product host (127.0.0.1).
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signUpThroughApi(page, clientEmail, 'Cliente Marca');

  // The branded login screen: 'Cargando...' in the server's page, then the button in the site's colours.
  // (Node does not resolve *.test: the server's page is asked for on 127.0.0.1 with the site's Host.)
  const html = await (await page.request.get('/iniciar-sesion', { headers: { host: `${host}:${port}` } })).text();
  expect(html).toContain('Cargando...');
  await page.goto(`${site}/iniciar-sesion`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: pageName })).toBeVisible();
  const button = page.getByRole('button', { name: 'Iniciar sesión con NJ Inmuebles' });
  await expect(button).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)');
  // 'Powered by' with the product's logo under the card (spec 03 §2), to the product in a new tab.
  await expect(page.getByTestId('powered-by')).toHaveAttribute('target', '_blank');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'branded-login');

  // The button keeps a state in the tab and goes to the central login on the product host.
  await button.click();
  await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${port}/integrations-login\\?return_to=${host.replace(/\./g, '\\.')}&state=[A-Za-z0-9]{12}$`));
  const keptState = new URL(page.url()).searchParams.get('state')!;
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: `${pageName} quiere que inicies sesión` })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'central-login');

  // A tampered return (a token issued for another state): refused in the page, the server is never asked.
  const otherState = keptState === 'AbC123xyZ789' ? 'ZyX987cbA321' : 'AbC123xyZ789';
  const issued = await page.request.post('/api/v1/auth/continue', { headers: { 'X-CSRF-TOKEN': await csrfOf(page) }, data: { return_to: host, state: otherState } });
  expect(issued.ok(), await issued.text()).toBeTruthy();
  const tampered = (await issued.json()).data.redirect_url as string;
  expect(tampered.startsWith(`${site}/integrations-auth?token=`)).toBe(true);
  // Every address the tab asks for from here on: the token exchanges and the returns to the branded host among them.
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  const exchanges = () => asked.filter((u) => u.includes('/api/v1/auth/loginwithtoken'));
  const returns = () => asked.filter((u) => u.startsWith(`${site}/integrations-auth?`));
  await page.goto(tampered);
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText('La solicitud de inicio de sesión no coincide con la de este navegador; vuelve a iniciar sesión desde el sitio');
  expect(exchanges()).toEqual([]);
  expect((await clientOfPageHost(page))?.email ?? null).toBeNull();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'integrations-auth-refused');

  // The real round trip: the branded button again, 'Continuar como Cliente Marca' on the product host, back signed in.
  await page.goto(`${site}/iniciar-sesion`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Iniciar sesión con NJ Inmuebles' }).click();
  await page.waitForURL(/\/integrations-login\?/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Continuar como Cliente Marca' }).click();
  await page.waitForURL(`${site}/propiedades`);
  expect(await clientOfPageHost(page)).toMatchObject({ email: clientEmail });
  expect(exchanges()).toHaveLength(1);
  // The token was spent: the same return again, with its state kept in the tab, is refused by the server.
  const returned = returns().at(-1)!;
  await page.evaluate((state) => window.sessionStorage.setItem('nj-integration-state', state), new URL(returned).searchParams.get('state')!);
  await page.goto(returned);
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText('El enlace de inicio de sesión no es válido, ya se usó o venció; vuelve a iniciar sesión desde el sitio');
  expect(exchanges()).toHaveLength(2);

  // An unregistered return_to is refused on the central login (no redirect anywhere).
  await page.goto('/integrations-login?return_to=evil.com&state=AbC123xyZ789');
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText('Ese sitio no está registrado con nosotros; no podemos llevarte ahí');
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${port}`);
  await shootBoth(page, 'central-login-unknown-site');
  await context.close();

  // Another browser, signed in nowhere: the central login opens the login modal, then continues by itself.
  const fresh = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const other = await fresh.newPage();
  await other.goto(`${site}/iniciar-sesion`);
  await hydrated(other);
  await other.getByRole('button', { name: 'Iniciar sesión con NJ Inmuebles' }).click();
  await other.waitForURL(/\/integrations-login\?/);
  await hydrated(other);
  await expect(other.getByText('Inicia sesión o crea tu cuenta para continuar')).toBeVisible();
  await other.getByRole('main').getByRole('button', { name: 'Iniciar Sesión' }).click();
  const dialog = other.getByRole('dialog');
  await dialog.getByLabel('Correo electrónico').fill(clientEmail);
  await dialog.getByLabel('Contraseña').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await other.waitForURL(`${site}/propiedades`);
  expect(await clientOfPageHost(other)).toMatchObject({ email: clientEmail });
  await fresh.close();
});
