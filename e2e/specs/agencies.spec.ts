import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 15 'Agencies and agents' in two browsers: a client follows 'Soy agente inmobiliario, darme de alta' to
 * /agency-control-panel and creates an agency (their menus then offer 'Ir a Inicio' and 'Panel de la agencia', no
 * longer 'Soy agente…', at 1280 and 390 px); another client finds it by name and asks to join; the administrator
 * approves the agent (seats 1 of 1) and assigns the agency's listing to them; the agent signs in from the home page,
 * lands on /agent-dashboard ('Ir a Inicio' in the nav, no 'Soy agente…'), sees the listing and switches it off and
 * on; the administrator
 * buys the bronze plan on the sandbox checkout and gets its seats. axe on each screen; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

test('an agency is created, an agent joins and is approved, a listing is assigned and shows on the agent dashboard', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const adminContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const agentContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  const agent = await agentContext.newPage();
  const agencyName = `Inmobiliaria Prueba ${stamp}`;
  const listingTitle = 'Departamento en renta en Centro, Mérida';
  const agentEmail = `asesor.${stamp}@example.mx`;

  // The administrator signs up and publishes a flat through the API.
  await signUpThroughApi(admin, `directora.${stamp}@example.mx`, 'Directora Agencia');
  const published = await admin.request.post('/api/v1/property', {
    headers: { 'X-CSRF-TOKEN': await csrfOf(admin) },
    data: { data: {
      operation: 'renta', property_type: 'apartment',
      location: { street: 'Calle 62', number_ext: '300', neighborhood: 'Centro', municipality: 'Mérida', city: 'Mérida', state: 'yucatan', zip: '97000', lat: 20.969, lng: -89.705 },
      rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 75, land: { area: 75, unit: 'm2' }, construction_year: 'first_use',
      rents: { price: 12500, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
      description: 'Departamento de dos recámaras en el centro de Mérida, cerca del parque, con cocina integral y cochera techada.',
    } },
  });
  expect(published.ok(), await published.text()).toBeTruthy();

  // 'Soy agente inmobiliario, darme de alta' → /agency-control-panel: create the agency.
  await admin.goto('/');
  await hydrated(admin);
  await admin.getByRole('button', { name: 'Menú de perfil' }).click();
  await admin.getByRole('menuitem', { name: 'Soy agente inmobiliario, darme de alta' }).click();
  await admin.waitForURL(/\/agency-control-panel$/);
  await hydrated(admin);
  await expect(admin.getByRole('heading', { name: 'Crear una agencia' })).toBeVisible();
  expect(await seriousAxeViolations(admin)).toEqual([]);
  await shootBoth(admin, 'agency-start');
  await admin.getByLabel('Nombre de la agencia').fill(agencyName);
  await admin.getByRole('button', { name: 'Crear agencia' }).click();
  await expect(admin.getByTestId('agency-name')).toHaveText(agencyName);
  await expect(admin.getByTestId('seats-summary')).toHaveText('Lugares de asesores: 0 de 1 usados');

  // The administrator's navigation now leads to their agent dashboard ('Ir a Inicio') and their agency panel; the
  // sign-up item is gone (spec 01 §2). Desktop: the profile menu; 390 px: 'Menú'.
  await admin.getByRole('button', { name: 'Menú de perfil' }).click();
  await expect(admin.getByRole('menuitem', { name: 'Panel de la agencia' })).toBeVisible();
  await expect(admin.getByRole('menuitem', { name: 'Soy agente inmobiliario, darme de alta' })).toHaveCount(0);
  await admin.getByRole('menuitem', { name: 'Ir a Inicio' }).click();
  await admin.waitForURL(/\/agent-dashboard$/);
  await hydrated(admin);
  await expect(admin.getByRole('heading', { level: 1, name: 'Inicio del asesor' })).toBeVisible();
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.getByRole('button', { name: 'Menú', exact: true }).click();
  const drawer = admin.getByRole('dialog', { name: 'Menú' });
  await expect(drawer.getByRole('link', { name: 'Soy agente inmobiliario, darme de alta' })).toHaveCount(0);
  await expect(drawer.getByRole('link', { name: 'Ir a Inicio' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Panel de la agencia' }).click();
  await admin.waitForURL(/\/agency-control-panel\?tab=dashboard$/);
  await expect(admin.getByTestId('agency-name')).toHaveText(agencyName);
  await admin.setViewportSize({ width: 1280, height: 900 });

  // The agent finds the agency by name and asks to join.
  await signUpThroughApi(agent, agentEmail, 'Asesor Prueba');
  await agent.goto('/agency-control-panel');
  await hydrated(agent);
  await agent.getByLabel('Buscar agencia por nombre').fill(String(stamp));
  await agent.getByRole('button', { name: 'Buscar', exact: true }).click();
  await agent.getByRole('button', { name: `Pedir mi alta: ${agencyName}` }).click();
  const process = agent.getByTestId('agent-process');
  await expect(process).toContainText(agencyName);
  await expect(process).toContainText('En revisión');
  expect(await seriousAxeViolations(agent)).toEqual([]);

  // The administrator approves the agent and assigns the listing to them.
  await admin.goto('/agency-control-panel?tab=dashboard');
  await hydrated(admin);
  const row = admin.getByTestId('agency-agent').filter({ hasText: 'Asesor Prueba' });
  await row.getByRole('button', { name: 'Aprobar' }).click();
  await expect(row).toContainText('Aprobado');
  await expect(admin.getByTestId('seats-line').first()).toHaveText('Lugares de asesores: 1 de 1 usados');
  const property = admin.getByTestId('agency-property').filter({ hasText: listingTitle });
  await expect(property.getByLabel('Asesor asignado').locator('option', { hasText: 'Asesor Prueba' })).toHaveCount(1);
  await property.getByLabel('Asesor asignado').selectOption({ label: 'Asesor Prueba' });
  await expect(admin.getByText('Propiedad asignada al asesor').first()).toBeVisible();
  await expect(property.getByLabel('Asesor asignado')).toHaveValue(/^am/);
  expect(await seriousAxeViolations(admin)).toEqual([]);
  await shootBoth(admin, 'agency-dashboard');

  // The agent signs in again from the home page and lands on the agent dashboard with the listing.
  await agent.goto('/');
  await hydrated(agent);
  await agent.getByRole('button', { name: 'Menú de perfil' }).click();
  await agent.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await agent.waitForURL((url) => url.pathname === '/');
  await hydrated(agent);
  await agent.getByRole('button', { name: 'Iniciar Sesión' }).first().click();
  await agent.getByLabel('Correo electrónico').fill(agentEmail);
  await agent.getByLabel('Contraseña').fill('secreta-789');
  await agent.getByRole('dialog').getByRole('button', { name: 'Iniciar Sesión' }).click();
  await agent.waitForURL(/\/agent-dashboard$/);
  await expect(agent.getByTestId('agent-agency')).toHaveText(`Asesor de ${agencyName}`);
  const assigned = agent.getByTestId('agent-listing').filter({ hasText: listingTitle });
  await expect(assigned).toBeVisible();
  // The agent may switch the listing assigned to them off and on again.
  await assigned.getByRole('switch').click();
  await expect(agent.getByText('Propiedad desactivada').first()).toBeVisible();
  await expect(assigned.getByRole('switch')).not.toBeChecked();
  await assigned.getByRole('switch').click();
  await expect(assigned.getByRole('switch')).toBeChecked();
  await expect(agent.getByRole('navigation', { name: 'Navegación principal' }).first().getByRole('link', { name: 'Ir a Inicio' })).toBeVisible();
  await agent.getByRole('button', { name: 'Menú de perfil' }).click();
  await expect(agent.getByRole('menuitem', { name: 'Ir a Inicio' })).toBeVisible();
  await expect(agent.getByRole('menuitem', { name: 'Soy agente inmobiliario, darme de alta' })).toHaveCount(0);
  await agent.keyboard.press('Escape');
  await expect(agent.getByRole('menu')).toHaveCount(0);
  expect(await seriousAxeViolations(agent)).toEqual([]);
  await shootBoth(agent, 'agent-dashboard');

  // /plans: the administrator buys the bronze plan with 3 seats on the sandbox checkout.
  await admin.goto('/plans');
  await hydrated(admin);
  const bronze = admin.getByTestId('plan-bronze');
  await expect(bronze).toContainText('$349 por asesor al mes');
  // The agents' page's button says where it leads for an agency's administrator (no 'Darme de alta').
  await expect(admin.getByRole('navigation', { name: 'Navegación principal' }).first().getByRole('link', { name: 'Panel de la agencia' })).toBeVisible();
  expect(await seriousAxeViolations(admin)).toEqual([]);
  await shootBoth(admin, 'agency-plans');
  await bronze.getByLabel('Lugares de asesores').fill('3');
  await expect(bronze).toContainText('Total: $1,047 MXN');
  await bronze.getByRole('button', { name: 'Comprar plan Bronce' }).click();
  await admin.waitForURL(/\/pago-sandbox\/cs_test_/);
  await hydrated(admin);
  await admin.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await admin.getByRole('button', { name: 'Pagar con tarjeta' }).click();
  await admin.waitForURL(/agency-control-panel.*pago=ok/);
  await hydrated(admin);
  await expect(admin.getByTestId('seats-summary')).toHaveText('Lugares de asesores: 1 de 3 usados');
  await expect(admin.getByText(/Plan Bronce, vigente hasta el/)).toBeVisible();

  await adminContext.close();
  await agentContext.close();
});
