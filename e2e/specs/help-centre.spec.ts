import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { SCREENSHOTS_DIR, shootBoth } from '../support/screens.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 14 'Tickets (any client)': a client opens the help modal from /centro-de-ayuda, is stopped by the spec's
 * texts, opens an AY ticket (the default category), then a PG ticket (the calendar appears and is required) and an LP
 * ticket about their own listing with two images from the drop zone (a text file is refused in Spanish), sees the three
 * in the help centre with 'Enviado' and their category names, opens the LP one (the two images as thumbnails), replies
 * and receives a support reply live (sent through the API by a support user of the e2e rule '@soporte.e2e.test').
 * axe on each screen; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

const image = (r: number, g: number, b: number) => sharp({ create: { width: 480, height: 320, channels: 3, background: { r, g, b } } }).png().toBuffer();

test('a client opens AY, PG and LP tickets from the modal and follows them in the help centre', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signUpThroughApi(page, `cliente.ayuda.${stamp}@example.mx`, 'Cliente Ayuda');
  const published = await page.request.post('/api/v1/property', {
    headers: { 'X-CSRF-TOKEN': await csrfOf(page) },
    data: { data: {
      operation: 'renta', property_type: 'apartment',
      location: { street: 'Calle 60', number_ext: '402', neighborhood: 'Centro', municipality: 'Mérida', city: 'Mérida', state: 'yucatan', zip: '97000', lat: 20.9702, lng: -89.6221 },
      rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 80, land: { area: 80, unit: 'm2' }, construction_year: 'first_use',
      rents: { price: 12500, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
      description: 'Departamento luminoso de dos recámaras a dos cuadras de la plaza grande, con cocina equipada.',
    } },
  });
  expect(published.ok(), await published.text()).toBeTruthy();

  await page.goto('/centro-de-ayuda');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Centro de ayuda' })).toBeVisible();
  await expect(page.getByText('Aún no tienes tickets.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // AY (the default): the spec's texts first, then sent without files.
  await page.getByTestId('help-centre-new').click();
  const modal = page.getByRole('dialog', { name: 'Pide ayuda' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('combobox', { name: 'Categoría' })).toHaveValue('Ayuda general');
  await modal.getByRole('button', { name: 'Siguiente' }).click();
  await expect(modal.getByText('Debes de poner un título')).toBeVisible();
  await expect(modal.getByText('Debes de poner una descripción')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'help-centre-0-modal-errors');
  await modal.getByRole('textbox', { name: 'Título' }).fill('No encuentro cómo cambiar mi correo');
  await modal.getByRole('textbox', { name: 'Descripción' }).fill('Quiero usar otro correo para recibir avisos y no veo dónde cambiarlo.');
  await modal.getByRole('button', { name: 'Siguiente' }).click();
  await expect(modal.getByTestId('help-dropzone')).toBeVisible();
  await modal.getByTestId('help-submit').click();
  await expect(page.getByText('El ticket se creó exitosamente, puedes revisarlo en Centro de Ayuda.').first()).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('ticket-item')).toHaveCount(1);

  // PG: the calendar appears and a day is required.
  await page.getByTestId('help-centre-new').click();
  await expect(modal.getByRole('textbox', { name: 'Título' })).toHaveValue('');
  await modal.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Pagos y cobranza' }).click();
  await modal.getByRole('textbox', { name: 'Título' }).fill('Mi pago de noviembre no aparece');
  await modal.getByRole('textbox', { name: 'Descripción' }).fill('Pagué la renta con tarjeta y el pago no aparece en mi cuenta.');
  await modal.getByRole('button', { name: 'Siguiente' }).click();
  await expect(modal.getByText('Elige la fecha del pago o de la firma').first()).toBeVisible();
  await modal.getByTestId('help-date').click();
  await expect(page.locator('table button:not([data-outside])').first()).toBeVisible();
  // axe reads colours: wait until the calendar's dropdown is fully shown.
  await expect(page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') })).toHaveCSS('opacity', '1');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS_DIR, 'help-centre-0b-calendar-1280.png') });
  await page.locator('table button[data-today], table button:not([data-outside]):not([disabled])').first().click();
  await modal.getByRole('button', { name: 'Siguiente' }).click();
  await modal.getByTestId('help-submit').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('ticket-item')).toHaveCount(2);

  // LP about my listing, with two images; a text file is refused by its type.
  await page.getByTestId('help-centre-new').click();
  await modal.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Verificación de propietario legítimo' }).click();
  await modal.getByRole('textbox', { name: 'Título' }).fill('Quiero verificar que soy el dueño');
  await modal.getByRole('textbox', { name: 'Descripción' }).fill('Adjunto la escritura y el predial del departamento de la calle 60.');
  await modal.getByRole('combobox', { name: 'Anuncio (opcional)' }).click();
  await page.getByRole('option').first().click();
  await modal.getByRole('button', { name: 'Siguiente' }).click();
  const input = modal.locator('input[type=file]');
  await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una imagen') });
  await expect(modal.getByText('El archivo no tiene extension .png .jpeg .webp .pdf o .jpg')).toBeVisible();
  await input.setInputFiles([
    { name: 'escritura.png', mimeType: 'image/png', buffer: await image(200, 170, 140) },
    { name: 'predial.png', mimeType: 'image/png', buffer: await image(120, 160, 210) },
  ]);
  await expect(modal.getByTestId('help-files-count')).toHaveText('2 archivos');
  await expect(modal.getByRole('img', { name: 'Vista previa de escritura.png' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'help-centre-1-modal-files');
  await modal.getByRole('button', { name: 'Regresar' }).click();
  await expect(modal.getByRole('textbox', { name: 'Título' })).toHaveValue('Quiero verificar que soy el dueño');
  await modal.getByRole('button', { name: 'Siguiente' }).click();
  await expect(modal.getByTestId('help-files-count')).toHaveText('2 archivos');
  await modal.getByTestId('help-submit').click();
  await expect(modal).toBeHidden();

  // The help centre: three tickets, newest first, 'Enviado', their category names.
  const items = page.getByTestId('ticket-item');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('Quiero verificar que soy el dueño');
  await expect(items.first()).toContainText('Verificación de propietario legítimo');
  await expect(items.nth(1)).toContainText('Pagos y cobranza');
  await expect(items.nth(2)).toContainText('Ayuda general');
  for (let i = 0; i < 3; i++) await expect(items.nth(i).getByTestId('ticket-status')).toHaveText('Enviado');

  await items.first().click();
  await expect(page).toHaveURL(/\?ticket=t_/);
  const tuid = new URL(page.url()).searchParams.get('ticket')!;
  const conversation = page.getByTestId('ticket-conversation');
  await expect(conversation.getByRole('img', { name: 'Imagen adjunta: escritura.png' })).toBeVisible();
  await expect(conversation.getByRole('img', { name: 'Imagen adjunta: predial.png' })).toBeVisible();
  await conversation.getByRole('textbox', { name: 'Escribe un mensaje' }).fill('¿Necesitan algún otro documento?');
  await conversation.getByRole('button', { name: 'Enviar' }).click();
  await expect(conversation.getByTestId('ticket-message').filter({ hasText: '¿Necesitan algún otro documento?' })).toHaveAttribute('data-mine', 'true');
  await expect(conversation.getByRole('textbox', { name: 'Escribe un mensaje' })).toHaveValue('');

  // A support user replies: it arrives live.
  const staffContext = await browser.newContext({ bypassCSP: true });
  const staff = await staffContext.newPage();
  await signUpThroughApi(staff, `agente.${stamp}@soporte.e2e.test`, 'Agente Soporte');
  await expect.poll(async () => (await staff.request.post(`/api/v1/tickets/${tuid}/message`, {
    headers: { 'X-CSRF-TOKEN': await csrfOf(staff) }, data: { text: 'Con esos dos documentos es suficiente, gracias.' },
  })).status(), { timeout: 15_000 }).toBe(200);
  const reply = conversation.getByTestId('ticket-message').filter({ hasText: 'Con esos dos documentos es suficiente, gracias.' });
  await expect(reply).toHaveAttribute('data-mine', 'false');
  await expect(reply).toContainText('Soporte');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'help-centre-2-conversation');

  // On a phone: the list first, then the conversation with its back arrow.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Volver a mis tickets' }).click();
  await expect(items.first()).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS_DIR, 'help-centre-3-list-390.png'), fullPage: true });
  await context.close();
  await staffContext.close();
});

