import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_BRAND_COLOR, PROPERTY_SHEET_MESSAGES as M, PROPERTY_SHEET_NOT_FOUND } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { agencyTables } from '../agencies/agencies-tables.ts';
import { createTestClientSession, createTestClientWithEmail } from '../likes/testing/registered-session.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { getPropertySheet, presentSharer } from './get-property-sheet.ts';
import { renderPropertySheetPdf, type PropertySheetPdfContent } from './render-property-sheet-pdf.ts';

// Issue 16 'Property sheets': who brands a sheet, what of the sharer it shows, the 404s, and the PDF read back.
let database: Database;
let storage: MediaStorage;
let dir: string;
const config = { exchangeRates: { usd: 18.5, eur: 20 } };
let agent: { cuid: string }, admin: { cuid: string }, owner: { cuid: string }, anonymousCuid: string;
let live: { puid: string }, inactive: { puid: string };

beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'nj-sheet-'));
  storage = createLocalMediaStorage({ root: dir });
  agent = await createTestClientWithEmail(database, 'asesora.ficha@example.com');
  admin = await createTestClientWithEmail(database, 'director.ficha@example.com');
  owner = await createTestClientWithEmail(database, 'dueno.ficha@example.com');
  const phone = { phone_number: '3312345678', phone_country_code: '+52', is_phone_verified: true };
  await database.db.updateTable('clients').set({ nickname: 'Lucía Asesora', is_agent: true, ...phone }).where('cuid', '=', agent.cuid).execute();
  await database.db.updateTable('clients').set({ nickname: 'Pedro Director', phone_number: '3398765432', phone_country_code: '+52', is_phone_verified: false }).where('cuid', '=', admin.cuid).execute();
  await database.db.updateTable('clients').set({ nickname: 'Dueño Particular', ...phone }).where('cuid', '=', owner.cuid).execute();
  anonymousCuid = (await createTestClientSession(database, { anonymous: true })).cuid;
  const t = agencyTables(database);
  const agency = await t.insertInto('agencies').values({ auid: 'a_bosque', name: 'Casas del Bosque', kind: 'agency', admin_cuid: admin.cuid, color_primary: '#ffeb3b', color_secondary: null, logo_name: 'agencies/a_bosque/logo.webp' } as never)
    .returning('auid').executeTakeFirstOrThrow();
  await t.insertInto('agency_agents').values({ agent_uid: 'ag_lucia', auid: agency.auid, cuid: agent.cuid, status: 'approved' } as never).execute();
  const rows = await insertTestProperties(database, [
    { lat: 20.675, lng: -103.39, owner_cuid: owner.cuid, title: 'Casa con jardín en Chapalita', rooms: 3, images: JSON.stringify([{ name: 'uno', order: 0 }]) },
    { lat: 20.676, lng: -103.391, owner_cuid: owner.cuid, is_active: false },
  ]);
  [live, inactive] = [rows[0]!, rows[1]!];
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a7' } }).webp().toBuffer();
  await storage.put(`properties/${live.puid}/uno.webp`, photo, { contentType: 'image/webp' });
  const logo = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 20, g: 90, b: 40, alpha: 1 } } }).webp().toBuffer();
  await storage.put('agencies/a_bosque/logo.webp', logo, { contentType: 'image/webp' });
});
afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sheet = (puid: string, cuid: string) => getPropertySheet({ database, config, puid, cuid });
const notFound = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(AppError);
  expect(e).toMatchObject({ code: 'NOT_FOUND', msg: PROPERTY_SHEET_NOT_FOUND });
};

