import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 14's story of the support panel, in three browsers: an owner publishes a flat and opens an LP ticket
 * ('Verificación de propietario legítimo') about it with two images through the help modal, and keeps the help
 * centre open on it; a support user — granted by SUPPORT_EMAILS,
 * which e2e/start-server.ts sets to every address ending in '@soporte.e2e.test' — finds it under 'Sin asignar' in
 * /tickets, takes it ('Tomar'), replies (the owner reads the reply and the status messages live), writes an internal note, completes it with the listing's folio real, and the listing
 * shows 'Propietario verificado'. A client without the privilege gets the Spanish 403 page; a visitor is asked to
 * sign in. axe on each screen; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

const image = (r: number, g: number, b: number) => sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g, b } } }).png().toBuffer();

async function noSeriousAxe(page: Page, where: string) {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

test('a support user takes an owner\'s LP ticket, completes it with the folio and the listing shows the verified badge', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const ownerContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const staffContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  const staff = await staffContext.newPage();

  // The owner: signs up, publishes a flat, opens an LP ticket about it with two images.
  await signUpThroughApi(owner, `duena.soporte.${stamp}@example.mx`, 'Dueña Soporte');
  const csrf = await csrfOf(owner);
  const published = await owner.request.post('/api/v1/property', {
    headers: { 'X-CSRF-TOKEN': csrf },
    data: { data: {
      operation: 'renta', property_type: 'apartment',
      location: { street: 'Calle 62', number_ext: '318', neighborhood: 'Centro', municipality: 'Mérida', city: 'Mérida', state: 'yucatan', zip: '97000', lat: 20.968, lng: -89.6305 },
      rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 85, land: { area: 85, unit: 'm2' }, construction_year: 'first_use',
      rents: { price: 13500, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
      description: 'Departamento de dos recámaras en el centro de Mérida, con patio, cocina integral y estacionamiento techado.',
    } },
  });
  expect(published.ok(), await published.text()).toBeTruthy();
  const puid = ((await published.json()).data as { uid: string }).uid;
  // The LP ticket through the help modal of /centro-de-ayuda (the tickets' HelpModal), about her listing, two images.
  await owner.goto('/centro-de-ayuda');
  await hydrated(owner);
  await owner.getByTestId('help-centre-new').click();
  const modal = owner.getByRole('dialog', { name: 'Pide ayuda' });
  await modal.getByRole('combobox', { name: 'Categoría' }).click();
  await owner.getByRole('option', { name: 'Verificación de propietario legítimo' }).click();
  await modal.getByRole('textbox', { name: 'Título' }).fill('Soy la dueña legítima de este departamento');
  await modal.getByRole('textbox', { name: 'Descripción' }).fill('Adjunto la escritura y una identificación para verificar que el departamento es mío.');
  await modal.getByRole('combobox', { name: 'Anuncio (opcional)' }).click();
  await owner.getByRole('option').first().click();
  await modal.getByRole('button', { name: 'Siguiente' }).click();
  await modal.locator('input[type=file]').setInputFiles([
    { name: 'escritura.png', mimeType: 'image/png', buffer: await image(200, 180, 150) },
    { name: 'identificacion.png', mimeType: 'image/png', buffer: await image(120, 160, 200) },
  ]);
  await expect(modal.getByTestId('help-files-count')).toHaveText('2 archivos');
  await modal.getByTestId('help-submit').click();
  await expect(owner.getByText('El ticket se creó exitosamente, puedes revisarlo en Centro de Ayuda.').first()).toBeVisible();
  await owner.getByTestId('ticket-item').first().click();
  await expect(owner).toHaveURL(/\?ticket=t_/);
  const tuid = new URL(owner.url()).searchParams.get('ticket')!;
  const ownerConversation = owner.getByTestId('ticket-conversation');
  await expect(ownerConversation.getByRole('img', { name: 'Imagen adjunta: escritura.png' })).toBeVisible();

  // A client without the privilege: the Spanish 403 page; a visitor: asked to sign in.
  const ownerTab = await ownerContext.newPage();
  await ownerTab.goto('/tickets');
  await expect(ownerTab.getByRole('heading', { name: 'No tienes acceso' })).toBeVisible();
  await ownerTab.close();
  const visitor = await browser.newPage();
  await visitor.goto('/tickets');
  await hydrated(visitor);
  await expect(visitor.getByText('Inicia sesión con tu cuenta de soporte para ver el panel.')).toBeVisible();
  await visitor.close();

  // The support user: an address SUPPORT_EMAILS names; signing up (e-mail verified by the PIN) grants 'support'.
  await signUpThroughApi(staff, `ana.${stamp}@soporte.e2e.test`, 'Ana Soporte');
  await staff.goto('/');
  await hydrated(staff);
  await staff.getByRole('button', { name: /menú de perfil|perfil/i }).first().click();
  await staff.getByRole('menuitem', { name: 'Panel de soporte' }).click();
  await staff.waitForURL(/\/tickets$/);
  await hydrated(staff);
  await expect(staff.getByRole('heading', { name: 'Panel de soporte' })).toBeVisible();
  await expect(staff.getByRole('tab', { name: 'Sin asignar' })).toHaveAttribute('aria-selected', 'true');
  await staff.getByRole('combobox', { name: 'Categoría' }).click();
  await staff.getByRole('option', { name: 'Verificación de propietario legítimo' }).click();
  await staff.waitForURL(/category=LP/);
  const link = staff.getByRole('link', { name: 'Soy la dueña legítima de este departamento' });
  await expect(link).toBeVisible();
  await noSeriousAxe(staff, '/tickets');
  await shootBoth(staff, 'support-queue');

  // The ticket: take it, a note, complete it with the folio.
  await link.click();
  await staff.waitForURL(new RegExp(`/tickets/${tuid}$`));
  await expect(staff.getByRole('heading', { name: 'Soy la dueña legítima de este departamento' })).toBeVisible();
  await expect(staff.getByText('Verificación de propietario legítimo').first()).toBeVisible();
  await staff.getByRole('button', { name: 'Tomar' }).click();
  await expect(staff.getByText('Tomaste el ticket').first()).toBeVisible();
  await expect(staff.getByText('En proceso').first()).toBeVisible();
  // The conversation (the tickets' TicketConversation as staff): the two images the owner sent, the system message
  // of the grab, and a reply.
  const log = staff.getByRole('log');
  await expect(log.locator('img')).toHaveCount(2);
  await expect(log.getByText('El equipo de soporte tomó tu ticket y lo está revisando.')).toBeVisible();
  const reply = 'Hola, ya revisamos tu escritura. En un momento verificamos el folio real.';
  await staff.getByRole('textbox', { name: 'Escribe un mensaje' }).fill(reply);
  await staff.getByRole('button', { name: 'Enviar' }).click();
  await expect(log.getByText(reply)).toBeVisible();
  // The owner reads it live in the help centre.
  const received = ownerConversation.getByTestId('ticket-message').filter({ hasText: reply });
  await expect(received).toHaveAttribute('data-mine', 'false');
  await expect(ownerConversation.getByText('El equipo de soporte tomó tu ticket y lo está revisando.')).toBeVisible();
  const ticketNotes = staff.getByTestId('staff-notes-tickets');
  await ticketNotes.getByRole('textbox').fill('Revisé la escritura: coincide con el domicilio del anuncio.');
  await ticketNotes.getByRole('button', { name: 'Guardar nota' }).click();
  await expect(ticketNotes.getByText('Revisé la escritura: coincide con el domicilio del anuncio.')).toBeVisible();
  await noSeriousAxe(staff, '/tickets/:tuid');
  await shootBoth(staff, 'support-ticket');

  await staff.getByRole('button', { name: 'Completar' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Completar: Verificación de propietario legítimo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Completar ticket' })).toBeDisabled();
  await dialog.getByLabel('Folio real del inmueble (folio_gob_mx)').fill('FR-MID-2026-00412');
  await dialog.getByLabel('Resolución (la lee quien abrió el ticket)').fill('Verificamos tu escritura; tu anuncio ya muestra Propietario verificado.');
  await noSeriousAxe(staff, 'the completion modal');
  await shootBoth(staff, 'support-complete');
  await dialog.getByRole('button', { name: 'Completar ticket' }).click();
  await expect(staff.getByText('Completaste el ticket').first()).toBeVisible();
  await expect(staff.getByText('Completado').first()).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Tomar' })).toHaveCount(0);
  await expect(ownerConversation.getByText('El equipo de soporte completó tu ticket: Verificamos tu escritura; tu anuncio ya muestra Propietario verificado.')).toBeVisible();

  // The listing now reads 'Propietario verificado'.
  await owner.goto(`/propiedades/${puid}`);
  await expect(owner.getByTestId('verified-owner')).toHaveText('Propietario verificado');
  await shootBoth(owner, 'support-verified-listing');
  // And her listing's card says so too.
  await owner.goto('/mis-propiedades');
  await expect(owner.getByTestId('card-verified-owner').first()).toHaveText('Propietario verificado');

  await ownerContext.close();
  await staffContext.close();
});