test("a visitor writes a ticket from the footer's 'Ayuda', signs in when sending, and the ticket is sent after", async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `visitante.ayuda.${Date.now()}@example.mx`;
  const setup = await browser.newContext();
  await signUpThroughApi(await setup.newPage(), email, 'Visitante Ayuda');
  await setup.close();

  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await hydrated(page);
  await page.getByTestId('footer-help').click();
  const modal = page.getByRole('dialog', { name: 'Pide ayuda' });
  await modal.getByRole('textbox', { name: 'Título' }).fill('No puedo iniciar sesión desde mi celular');
  await modal.getByRole('textbox', { name: 'Descripción' }).fill('En la computadora sí entro, pero en el celular me regresa al inicio.');
  await modal.getByRole('button', { name: 'Siguiente' }).click();
  await expect(modal.getByText('Inicia sesión para enviar tu ticket; lo mandaremos en cuanto entres.')).toBeVisible();
  await modal.getByTestId('help-submit').click();
  const login = page.getByRole('dialog').last();
  await login.getByLabel('Correo electrónico').fill(email);
  await login.getByLabel('Contraseña').fill('secreta-789');
  await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('El ticket se creó exitosamente, puedes revisarlo en Centro de Ayuda.').first()).toBeVisible();
  await page.goto('/centro-de-ayuda');
  await expect(page.getByTestId('ticket-item')).toHaveCount(1);
  await expect(page.getByTestId('ticket-item').first()).toContainText('No puedo iniciar sesión desde mi celular');
  await context.close();
});