describe('getPropertySheet (issue 16)', () => {
  it('an approved agent brands the sheet with the agency: name, logo, colours by the brightness rule, verified phone', async () => {
    const s = await sheet(live.puid, agent.cuid);
    expect(s.property.uid).toBe(live.puid);
    expect(s.sharer).toEqual({
      kind: 'branded', name: 'Lucía Asesora', photo: null, phone: '+52 33 1234 5678', phone_e164: '+523312345678', role: 'agent',
      agency: { name: 'Casas del Bosque', logo: '/media/agencies/a_bosque/logo.webp' },
      // #ffeb3b is bright (> 180): black text; no secondary → the primary.
      colors: { primary: '#ffeb3b', onPrimary: '#000000', secondary: '#ffeb3b', onSecondary: '#000000' },
    });
  });
  it("the agency's administrator brands it too; an unverified phone is never shown", async () => {
    const s = await sheet(live.puid, admin.cuid);
    expect(s.sharer).toMatchObject({ kind: 'branded', name: 'Pedro Director', role: 'admin', phone: null, phone_e164: null });
    expect(JSON.stringify(s)).not.toContain('3398765432');
  });
  it('any other client gets a neutral sheet with the public name only (no phone, no e-mail)', async () => {
    const s = await sheet(live.puid, owner.cuid);
    expect(s.sharer).toEqual({ kind: 'neutral', name: 'Dueño Particular' });
    const all = JSON.stringify(s);
    expect(all).not.toContain('3312345678');
    expect(all).not.toContain('dueno.ficha@example.com');
  });
  it("an agent without an agency: branded in the product's colour with white text", () => {
    const s = presentSharer({ nickname: 'Sola', profile_photo_name: 'profiles/c_x/p.webp', is_agent: true, is_phone_verified: false, phone_number: null, phone_country_code: null }, undefined);
    expect(s).toMatchObject({ kind: 'branded', agency: null, photo: '/media/profiles/c_x/p.webp', colors: { primary: PRODUCT_BRAND_COLOR, onPrimary: '#ffffff' } });
  });
  it('404 for an inactive or unknown listing, an unknown or anonymous sharer, and malformed ids', async () => {
    await notFound(sheet(inactive.puid, agent.cuid));
    await notFound(sheet('p_noexiste', agent.cuid));
    await notFound(sheet(live.puid, 'c_noexiste'));
    await notFound(sheet(live.puid, anonymousCuid));
    await notFound(sheet(`${live.puid}\u0000`, agent.cuid));
    await notFound(sheet(live.puid, 'x'.repeat(500)));
  });
  it('the version changes with the sharer', async () => {
    expect((await sheet(live.puid, agent.cuid)).version).not.toBe((await sheet(live.puid, owner.cuid)).version);
  });
});

/** Every string a page draws (pdf-lib writes Helvetica text as hex WinAnsi in compressed content streams). */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string; images: number }> {
  const doc = await PDFDocument.load(bytes);
  let text = '';
  let images = 0;
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) text += `${Buffer.from(m[1]!, 'hex').toString('latin1')} `;
      images += [...ops.matchAll(/\/Image\S* Do/g)].length;
    }
  }
  return { pages: doc.getPageCount(), text, images };
}

describe('renderPropertySheetPdf (issue 16)', () => {
  const content = (over: Partial<PropertySheetPdfContent> = {}): PropertySheetPdfContent => ({
    title: 'Casa con jardín en Chapalita', place: 'Chapalita, Guadalajara', code: 'NJ-1A2B3C', prices: ['En renta: MXN $25,000/mes'],
    facts: [{ label: 'Recámaras', value: '3' }, { label: 'Construcción', value: '180 m²' }], amenities: ['Jardín', 'Alberca'],
    description: 'Amplia casa, cerca del parque. ¿Buscas tranquilidad? ¡Aquí está! 🏡', listingUrl: 'https://nj.example/propiedades/casa-chapalita',
    sharer: presentSharer({ nickname: 'Lucía Asesora', profile_photo_name: null, is_agent: true, is_phone_verified: true, phone_number: '3312345678', phone_country_code: '+52' },
      { name: 'Casas del Bosque', logo_name: 'agencies/a_bosque/logo.webp', color_primary: '#1b5e20', color_secondary: null, role: 'agent' }),
    photos: [`/media/properties/${live.puid}/uno.webp`, '/media/properties/nada/falta.webp'],
    point: { lat: 20.675, lng: -103.39 },
    ...over,
  });

  it('one A4 page with the Spanish text (accents, ñ, ¿¡, m²), the sharer, the photo, map, logo and QR', async () => {
    const { pages, text, images } = await pdfText(await renderPropertySheetPdf({ storage }, content()));
    expect(pages).toBe(1);
    for (const s of ['Casa con jardín en Chapalita', 'En renta: MXN $25,000/mes', 'Casas del Bosque', 'Teléfono: +52 33 1234 5678', '180 m²', '¿Buscas tranquilidad?', M.qrCaption, 'NJ-1A2B3C']) {
      expect(text).toContain(s);
    }
    // The photo, the logo, the map and the QR code (the missing photo is skipped).
    expect(images).toBe(4);
  });
  it('a neutral sheet shows only the name; a long description runs onto a second page', async () => {
    const bytes = await renderPropertySheetPdf({ storage }, content({ sharer: { kind: 'neutral', name: 'Dueño Particular' }, description: 'Texto largo de la descripción. '.repeat(80), photos: [] }));
    const { pages, text } = await pdfText(bytes);
    expect(text).toContain(`${M.sharedBy}: Dueño Particular`);
    expect(text).not.toContain(M.phone);
    expect(pages).toBeGreaterThanOrEqual(1);
    const longer = await pdfText(await renderPropertySheetPdf({ storage }, content({ description: 'Texto largo de la descripción. '.repeat(80) })));
    expect(longer.pages).toBe(2);
  });
});
