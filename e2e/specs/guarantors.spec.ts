import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';
import { hydrated } from '../support/hydrated.ts';
import { mexicoDay, shootBoth } from '../support/screens.ts';
import { newestCode } from '../support/outbox.ts';

/**
 * Issue 12's application end to end in three browsers ('The guarantor', 'Identity', 'Investigation', 'The owner's
 * decision'): a tenant names an aval by e-mail in the proposal's final review; the aval, who has no account yet,
 * follows the e-mail's link to /invitaciones, is asked to sign in, signs up with that address, sees the request with
 * the rent's terms, accepts it, fills in their own data, the guarantee property's address and its predial; the
 * tenant sees the aval confirmed and in review, uploads the INE, passes the sandbox identity check, authorizes the
 * bureau query with the NIP and passes the sandbox credit check (through the API: its form has its own story), and
 * sends the proposal; the owner opens the 'Solicitud de renta' from the listing's interested list, sees the verified
 * identity, the credit result, the aval and the documents (the INE as a watermarked copy), approves the aval and
 * accepts. axe on each screen; screenshots at 1280 and 390 px in screenshots/ (not committed).
 */
test.use({ bypassCSP: true });

const flat = {
  operation: 'renta', property_type: 'apartment',
  // In Puebla, away from the other stories' listings.
  location: { street: 'Av. Reforma', number_ext: '120', neighborhood: 'Centro', municipality: 'Puebla', city: 'Puebla', state: 'puebla', zip: '72000', lat: 19.0436, lng: -98.1981 },
  rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 75, land: { area: 75, unit: 'm2' }, construction_year: 'first_use',
  rents: { price: 14000, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
  description: 'Departamento de dos recámaras en el centro histórico de Puebla, cerca del zócalo.',
};

test('a tenant applies with an aval: the aval signs up, accepts and fills in their data; INE, identity and credit checks; the owner reviews and accepts', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const avalEmail = `aval.garantia.${stamp}@example.mx`;
  const ownerContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signUpThroughApi(owner, `dueno.garantia.${stamp}@example.mx`, 'Dueño Garantía');
  const published = await owner.request.post('/api/v1/property', { data: { data: flat }, headers: { 'X-CSRF-TOKEN': await csrfOf(owner) } });
  expect(published.ok(), await published.text()).toBeTruthy();
  const { uid: puid } = (await published.json()).data as { uid: string };

  const renterContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const renter = await renterContext.newPage();
  const renterEmail = `inquilina.garantia.${stamp}@example.mx`;
  await signUpThroughApi(renter, renterEmail, 'Inquilina Garantía');
  const headers = { 'X-CSRF-TOKEN': await csrfOf(renter) };
  const { ruid } = (await (await renter.request.post('/api/v1/rents', { data: { puid, text: 'Hola, me interesa' }, headers })).json()).data as { ruid: string };
  expect((await renter.request.post('/api/v1/rents/offer', { data: { ruid }, headers })).ok()).toBeTruthy();
  // The tenant names the aval in the proposal's final review.
  await renter.goto(`/propiedades-contactadas/${ruid}?section=propuesta&mode=final`);
  await hydrated(renter);
  const section = renter.getByTestId('guarantor-section');
  await section.getByLabel('Correo de tu aval').fill('no-es-correo');
  await section.getByRole('button', { name: 'Invitar' }).click();
  await expect(section).toContainText('Escribe un correo válido');
  await section.getByLabel('Correo de tu aval').fill(avalEmail);
  await section.getByRole('button', { name: 'Invitar' }).click();
  await expect(section.getByTestId('aval-chips')).toContainText('Esperando respuesta');
  expect(await seriousAxeViolations(renter)).toEqual([]);
  await shootBoth(renter, 'guarantor-0-tenant-named');

  // The invitation e-mail's link, from the dev outbox.
  const avalContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const aval = await avalContext.newPage();
  await aval.goto('/');
  let link: string | undefined;
  await expect.poll(async () => {
    const outbox = await (await aval.request.get(`/api/dev/outbox?to=${encodeURIComponent(avalEmail)}`)).json();
    link = (outbox.data as { links: string[] }[]).flatMap((m) => m.links).find((l) => l.includes('/invitaciones?i='));
    return link;
  }).toBeDefined();
  const path = new URL(link!).pathname + new URL(link!).search;

  // Without an account: asked to sign in with the invited address.
  await aval.goto(path);
  await expect(aval.getByRole('heading', { name: 'Inicia sesión para ver tu invitación' })).toBeVisible();
  expect(await seriousAxeViolations(aval)).toEqual([]);
  await shootBoth(aval, 'guarantor-1-visitor');

  // Signed up with that address: the request with the rent's terms.
  await signUpThroughApi(aval, avalEmail, 'Aval Garantía');
  await aval.goto(path);
  await hydrated(aval);
  const card = aval.getByTestId('aval-invitation');
  await expect(card).toContainText('Inquilina Garantía te invitó');
  await expect(card).toContainText('Aval con inmueble');
  await expect(card).toContainText('Sin confirmar');
  await expect(card).toContainText('$14,000.00');
  expect(await seriousAxeViolations(aval)).toEqual([]);
  await shootBoth(aval, 'guarantor-2-request');

  await card.getByRole('button', { name: 'Aceptar' }).click();
  await expect(card).toContainText('Confirmado');
  await expect(card).toContainText('En revisión');
  await card.getByLabel('Nombre', { exact: true }).fill('Rosa');
  await card.getByLabel('Primer apellido').fill('Martínez');
  await card.getByRole('button', { name: 'Guardar mis datos' }).click();
  await expect(aval.getByText('Datos guardados')).toBeVisible();

  const guarantee = aval.getByTestId('guarantee-form');
  await guarantee.getByLabel('Calle y número').fill('Calle 5 de Mayo 210');
  await guarantee.getByLabel('Colonia').fill('Centro');
  await guarantee.getByLabel('Ciudad').fill('Puebla');
  await guarantee.getByLabel('Municipio o alcaldía').fill('Puebla');
  await guarantee.getByLabel('Estado').fill('Puebla');
  await guarantee.getByLabel('Código postal').fill('720');
  await guarantee.getByRole('button', { name: 'Guardar' }).click();
  await expect(guarantee).toContainText('El código postal tiene 5 números');
  await guarantee.getByLabel('Código postal').fill('72000');
  await guarantee.getByRole('button', { name: 'Guardar' }).click();
  await expect(aval.getByText('Guardamos el inmueble en garantía')).toBeVisible();
  // The deed or predial: a photo of it, checked by content and stored sealed.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 240, g: 235, b: 220 } } }).png().toBuffer();
  await guarantee.locator('input[type="file"]').setInputFiles({ name: 'predial.png', mimeType: 'image/png', buffer: photo });
  await expect(aval.getByText('Guardamos la escritura o el predial')).toBeVisible();
  // The aval's own proof of income (their own documents, like the tenant's).
  const avalPoi = card.getByTestId('documents-section').getByTestId('poi-upload');
  await avalPoi.locator('input[type=file]').setInputFiles({ name: 'nomina-aval.png', mimeType: 'image/png', buffer: photo });
  await expect(avalPoi.getByText('Archivo guardado', { exact: true })).toBeVisible();
  expect(await seriousAxeViolations(aval)).toEqual([]);
  await shootBoth(aval, 'guarantor-3-accepted');

  // The tenant sees the progress; the owner nothing before the proposal is sent.
  const process = (await (await renter.request.get(`/api/v1/client/loadrentprocess?ruid=${ruid}`)).json()).data;
  expect(process.aval).toMatchObject({ is_aval_confirmed: true, is_aval_approved: null, has_data: true, has_guarantee_document: true, guarantee: { addr: 'Calle 5 de Mayo 210' } });
  expect((await (await owner.request.get(`/api/v1/client/loadrentprocess?ruid=${ruid}`)).json()).data.aval).toBeNull();

  await renter.reload();
  await expect(renter.getByTestId('guarantor-section').getByTestId('aval-chips')).toContainText('Confirmado');
  await expect(renter.getByTestId('guarantor-section').getByTestId('aval-chips')).toContainText('En revisión');
  await shootBoth(renter, 'guarantor-4-tenant-progress');

  // The rest of the application (issue 12's story): the INE, the identity and credit checks, the proposal sent.
  const docs = renter.getByTestId('documents-section');
  await docs.getByTestId('ine_front-upload').locator('input[type=file]').setInputFiles({ name: 'ine-frente.png', mimeType: 'image/png', buffer: photo });
  await expect(docs.getByTestId('ine_front-upload').getByText('Archivo guardado', { exact: true })).toBeVisible();
  const identity = renter.getByTestId('identity-check');
  await identity.getByLabel('CIC (9 dígitos)').fill('123456789');
  await identity.getByLabel('Identificador del ciudadano (9 dígitos)').fill('987654321');
  await identity.getByRole('button', { name: 'Verificar mi INE' }).click();
  await expect(identity.getByTestId('identity-status')).toHaveText('Identidad verificada');
  // The credit check through the API (its form has its own story), authorized with the NIP the renter received.
  expect((await renter.request.post('/api/v1/client/multiburopinresend', { data: {}, headers })).ok()).toBeTruthy();
  expect((await renter.request.post('/api/v1/client/multiburopin', { data: { pin: await newestCode(renter, renterEmail, 'NIP') }, headers })).ok()).toBeTruthy();
  const investigated = await renter.request.post('/api/v1/rents/creditinvestigation', {
    headers,
    multipart: {
      ruid, renter_type: 'renter', birthdate: '1990-03-15', first_name: 'Laura', first_last_name: 'Méndez', other_last_names: 'Ortiz', rfc: 'MEOL900315AB1',
      total_income: '45,000', address: 'Av. Reforma 120', neighborhood: 'Centro', municipality: 'Puebla', city: 'Puebla', state: 'Puebla', cp: '72000', nationality: 'MX',
      proof_of_address: { name: 'recibo-luz.png', mimeType: 'image/png', buffer: photo },
      proof_of_income: { name: 'nomina.png', mimeType: 'image/png', buffer: photo },
    },
  });
  expect(investigated.ok(), await investigated.text()).toBeTruthy();
  const terms = await renter.request.put(`/api/v1/rents/${ruid}`, { data: { batch: [{ key: 'first_day', value: mexicoDay(20) }, { key: 'last_day', value: mexicoDay(20 + 365) }] }, headers });
  expect(terms.ok(), await terms.text()).toBeTruthy();
  expect((await renter.request.put(`/api/v1/rents/${ruid}/plan`, { data: { plan: 'basic' }, headers })).ok()).toBeTruthy();
  await renter.reload();
  await hydrated(renter);
  await renter.getByRole('button', { name: 'Guardar y enviar propuesta' }).click();
  const confirm = renter.getByRole('dialog', { name: '¿Listo para enviar la propuesta?' });
  await confirm.getByLabel('Declaro que los datos ingresados son verdaderos').check();
  await confirm.getByLabel('Acepto los términos y condiciones').check();
  await confirm.getByRole('button', { name: 'Enviar propuesta' }).click();
  await expect(renter.getByText('Solicitud enviada con éxito')).toBeVisible();

  // The owner decides on facts: verified identity, the credit result, the aval, the documents as watermarked copies.
  await owner.goto(`/property-dashboard/${puid}?tab=offers`);
  await hydrated(owner);
  await owner.getByRole('button', { name: 'Ver solicitud de Inquilina Garantía' }).click();
  const request = owner.getByRole('dialog', { name: 'Solicitud de renta' });
  await expect(request.getByTestId('renter-verification')).toContainText('Identidad verificada');
  await expect(request.getByTestId('investigation-results')).toContainText('720');
  await expect(request.getByTestId('owner-aval')).toContainText('En revisión');
  const ine = request.getByTestId('review-documents').getByRole('link', { name: 'INE (frente)' });
  const copy = await owner.request.get((await ine.getAttribute('href'))!);
  expect(copy.headers()['content-type']).toBe('image/jpeg');
  expect((await copy.body()).equals(photo)).toBe(false);
  expect(await seriousAxeViolations(owner)).toEqual([]);
  await shootBoth(owner, 'guarantor-5-owner-request');
  await request.getByRole('button', { name: 'Aprobar aval' }).click();
  await expect(request.getByTestId('owner-aval')).toContainText('Aprobado');
  await request.getByRole('button', { name: 'Aceptar propuesta' }).click();
  await expect(owner.getByText('Propuesta aceptada')).toBeVisible();
  await renter.goto(`/propiedades-contactadas/${ruid}?section=propuesta`);
  await expect(renter.getByText('El propietario aceptó tu propuesta')).toBeVisible();

  await ownerContext.close();
  await renterContext.close();
  await avalContext.close();
});
