import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';
import { signUpThroughApi } from '../support/sign-up.ts';

/**
 * Issue 14's database view story: a client's nickname is corrected by a support user — granted by SUPPORT_EMAILS,
 * which e2e/start-server.ts sets to every address ending in '@soporte.e2e.test' — in /db with a reason (the save
 * button stays disabled while the reason has 16 characters or fewer), and the audit log shows the change in the
 * record's history and on /db/auditoria. A client without the privilege gets the Spanish 403 page; a visitor is asked
 * to sign in. Hover info on an id opens on keyboard focus. axe on each screen; screenshots at 1280 and 390 px, and the
 * page never scrolls sideways at 390 px (the table scrolls inside its frame).
 */
test.use({ bypassCSP: true });

async function noSeriousAxe(page: Page, where: string) {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

/** The page's own width does not exceed the viewport (the wide table scrolls inside its frame). */
async function noSidewaysScroll(page: Page, where: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: where }).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a support user corrects a client\'s nickname in /db with a reason and the audit log shows it', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const clientContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const staffContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const client = await clientContext.newPage();
  const staff = await staffContext.newPage();
  const clientEmail = `cliente.db.${stamp}@example.mx`;
  const reason = 'La clienta pidió corregir su apodo por teléfono';

  // A client without the privilege: the Spanish 403 page; a visitor: asked to sign in.
  await signUpThroughApi(client, clientEmail, 'Clienta Apodo Viejo');
  await client.goto('/db');
  await expect(client.getByRole('heading', { name: 'No tienes acceso' })).toBeVisible();
  await client.goto('/db/auditoria');
  await expect(client.getByRole('heading', { name: 'No tienes acceso' })).toBeVisible();
  const visitor = await browser.newPage();
  await visitor.goto('/db');
  await hydrated(visitor);
  await expect(visitor.getByRole('main').getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  await visitor.close();

  // The support user reaches /db from the menu.
  await signUpThroughApi(staff, `beto.${stamp}@soporte.e2e.test`, 'Beto Soporte');
  await staff.goto('/');
  await hydrated(staff);
  await staff.getByRole('button', { name: /menú de perfil|perfil/i }).first().click();
  await staff.getByRole('menuitem', { name: 'Base de datos' }).click();
  await staff.waitForURL(/\/db$/);
  await hydrated(staff);
  await expect(staff.getByRole('heading', { name: 'Base de datos' })).toBeVisible();

  // Find the client by e-mail; hover info on the id opens on keyboard focus.
  await staff.getByRole('searchbox', { name: 'Buscar' }).fill(clientEmail);
  await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
  await staff.waitForURL(/q=/);
  const row = staff.getByTestId('staff-db-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('cell-nickname')).toContainText('Clienta Apodo Viejo');
  const cuid = (await row.getAttribute('data-rkey'))!;
  await row.getByTestId('cell-cuid').getByRole('button').focus();
  const hover = staff.getByTestId('record-hover');
  await expect(hover).toContainText(clientEmail);
  await expect(hover).toContainText('Clienta Apodo Viejo');
  await noSeriousAxe(staff, '/db with hover info');
  await staff.keyboard.press('Escape');
  await expect(hover).toHaveCount(0);
  await noSeriousAxe(staff, '/db');
  await shootBoth(staff, 'staff-db');
  await noSidewaysScroll(staff, '/db at 390 px');

  // The edit-with-reason modal: the button stays disabled until the reason is longer than 16 characters.
  await row.getByRole('button', { name: `Editar Apodo de ${cuid}` }).click();
  const dialog = staff.getByRole('dialog', { name: 'Editar: Apodo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('edit-current')).toContainText('Clienta Apodo Viejo');
  await dialog.getByLabel('Valor nuevo').fill('Clienta Apodo Nuevo');
  await dialog.getByLabel(/Motivo del cambio/).fill('Lo pidió ella');
  await expect(dialog.getByText('El mensaje es demasiado corto')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Guardar cambio' })).toBeDisabled();
  await dialog.getByLabel(/Motivo del cambio/).fill(reason);
  await expect(dialog.getByRole('button', { name: 'Guardar cambio' })).toBeEnabled();
  await noSeriousAxe(staff, 'the edit modal');
  await shootBoth(staff, 'staff-db-edit');
  await dialog.getByRole('button', { name: 'Guardar cambio' }).click();
  await expect(staff.getByText('Campo actualizado con éxito').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('cell-nickname')).toContainText('Clienta Apodo Nuevo');

  // The record's history shows who, the old and new value and the reason.
  await row.getByRole('button', { name: `Historial de cambios de ${cuid}` }).click();
  const history = staff.getByRole('dialog', { name: `Historial de cambios de ${cuid}` });
  await expect(history.getByTestId('audit-entry')).toHaveCount(1);
  await expect(history.getByTestId('audit-entry')).toContainText('Clienta Apodo Viejo');
  await expect(history.getByTestId('audit-entry')).toContainText('Clienta Apodo Nuevo');
  await expect(history.getByTestId('audit-entry')).toContainText(reason);
  await expect(history.getByTestId('audit-entry')).toContainText('Beto Soporte');
  await noSeriousAxe(staff, 'the record history');
  await shootBoth(staff, 'staff-db-history');
  await staff.keyboard.press('Escape');

  // The audit page, newest first, filtered to clients.
  await staff.getByRole('link', { name: 'Ver toda la auditoría' }).click();
  await staff.waitForURL(/\/db\/auditoria$/);
  await expect(staff.getByRole('heading', { name: 'Auditoría de cambios' })).toBeVisible();
  await staff.getByRole('combobox', { name: 'Tabla' }).click();
  await staff.getByRole('option', { name: 'Clientes' }).click();
  await staff.waitForURL(/tabla=clients/);
  const first = staff.getByTestId('audit-row').first();
  await expect(first).toContainText(reason);
  await expect(first).toContainText('Clienta Apodo Nuevo');
  await expect(first).toContainText(cuid);
  await noSeriousAxe(staff, '/db/auditoria');
  await shootBoth(staff, 'staff-db-audit');
  await noSidewaysScroll(staff, '/db/auditoria at 390 px');
  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(staff.getByTestId('audit-cards').getByTestId('audit-entry').first()).toContainText(reason);
  await noSeriousAxe(staff, '/db/auditoria at 390 px');

  // The listings table (the demo data): ids with hover info, long titles and descriptions kept to two lines.
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.getByRole('link', { name: 'Volver a la base de datos' }).click();
  await staff.waitForURL(/\/db$/);
  await staff.getByText('Propiedades', { exact: true }).click();
  await staff.waitForURL(/tabla=properties/);
  await expect(staff.getByTestId('staff-db-row')).toHaveCount(20);
  await expect(staff.getByTestId('staff-db-row').first().getByRole('button', { name: /^Editar Título de / })).toBeVisible();
  await noSeriousAxe(staff, '/db?tabla=properties');
  await shootBoth(staff, 'staff-db-properties');
  await noSidewaysScroll(staff, '/db?tabla=properties at 390 px');

  await clientContext.close();
  await staffContext.close();
});
