import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 15 'Associations' (decision 029) in three browsers: a client is granted association_admin (the local
 * server's POST /api/dev/privileges, as `npm run privileges -- grant` would), finds 'Administración de la
 * asociación' in the profile menu and creates the association; an agency with an approved agent asks to join it from
 * its settings ('Asociaciones': state, then association); the association's administrator approves the request and
 * sees the agency with its agent and listings; the agent is in the association's directory (GET
 * /api/v1/associations/{asso_uid}/directory). axe on each screen; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

test('an association admin creates the association, an agency joins and is approved, its agent is in the directory', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const context = () => browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const asso = await (await context()).newPage();
  const director = await (await context()).newPage();
  const agent = await (await context()).newPage();
  const assoName = `Asociación Inmobiliaria ${stamp}`;
  const agencyName = `Casas del Bosque ${stamp}`;
  const assoEmail = `presidenta.${stamp}@example.mx`;

  // The association's administrator: signed up, then granted association_admin.
  await signUpThroughApi(asso, assoEmail, 'Presidenta Asociación');
  const grant = await asso.request.post('/api/dev/privileges', { headers: { 'X-CSRF-TOKEN': await csrfOf(asso) }, data: { email: assoEmail, privilege: 'association_admin' } });
  expect(grant.ok(), await grant.text()).toBeTruthy();
  await asso.goto('/');
  await hydrated(asso);
  await asso.getByRole('button', { name: 'Menú de perfil' }).click();
  await asso.getByRole('menuitem', { name: 'Administración de la asociación' }).click();
  await asso.waitForURL(/\/associations-control-panel$/);
  await hydrated(asso);
  await expect(asso.getByRole('heading', { name: 'Crear la asociación' })).toBeVisible();
  expect(await seriousAxeViolations(asso)).toEqual([]);
  await shootBoth(asso, 'association-start');
  await asso.getByLabel('Nombre de la asociación').fill(assoName);
  await asso.getByLabel('Estado de la república').selectOption('Jalisco');
  await asso.getByLabel('Dominio del sitio de la asociación (opcional)').fill(`asociacion-${stamp}.test`);
  await asso.getByRole('button', { name: 'Crear asociación' }).click();
  await expect(asso.getByTestId('association-name')).toHaveText(assoName);
  await expect(asso.getByTestId('association-counts')).toHaveText('0 agencias miembro · 0 solicitudes en revisión');
  const assoUid = ((await (await asso.request.get('/api/v1/associations/my')).json()).data.association.auid) as string;

  // An agency with an approved agent (through the API: the agency story proves those screens).
  await signUpThroughApi(director, `director.${stamp}@example.mx`, 'Director Agencia');
  const created = await director.request.post('/api/v1/agencies', { headers: { 'X-CSRF-TOKEN': await csrfOf(director) }, data: { name: agencyName } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const auid = (await created.json()).data.auid as string;
  await signUpThroughApi(agent, `asesora.${stamp}@example.mx`, `Asesora Bosque ${stamp}`);
  const joined = await agent.request.post(`/api/v1/agencies/${auid}/register`, { headers: { 'X-CSRF-TOKEN': await csrfOf(agent) } });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  const approved = await director.request.post(`/api/v1/agencies/${(await joined.json()).data.agent_uid}/approve`, { headers: { 'X-CSRF-TOKEN': await csrfOf(director) } });
  expect(approved.ok(), await approved.text()).toBeTruthy();

  // The agency's administrator asks to join from the settings: the state, then the association.
  await director.goto('/agency-control-panel?tab=settings');
  await hydrated(director);
  // The agency's own state is one of the list (an agency may leave it unset).
  const agencyState = director.getByLabel('Estado de la república');
  await expect(agencyState.locator('option').first()).toHaveText('Sin especificar');
  await agencyState.selectOption('Jalisco');
  await director.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect.poll(async () => (await (await director.request.get('/api/v1/agencies/my')).json()).data?.agency?.mexican_state).toBe('Jalisco');
  const section = director.getByRole('region', { name: 'Asociaciones' });
  await section.getByLabel('Estado de la asociación').selectOption('Jalisco');
  await expect(section.getByLabel('Asociación', { exact: true }).locator('option', { hasText: assoName })).toHaveCount(1);
  await section.getByLabel('Asociación', { exact: true }).selectOption({ label: assoName });
  await section.getByRole('button', { name: 'Pedir ingreso' }).click();
  const membership = section.getByTestId('agency-association').filter({ hasText: assoName });
  await expect(membership).toContainText('En revisión');
  expect(await seriousAxeViolations(director)).toEqual([]);
  await shootBoth(director, 'agency-associations');
  // The agent's request opened an AG ticket; support has not verified them yet.
  await director.goto('/agency-control-panel?tab=agents');
  await hydrated(director);
  await expect(director.getByTestId('agency-agent').filter({ hasText: 'Asesora Bosque' })).toContainText('Verificación de soporte pendiente');

  // The association's administrator approves the request; the agency shows with its agent.
  await asso.goto('/associations-control-panel?tab=pending');
  await hydrated(asso);
  const request = asso.getByTestId('association-member').filter({ hasText: agencyName });
  await expect(request).toContainText('1 asesor · 0 propiedades');
  expect(await seriousAxeViolations(asso)).toEqual([]);
  await request.getByRole('button', { name: 'Aprobar' }).click();
  await expect(asso.getByText('Agencia aprobada como miembro de la asociación').first()).toBeVisible();
  await asso.getByRole('tab', { name: 'Agencias miembro' }).click();
  const member = asso.getByTestId('association-member').filter({ hasText: agencyName });
  await member.getByRole('button', { name: 'Ver asesores' }).click();
  await expect(member.getByTestId('member-agent')).toContainText(`Asesora Bosque ${stamp}`);
  await expect(asso.getByTestId('association-counts')).toHaveText('1 agencia miembro · 0 solicitudes en revisión');
  expect(await seriousAxeViolations(asso)).toEqual([]);
  await shootBoth(asso, 'association-members');
  await asso.getByRole('tab', { name: 'Configuración' }).click();
  await expect(asso.getByLabel('Sitio privado (solo los miembros de la asociación)')).toBeVisible();
  expect(await seriousAxeViolations(asso)).toEqual([]);
  await shootBoth(asso, 'association-settings');

  // The agency's side reads the approval; the directory lists the agent and the agency's administrator.
  await director.goto('/agency-control-panel?tab=settings');
  await hydrated(director);
  await expect(director.getByTestId('agency-association').filter({ hasText: assoName })).toContainText('Miembro');
  const directory = await (await director.request.get(`/api/v1/associations/${assoUid}/directory`)).json();
  const names = (directory.data.agents as { client: { nickname: string }; agency: { name: string } }[]).map((e) => `${e.client.nickname} · ${e.agency.name}`);
  expect(names.sort()).toEqual([`Asesora Bosque ${stamp} · ${agencyName}`, `Director Agencia · ${agencyName}`].sort());
  expect((await (await director.request.get(`/api/v1/associations/${assoUid}/directory?page=2`)).json()).data.agents).toEqual([]);
});
