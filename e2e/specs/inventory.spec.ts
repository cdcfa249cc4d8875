import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { acceptedRent } from '../support/accepted-rent.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { hydrated } from '../support/hydrated.ts';
import { shootBoth } from '../support/screens.ts';

/**
 * Issue 13 'Inventory' in two browsers: from an accepted proposal (set up through the API), the owner follows
 * 'Ver inventario de la propiedad' from the rent's review to /my-rent-inventory/{ruid}, adds two rooms with notes
 * and a photo (a text file named .png is refused; the real photo shows a preview, then the uploaded photo), and
 * confirms; the tenant adds a note (which clears the owner's confirmation), and both confirm: 'Ambos confirmaron el
 * inventario'. axe on each screen; screenshots at 1280 and 390 px.
 */
test.use({ bypassCSP: true });

const photo = (r: number, g: number, b: number) => sharp({ create: { width: 640, height: 420, channels: 3, background: { r, g, b } } }).png().toBuffer();

async function addRoomWithPhoto(page: Page, name: string, notes: string, bytes: Buffer) {
  const section = page.getByTestId('inventory-move_in');
  await section.getByLabel('Habitación').last().fill(name);
  await section.getByRole('button', { name: 'Agregar habitación' }).click();
  const room = section.getByTestId('inventory-room').filter({ has: page.locator(`input[value="${name}"]`) });
  await expect(room).toBeVisible();
  await room.getByLabel('Notas (estado, daños, detalles)').fill(notes);
  await room.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Habitación actualizada').first()).toBeVisible();
  await room.locator('input[type=file]').setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: bytes });
  await expect(room.getByRole('img', { name: 'Vista previa de la foto elegida' })).toBeVisible();
  await room.getByRole('button', { name: 'Agregar foto' }).click();
  await expect(room.getByRole('img', { name: `${name}: foto 1` })).toBeVisible();
  return room;
}

test('owner and tenant fill the move-in inventory with photos and both confirm it', async ({ browser }) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const renterContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  const renter = await renterContext.newPage();
  const { ruid } = await acceptedRent(owner, renter, 'inventario', -89.6125);

  // The renter's review links to the inventory at on_accepted_offer.
  await renter.goto(`/propiedades-contactadas/${ruid}?section=propuesta`);
  await hydrated(renter);
  await renter.getByTestId('inventory-link').first().click();
  await renter.waitForURL(new RegExp(`/my-rent-inventory/${ruid}$`));

  await owner.goto(`/my-rent-inventory/${ruid}`);
  await hydrated(owner);
  await expect(owner.getByRole('heading', { name: 'Inventario de la propiedad' })).toBeVisible();
  await expect(owner.getByText('Aún no hay habitaciones en este inventario.')).toBeVisible();
  const sala = await addRoomWithPhoto(owner, 'Sala', 'Sofá gris de tres plazas sin manchas; piso de loseta sin grietas.', await photo(180, 160, 140));
  // Not a photo: refused in Spanish.
  await sala.locator('input[type=file]').setInputFiles({ name: 'sala2.png', mimeType: 'image/png', buffer: Buffer.from('no soy una foto') });
  await sala.getByRole('button', { name: 'Agregar foto' }).click();
  await expect(owner.getByText('La foto debe ser una imagen JPEG, PNG, WebP o HEIC').first()).toBeVisible();
  await addRoomWithPhoto(owner, 'Cocina', 'Estufa de cuatro quemadores y refrigerador funcionando.', await photo(90, 140, 170));
  await owner.getByRole('button', { name: 'Confirmar inventario' }).click();
  await expect(owner.getByText('Ya confirmaste; esperamos a la otra parte.')).toBeVisible();
  expect(await seriousAxeViolations(owner)).toEqual([]);
  await shootBoth(owner, 'inventory-0-owner-confirmed');

  // The tenant sees both rooms and the owner's confirmation, writes a note (the confirmation is cleared), confirms.
  await renter.reload();
  await hydrated(renter);
  const section = renter.getByTestId('inventory-move_in');
  await expect(section.getByRole('img', { name: 'Cocina: foto 1' })).toBeVisible();
  await expect(section.getByText(/Confirmó el/)).toHaveCount(1);
  const cocina = section.getByTestId('inventory-room').filter({ has: renter.locator('input[value="Cocina"]') });
  await cocina.getByLabel('Notas (estado, daños, detalles)').fill('Estufa de cuatro quemadores; una perilla está floja.');
  await cocina.getByRole('button', { name: 'Guardar' }).click();
  await expect(section.getByText(/Confirmó el/)).toHaveCount(0);
  await renter.getByRole('button', { name: 'Confirmar inventario' }).click();
  await expect(section.getByText(/Confirmó el/)).toHaveCount(1);
  expect(await seriousAxeViolations(renter)).toEqual([]);
  await shootBoth(renter, 'inventory-1-renter-confirmed');

  // The owner confirms the same content: both confirmed, read-only.
  await owner.reload();
  await hydrated(owner);
  await expect(owner.getByText('una perilla está floja')).toBeVisible({ timeout: 10_000 }).catch(async () => {
    await expect(owner.locator('textarea').filter({ hasText: 'una perilla está floja' })).toHaveCount(1);
  });
  await owner.getByRole('button', { name: 'Confirmar inventario' }).click();
  await expect(owner.getByText('Ambos confirmaron el inventario').first()).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Agregar habitación' })).toHaveCount(0);
  expect(await seriousAxeViolations(owner)).toEqual([]);
  await shootBoth(owner, 'inventory-2-both-confirmed');
  await ownerContext.close();
  await renterContext.close();
});
