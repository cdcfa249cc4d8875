import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 16 'CRM' and 'Leads': an agency's administrator publishes a flat and assigns it to an approved agent; a
 * visitor without an account writes through the listing's contact form; the agent finds the contact in the agent
 * dashboard's 'Contactos' tab and converts it into a CRM client in one click (again: the same client), filters the
 * CRM table, opens the client's timeline and adds a note, uploads a PDF to the client's documents and deletes it.
 * axe on each tab; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

test('a lead on an agent\'s listing becomes a CRM client; the agent filters, opens the timeline and adds a note', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const adminContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 }, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const agentContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 }, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const admin = await adminContext.newPage();
  const agent = await agentContext.newPage();

  // The agency, its flat and its approved agent, through the API (the agencies story covers these screens).
  await signUpThroughApi(admin, `crm.directora.${stamp}@example.mx`, 'Directora CRM');
  const adminHeaders = { 'X-CSRF-TOKEN': await csrfOf(admin) };
  const published = await admin.request.post('/api/v1/property', {
    headers: adminHeaders,
    data: { data: {
      operation: 'renta', property_type: 'apartment',
      location: { street: 'Calle 59', number_ext: '512', neighborhood: 'Centro', municipality: 'Mérida', city: 'Mérida', state: 'yucatan', zip: '97000', lat: 20.971, lng: -89.618 },
      rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 78, land: { area: 78, unit: 'm2' }, construction_year: 'first_use',
      rents: { price: 14200, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
      description: 'Departamento de dos recámaras en el centro de Mérida, a tres calles del parque de Santa Lucía, con cocina integral.',
    } },
  });
  expect(published.ok(), await published.text()).toBeTruthy();
  const listing = (await published.json()).data as { uid: string; slug: string; title: string };
  const created = await admin.request.post('/api/v1/agencies', { headers: adminHeaders, data: { name: `Casas CRM ${stamp}` } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const auid = (await created.json()).data.auid as string;
  await signUpThroughApi(agent, `crm.asesor.${stamp}@example.mx`, 'Asesor CRM');
  const joined = await agent.request.post(`/api/v1/agencies/${auid}/register`, { headers: { 'X-CSRF-TOKEN': await csrfOf(agent) } });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  const agentUid = (await joined.json()).data.agent_uid as string;
  expect((await admin.request.post(`/api/v1/agencies/${agentUid}/approve`, { headers: adminHeaders })).ok()).toBeTruthy();
  const assigned = await admin.request.post(`/api/v1/agencies/${auid}/properties/${listing.uid}/assign`, { headers: adminHeaders, data: { agent_uid: agentUid } });
  expect(assigned.ok(), await assigned.text()).toBeTruthy();

  // A visitor without an account writes through the contact form of the listing.
  const visitorContext = await browser.newContext({ bypassCSP: true, locale: 'es-MX' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/propiedades/${listing.slug}`);
  await hydrated(visitor);
  const form = visitor.getByRole('region', { name: 'Contacta al anunciante' });
  await form.getByLabel('Nombre').fill('Mariana Prospecto');
  await form.getByLabel('Teléfono').fill('9991234567');
  await form.getByLabel('Correo electrónico').fill(`mariana.${stamp}@example.mx`);
  await form.getByLabel('Mensaje').fill('Hola, ¿puedo verlo el sábado por la mañana?');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: /enviado|Enviado|recibi/ }).first()).toBeVisible();
  await visitorContext.close();

  // The agent's 'Contactos' tab: the contact, then 'Convertir en cliente' opens the new client in the CRM tab.
  await agent.goto('/agent-dashboard?tab=contactos');
  await hydrated(agent);
  const lead = agent.getByTestId('lead-interaction').filter({ hasText: 'Mariana Prospecto' });
  await expect(lead).toContainText(listing.title);
  await expect(lead).toContainText('Formulario');
  await expect(lead).toContainText('Primera respuesta: Sin respuesta');
  expect(await seriousAxeViolations(agent)).toEqual([]);
  await shootBoth(agent, 'crm-leads');
  await lead.getByRole('button', { name: 'Convertir en cliente' }).click();
  await expect(agent).toHaveURL(/tab=crm/);
  const drawer = agent.getByTestId('crm-client-detail');
  await expect(drawer).toContainText('Prospecto');
  await expect(drawer).toContainText(`mariana.${stamp}@example.mx`);
  await expect(drawer.getByRole('link', { name: listing.title }).first()).toBeVisible();
  await agent.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // Converting again gives the same client: the lead now shows as a CRM client.
  await agent.getByRole('tab', { name: 'Contactos' }).click();
  await expect(lead.getByRole('button', { name: 'Cliente del CRM' })).toBeVisible();
  await agent.getByRole('tab', { name: 'CRM' }).click();

  // A second client of another type, then the filters narrow the table.
  await agent.getByRole('button', { name: 'Nuevo cliente' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Nuevo cliente' });
  await dialog.getByLabel('Nombre').fill('Jorge Inversionista');
  await dialog.getByRole('combobox', { name: 'Tipo' }).click();
  await agent.getByRole('option', { name: 'Inversionista' }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(agent.getByText('Cliente agregado al CRM').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const crm = agent.getByRole('tabpanel', { name: 'CRM' });
  const rows = crm.getByTestId('crm-row');
  await expect(rows).toHaveCount(2);
  await crm.getByRole('combobox', { name: 'Tipo' }).click();
  await agent.getByRole('option', { name: 'Arrendatario' }).click();
  await expect(agent).toHaveURL(/ctype=arrendatario/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Mariana Prospecto');
  const search = crm.getByRole('textbox', { name: 'Buscar por nombre, correo o teléfono' });
  await search.fill('Jorge');
  await crm.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(agent.getByText('Aún no hay clientes con estos filtros')).toBeVisible();
  await search.fill('Mariana');
  await crm.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(rows).toHaveCount(1);
  expect(await seriousAxeViolations(agent)).toEqual([]);
  await shootBoth(agent, 'crm-table');
  // On a phone the table fits its width: the type, the assignee and the file's state go under the name.
  await agent.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first().getByTestId('crm-row-summary')).toBeVisible();
  await expect(rows.first().getByTestId('crm-row-summary')).toContainText('Arrendatario');
  expect(await crm.getByTestId('crm-table').evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await agent.setViewportSize({ width: 1280, height: 900 });
  await expect(rows.first().getByTestId('crm-row-summary')).toBeHidden();

  // The timeline: open the client, add a note, see it on top.
  await rows.first().getByRole('button', { name: 'Mariana Prospecto' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Agregar nota').fill('Quiere verlo el sábado; tiene un perro pequeño.');
  await drawer.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(agent.getByText('Nota agregada').first()).toBeVisible();
  const timeline = agent.getByTestId('crm-timeline');
  await expect(timeline).toContainText('Quiere verlo el sábado; tiene un perro pequeño.');
  await expect(timeline).toContainText('Propiedad vinculada');
  await expect(timeline).toContainText('Mensaje de contacto');
  await expect(timeline).toContainText('Cliente creado');
  expect(await seriousAxeViolations(agent)).toEqual([]);
  await shootBoth(agent, 'crm-timeline');

  // Documents (decision 032 'Documents of a CRM client'): a small PDF uploaded in the drawer appears in the list and
  // counts in the space; a text file is refused with the API's message; deleting asks first.
  const docs = drawer.getByTestId('crm-documents');
  await expect(docs).toContainText('Aún no hay documentos de este cliente');
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]).drawText('Identificación de Mariana', { x: 20, y: 100, size: 14 });
  const pdfBytes = Buffer.from(await pdf.save());
  await docs.locator('input[type=file]').setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('solo texto') });
  await docs.getByRole('button', { name: 'Subir documento' }).click();
  await expect(docs.getByText('El archivo debe ser una foto (JPG, PNG, WebP o HEIC) o un PDF')).toBeVisible();
  await docs.locator('input[type=file]').setInputFiles({ name: 'INE Mariana.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
  await docs.getByRole('button', { name: 'Subir documento' }).click();
  await expect(agent.getByText('Documento guardado en el expediente del cliente').first()).toBeVisible();
  const item = docs.getByRole('listitem').filter({ hasText: 'INE Mariana.pdf' });
  await expect(item).toContainText('Subido por Asesor CRM');
  await expect(item.getByRole('link', { name: 'Descargar: INE Mariana.pdf' })).toHaveAttribute('href', /\/api\/v1\/crm\/clients\/crm_[0-9a-f]+\/docs\/crd_[0-9a-f]+$/);
  await expect(docs.getByTestId('crm-docs-space')).toContainText(/Documentos: [\d.,]+ (bytes|KB) de 5 GB/);
  await docs.scrollIntoViewIfNeeded();
  expect(await seriousAxeViolations(agent)).toEqual([]);
  await shootBoth(agent, 'crm-documents');
  await item.getByRole('button', { name: 'Eliminar: INE Mariana.pdf' }).click();
  const confirm = agent.getByRole('dialog', { name: 'Eliminar documento' });
  await expect(confirm).toContainText('¿Eliminar «INE Mariana.pdf»? No se puede deshacer.');
  await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(agent.getByText('Documento eliminado').first()).toBeVisible();
  await expect(docs).toContainText('Aún no hay documentos de este cliente');
  await agent.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // The agent deletes a client they added, after confirming; the other stays.
  await agent.goto('/agent-dashboard?tab=crm');
  await hydrated(agent);
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: 'Jorge Inversionista' }).getByRole('button', { name: 'Jorge Inversionista' }).click();
  await drawer.getByRole('button', { name: 'Eliminar cliente' }).click();
  const confirmClient = agent.getByRole('dialog', { name: 'Eliminar cliente' });
  await expect(confirmClient).toContainText('¿Eliminar a Jorge Inversionista del CRM? Se borran sus notas, sus propiedades vinculadas y sus documentos; no se puede deshacer.');
  expect(await seriousAxeViolations(agent)).toEqual([]);
  await confirmClient.getByRole('button', { name: 'Eliminar cliente' }).click();
  await expect(agent.getByText('Cliente eliminado del CRM').first()).toBeVisible();
  await expect(drawer).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Mariana Prospecto');

  // The agency's administrator sees the agent's client in the agency's CRM.
  await admin.goto('/agent-dashboard?tab=crm');
  await hydrated(admin);
  await expect(admin.getByTestId('crm-row').filter({ hasText: 'Mariana Prospecto' })).toContainText('Asesor CRM');
});
