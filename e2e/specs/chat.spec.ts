import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { seriousAxeViolations } from '../support/axe.ts';
import { csrfOf, signUpThroughApi } from '../support/sign-up.ts';
import { hydrated } from '../support/hydrated.ts';

/**
 * Issue 11 end to end, in two browsers: an owner publishes a flat; a renter contacts it with 'Contactar' and they
 * chat in real time (each sees the other's message without reloading, the nav counts the unread one), the renter
 * requests a visit, the owner proposes two times, the renter confirms one (the confirmed modal shows it), the visit
 * is moved to the past (the local development shortcut), both rate each other and the rating shows on the profile;
 * the renter finds the listing on /propiedades-contactadas and the owner the renter in the listing's offers tab.
 */
test.use({ bypassCSP: true, viewport: { width: 1366, height: 900 } });
const shots = join(import.meta.dirname, '..', 'screenshots', 'chat');
mkdirSync(shots, { recursive: true });

async function person(browser: Browser, email: string, nickname: string): Promise<Page> {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 900 }, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  await signUpThroughApi(page, email, nickname);
  return page;
}

const flat = {
  operation: 'renta', property_type: 'apartment',
  // In Monterrey: detail.spec takes the first listing without photos around Guadalajara as a reference listing.
  location: { street: 'Av. Hidalgo', number_ext: '2250', neighborhood: 'Obispado', municipality: 'Monterrey', city: 'Monterrey', state: 'nuevo_leon', zip: '64060', lat: 25.6751, lng: -100.3465 },
  rooms: 2, bathrooms: 1, half_bathrooms: 0, parking_spots: 1, construction_area: 85, construction_year: 'first_use', floors: 1, apt_floor: 3, apt_total_floors: 6,
  monthly_maintenance_fee: 900, amenities: ['gym'],
  rents: { price: 17900, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
  sales: null, description: 'Departamento luminoso en el Obispado, a dos cuadras de Av. Hidalgo.',
};

test('two people contact, chat live, agree on a visit, rate each other, and see it on their pages', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const owner = await person(browser, `duena.chat.${stamp}@example.mx`, 'Dueña Chat');
  const renter = await person(browser, `inquilino.chat.${stamp}@example.mx`, 'Inquilino Chat');

  const published = await owner.request.post('/api/v1/property', { data: { data: flat }, headers: { 'X-CSRF-TOKEN': await csrfOf(owner) } });
  expect(published.ok(), await published.text()).toBeTruthy();
  const listing = (await published.json()).data as { uid: string; slug: string; title: string };

  // The renter contacts the listing: 'Contactar' opens the first message, then /chat opens on the conversation.
  await renter.goto(`/propiedades/${listing.slug}`);
  await hydrated(renter);
  await renter.getByTestId('contact-chat').click();
  await renter.getByLabel('Tu mensaje').fill('Hola, ¿sigue disponible el departamento?');
  await renter.getByRole('button', { name: 'Enviar y abrir el chat' }).click();
  await expect(renter).toHaveURL(/\/chat\?chat=/);
  const ruid = new URL(renter.url()).searchParams.get('chat')!;
  const renterChat = renter.getByTestId('conversation');
  await expect(renterChat.getByTestId('chat-message').filter({ hasText: '¿sigue disponible' })).toBeVisible();

  // The owner sees the unread count in the nav and the conversation in /chat.
  await owner.goto('/cuenta');
  await expect(owner.getByTestId('nav-unread').first()).toContainText('1');
  await owner.goto(`/chat?chat=${ruid}`);
  const ownerChat = owner.getByTestId('conversation');
  await expect(ownerChat.getByTestId('chat-message').filter({ hasText: '¿sigue disponible' })).toBeVisible();
  await expect(owner.getByTestId('chat-item')).toHaveCount(1);

  // Real time: each sees the other's message without reloading; the renter's own message is marked seen.
  await ownerChat.getByLabel('Escribe un mensaje').fill('¡Hola! Sí, sigue disponible. ¿Quieres verlo?');
  await ownerChat.getByRole('button', { name: 'Enviar' }).click();
  await expect(renterChat.getByTestId('chat-message').filter({ hasText: 'sigue disponible. ¿Quieres verlo?' })).toBeVisible();
  await expect(renterChat.getByTestId('chat-message').filter({ hasText: '¿sigue disponible el' }).getByTestId('chat-receipt')).toContainText('Visto');
  await renterChat.getByLabel('Escribe un mensaje').fill('¡Sí! Me gustaría visitarlo esta semana.');
  await renterChat.getByLabel('Escribe un mensaje').press('Enter');
  await expect(ownerChat.getByTestId('chat-message').filter({ hasText: 'Me gustaría visitarlo' })).toBeVisible();

  // Attachments: the owner sends a floor plan picture and a PDF; the renter sees them at once, served only to the two.
  const plan = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7d6f' } }).png().toBuffer();
  await ownerChat.locator('input[type="file"]').setInputFiles({ name: 'plano.png', mimeType: 'image/png', buffer: plan });
  await expect(renterChat.getByRole('img', { name: 'plano.png' })).toBeVisible();
  await ownerChat.locator('input[type="file"]').setInputFiles({ name: 'reglamento.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
  const pdfLink = renterChat.getByRole('link', { name: /reglamento\.pdf/ });
  await expect(pdfLink).toBeVisible();
  expect((await renter.request.get((await pdfLink.getAttribute('href'))!)).status()).toBe(200);
  const visitor = await browser.newContext();
  expect((await visitor.request.get(new URL((await pdfLink.getAttribute('href'))!, renter.url()).toString())).status()).toBe(401);
  await visitor.close();

  // Visits: the renter asks; the owner's panel follows live and proposes two times; the renter confirms one.
  await renterChat.getByRole('button', { name: 'Solicitar visita' }).click();
  await expect(ownerChat.getByRole('button', { name: 'Proponer horarios' })).toBeVisible();
  await expect(ownerChat.getByTestId('chat-step')).toHaveText('Solicitud de cita');
  await ownerChat.getByRole('button', { name: 'Proponer horarios' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Proponer horarios de visita' });
  await dialog.getByRole('button', { name: 'Agregar otro horario' }).click();
  await expect(dialog.getByTestId('propose-slot')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Enviar horarios' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerChat.getByText('Esperando a que el interesado confirme uno')).toBeVisible();
  await owner.screenshot({ path: join(shots, 'owner-proposed-desktop.png') });

  const confirmButtons = renterChat.getByTestId('visit-panel').getByRole('button', { name: /^Confirmar / });
  await expect(confirmButtons).toHaveCount(2);
  await confirmButtons.first().click();
  await expect(renter.getByTestId('visit-confirmed-modal')).toContainText('Tu visita quedó agendada para el');
  await renter.screenshot({ path: join(shots, 'renter-confirmed-desktop.png') });
  await renter.getByRole('button', { name: 'Entendido' }).click();
  // Both get the confirmation by e-mail with a calendar invitation.
  await expect.poll(async () => {
    const outbox = (await (await renter.request.get(`/api/dev/outbox?to=${encodeURIComponent(`inquilino.chat.${stamp}@example.mx`)}`)).json()).data as { attachments?: { filename: string; content: string }[] }[];
    return outbox.flatMap((m) => m.attachments ?? []).find((a) => a.filename === 'visita.ics')?.content ?? '';
  }, { timeout: 30_000 }).toContain('BEGIN:VEVENT');
  await expect(ownerChat.getByTestId('visit-confirmed')).toBeVisible();
  await expect(ownerChat.getByTestId('chat-step')).toHaveText('Visita agendada');

  // After the visit (moved to the past here), each side rates the other once.
  const appointment = (await (await renter.request.get(`/api/v1/rents/${ruid}/appointment`)).json()).data.appointment;
  expect((await renter.request.post(`/api/dev/appointments/${appointment.auid}/elapse`, { headers: { 'X-CSRF-TOKEN': await csrfOf(renter) } })).ok()).toBeTruthy();
  for (const [page, label, comment] of [[renter, 'Excelente', 'Muy puntual y amable'], [owner, 'Muy buena', '']] as const) {
    await page.reload();
    const review = page.getByTestId('visit-review');
    // Mantine's rating draws each star as the label of a visually hidden radio: a person clicks the star.
    const star = review.getByLabel(label, { exact: true });
    await review.locator(`label[for="${await star.getAttribute('id')}"]`).click();
    await expect(star).toBeChecked();
    if (comment) await review.getByLabel('Comentario (opcional)').fill(comment);
    await review.getByRole('button', { name: 'Enviar calificación' }).click();
    await expect(page.getByText('Ya calificaste esta visita')).toBeVisible();
  }

  // The ratings show on the profiles (the renter rated the owner 5, the owner rated the renter 4).
  const ownerUid = (await (await renter.request.get(`/api/v1/rents/${ruid}`)).json()).data.counterpart.uid as string;
  await renter.goto(`/perfil?u=${encodeURIComponent(ownerUid)}`);
  await expect(renter.getByRole('heading', { name: 'Dueña Chat' })).toBeVisible();
  await expect(renter.getByText('5.0').first()).toBeVisible();
  await expect(renter.getByText('Muy puntual y amable')).toBeVisible();

  // Both sides find the process on their pages.
  await renter.goto('/propiedades-contactadas');
  await expect(renter.getByText(listing.title).first()).toBeVisible();
  await expect(renter.getByText('Visita agendada').first()).toBeVisible();
  await renter.goto(`/propiedades-contactadas/${ruid}`);
  await expect(renter.getByTestId('conversation')).toBeVisible();
  await renter.getByRole('tab', { name: 'Visita' }).click();
  await expect(renter).toHaveURL(/section=visita/);
  await expect(renter.getByText('Ya calificaste esta visita')).toBeVisible();
  expect(await seriousAxeViolations(renter)).toEqual([]);
  await owner.goto(`/property-dashboard/${listing.uid}?tab=offers`);
  await expect(owner.getByText('Inquilino Chat').first()).toBeVisible();

  // The pages as a person sees them, on a desktop and on a 390 px phone, with no serious accessibility problem.
  await owner.goto(`/chat?chat=${ruid}`);
  await expect(owner.getByTestId('chat-message').first()).toBeVisible();
  expect(await seriousAxeViolations(owner)).toEqual([]);
  await owner.screenshot({ path: join(shots, 'chat-desktop.png') });
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.screenshot({ path: join(shots, 'chat-conversation-390.png') });
  await owner.goto('/chat');
  await expect(owner.getByTestId('chat-item')).toBeVisible();
  await owner.screenshot({ path: join(shots, 'chat-list-390.png') });
  expect(await seriousAxeViolations(owner)).toEqual([]);
});

test('a message typed while offline is kept and sent once on reconnect', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const owner = await person(browser, `duena.offline.${stamp}@example.mx`, 'Dueña Offline');
  const renter = await person(browser, `inquilino.offline.${stamp}@example.mx`, 'Inquilino Offline');
  const published = await owner.request.post('/api/v1/property', { data: { data: { ...flat, rents: { ...flat.rents, price: 15500 } } }, headers: { 'X-CSRF-TOKEN': await csrfOf(owner) } });
  const listing = (await published.json()).data as { uid: string };
  const contacted = await renter.request.post('/api/v1/rents', { data: { puid: listing.uid, text: 'Hola, me interesa' }, headers: { 'X-CSRF-TOKEN': await csrfOf(renter) } });
  const { ruid } = (await contacted.json()).data as { ruid: string };

  await renter.goto(`/chat?chat=${ruid}`);
  const chat = renter.getByTestId('conversation');
  await expect(chat.getByTestId('chat-message')).toHaveCount(1);
  await renter.context().setOffline(true);
  await expect(chat.getByText('Sin conexión. Reintentando…')).toBeVisible({ timeout: 30_000 });
  await chat.getByLabel('Escribe un mensaje').fill('Escrito sin conexión');
  await chat.getByLabel('Escribe un mensaje').press('Enter');
  await expect(chat.getByTestId('chat-pending')).toContainText('se enviará al reconectar');
  await renter.reload().catch(() => undefined); // offline: the page cannot load, the outbox is in localStorage
  await renter.context().setOffline(false);
  await renter.goto(`/chat?chat=${ruid}`);
  await expect(renter.getByTestId('conversation').getByTestId('chat-message').filter({ hasText: 'Escrito sin conexión' })).toBeVisible({ timeout: 30_000 });
  await expect(renter.getByTestId('chat-pending')).toHaveCount(0);
  const messages = (await (await owner.request.get(`/api/v1/messages/${ruid}`)).json()).data.messages as { text: string }[];
  expect(messages.filter((m) => m.text === 'Escrito sin conexión')).toHaveLength(1);
});

test('an owner hands a listing to an agent: the next renter\'s conversation reaches the agent', async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const owner = await person(browser, `duena.asesor.${stamp}@example.mx`, 'Dueña Asesor');
  const agentEmail = `asesora.${stamp}@example.mx`;
  const agent = await person(browser, agentEmail, 'Asesora Lupita');
  const renter = await person(browser, `inquilino.asesor.${stamp}@example.mx`, 'Inquilino Asesor');
  const published = await owner.request.post('/api/v1/property', { data: { data: { ...flat, rents: { ...flat.rents, price: 19800 } } }, headers: { 'X-CSRF-TOKEN': await csrfOf(owner) } });
  const listing = (await published.json()).data as { uid: string; slug: string; title: string };

  await owner.goto('/mis-propiedades');
  await hydrated(owner);
  await owner.getByRole('button', { name: `Asignar un asesor a ${listing.title}` }).first().click();
  const dialog = owner.getByRole('dialog', { name: 'Asesor de esta propiedad' });
  await expect(dialog.getByText('Sin asesor: tú respondes las conversaciones.')).toBeVisible();
  await dialog.getByLabel('Correo del asesor').fill('nadie@example.mx');
  await dialog.getByRole('button', { name: 'Asignar' }).click();
  await expect(dialog.getByText('No encontramos una cuenta con ese correo')).toBeVisible();
  await dialog.getByLabel('Correo del asesor').fill(agentEmail);
  await dialog.getByRole('button', { name: 'Asignar' }).click();
  await expect(dialog.getByTestId('agent-current')).toHaveText('Asesor asignado: Asesora Lupita');
  await owner.screenshot({ path: join(shots, 'agent-assign-desktop.png') });
  expect(await seriousAxeViolations(owner)).toEqual([]);

  // The detail page names the agent as the advertiser, and 'Contactar' reaches them.
  await renter.goto(`/propiedades/${listing.slug}`);
  await hydrated(renter);
  await expect(renter.getByTestId('advertiser-box')).toContainText('Asesora Lupita');
  await renter.getByTestId('contact-chat').click();
  await renter.getByRole('button', { name: 'Enviar y abrir el chat' }).click();
  await expect(renter).toHaveURL(/\/chat\?chat=/);
  await agent.goto('/chat');
  await expect(agent.getByTestId('chat-item').filter({ hasText: listing.title })).toBeVisible();
  await owner.goto('/chat');
  await expect(owner.getByText('Aún no tienes conversaciones.')).toBeVisible();

  // Someone without an account uses the contact form: the owner finds it in /chat under 'Formulario'.
  const visitorContext = await browser.newContext({ bypassCSP: true, locale: 'es-MX' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/propiedades/${listing.slug}`);
  await hydrated(visitor);
  const form = visitor.getByRole('region', { name: 'Contacta al anunciante' });
  await form.getByLabel('Nombre').fill('Rosa Visitante');
  await form.getByLabel('Teléfono').fill('3312345678');
  await form.getByLabel('Correo electrónico').fill(`rosa.${stamp}@example.mx`);
  await form.getByLabel('Mensaje').fill('Hola, ¿aceptan mascotas pequeñas?');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: /enviado|Enviado|recibi/ }).first()).toBeVisible();
  await visitorContext.close();
  await owner.getByRole('tab', { name: 'Formulario' }).click();
  await owner.getByTestId('lead-item').filter({ hasText: 'Rosa Visitante' }).click();
  const lead = owner.getByTestId('lead-view');
  await expect(lead).toContainText('¿aceptan mascotas pequeñas?');
  await expect(lead.getByRole('link', { name: 'Responder por correo' })).toHaveAttribute('href', new RegExp(`^mailto:rosa\\.${stamp}@example\\.mx`));
  expect(await seriousAxeViolations(owner)).toEqual([]);
  await owner.screenshot({ path: join(shots, 'leads-desktop.png') });
});

test('an offline owner is told by e-mail, and its link turns that conversation\'s notices off', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const ownerEmail = `duena.avisos.${stamp}@example.mx`;
  const owner = await person(browser, ownerEmail, 'Dueña Avisos');
  const published = await owner.request.post('/api/v1/property', { data: { data: { ...flat, rents: { ...flat.rents, price: 14200 } } }, headers: { 'X-CSRF-TOKEN': await csrfOf(owner) } });
  const listing = (await published.json()).data as { uid: string };
  await owner.close(); // the owner has no chat connection now
  const renter = await person(browser, `inquilino.avisos.${stamp}@example.mx`, 'Inquilino Avisos');
  const contacted = await renter.request.post('/api/v1/rents', { data: { puid: listing.uid, text: '¿Podría verla el sábado?' }, headers: { 'X-CSRF-TOKEN': await csrfOf(renter) } });
  expect(contacted.ok()).toBeTruthy();

  // A minute later (unless read), the notice: the message, a button to the chat and the unsubscribe link.
  let link = '';
  await expect.poll(async () => {
    const outbox = (await (await renter.request.get(`/api/dev/outbox?to=${encodeURIComponent(ownerEmail)}`)).json()).data as { text: string; links: string[] }[];
    const notice = outbox.find((m) => m.text.includes('¿Podría verla el sábado?'));
    link = notice?.links.find((l) => l.includes('/notificaciones/baja')) ?? '';
    return link;
  }, { timeout: 120_000, intervals: [2_000] }).not.toBe('');

  const mailbox = await browser.newContext({ bypassCSP: true, locale: 'es-MX' });
  const page = await mailbox.newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await hydrated(page);
  await expect(page.getByTestId('unsubscribe-text')).toContainText('¿Dejar de recibir avisos');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Dejar de recibir avisos' }).click();
  await expect(page.getByTestId('unsubscribe-text')).toContainText('Listo: ya no te avisaremos');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'unsubscribe-390.png') });
  await mailbox.close();
});
