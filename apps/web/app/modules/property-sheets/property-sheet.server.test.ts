import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { openTestDatabase, type Database } from '@nj/db';
import type { AppServices } from '@nj/core/app-services';
import { createTestClientWithEmail } from '@nj/core/likes/testing/registered-session';
import { createLocalMediaStorage } from '@nj/core/media/storage/local-media-storage';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { loadPropertySheet, propertySheetPdfResponse } from './property-sheet.server.ts';

// Issue 16: the loaders of /ficha/{puid}/{cuid} and /ficha/pdf/{puid}/{cuid} — branding, what of the sharer reaches
// the page, the 404s, the canonical URL and the PDF read back.
let database: Database;
let services: AppServices;
let dir: string;
let agent: { cuid: string }, owner: { cuid: string };
let live: { puid: string; slug: string }, inactive: { puid: string };

beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'nj-sheet-web-'));
  agent = await createTestClientWithEmail(database, 'agente.web.ficha@example.com');
  owner = await createTestClientWithEmail(database, 'propietaria.web.ficha@example.com');
  const phone = { phone_number: '3311112222', phone_country_code: '+52', is_phone_verified: true };
  await database.db.updateTable('clients').set({ nickname: 'Ana Agente', is_agent: true, ...phone }).where('cuid', '=', agent.cuid).execute();
  await database.db.updateTable('clients').set({ nickname: 'Olga Propietaria', ...phone, phone_number: '3333334444' }).where('cuid', '=', owner.cuid).execute();
  const rows = await insertTestProperties(database, [
    { lat: 20.68, lng: -103.4, owner_cuid: owner.cuid, title: 'Departamento luminoso en Providencia', rooms: 2, bathrooms: 1, construction_area: 85, rent_price: 18_500, amenities: ['pool'] as never },
    { lat: 20.681, lng: -103.401, owner_cuid: owner.cuid, is_active: false },
  ]);
  [live, inactive] = [rows[0]!, rows[1]!];
  services = {
    database,
    storage: createLocalMediaStorage({ root: dir }),
    config: { publicUrl: 'https://nj.example', exchangeRates: { usd: 18.5, eur: 20 } },
  } as unknown as AppServices;
});
afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error && typeof error === 'object' && 'init' in error) return (error as { init: { status: number } }).init.status;
    throw error;
  }
}

describe('/ficha/{puid}/{cuid} (issue 16)', () => {
  it("an agent's sheet is branded with their verified phone; the QR and the canonical point at the listing", async () => {
    const page = await loadPropertySheet(services, live.puid, agent.cuid);
    expect(page.content.sharer).toMatchObject({ kind: 'branded', name: 'Ana Agente', phone: '+52 33 1111 2222', agency: null });
    expect(page.content.title).toBe('Departamento luminoso en Providencia');
    expect(page.content.prices).toEqual(['En renta: MXN $18,500/mes']);
    expect(page.content.facts).toEqual(expect.arrayContaining([{ label: 'Recámaras', value: '2' }, { label: 'Construcción', value: '85 m²' }]));
    expect(page.content.amenities).toEqual(['Alberca']);
    expect(page.content.listingUrl).toBe(`https://nj.example/propiedades/${live.slug}`);
    expect(page.slug).toBe(live.slug);
    expect(page.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    expect(page.pdfPath).toBe(`/ficha/pdf/${live.puid}/${agent.cuid}`);
  });
  it("an owner who is not an agent gets a neutral sheet: their name only, never their phone or e-mail, nor the owner's", async () => {
    const page = await loadPropertySheet(services, live.puid, owner.cuid);
    expect(page.content.sharer).toEqual({ kind: 'neutral', name: 'Olga Propietaria' });
    const all = JSON.stringify(page);
    for (const secret of ['3333334444', 'propietaria.web.ficha@example.com', '3311112222']) expect(all).not.toContain(secret);
  });
  it('404 for an inactive or unknown listing and an unknown sharer', async () => {
    expect(await status(loadPropertySheet(services, inactive.puid, agent.cuid))).toBe(404);
    expect(await status(loadPropertySheet(services, 'p_nada', agent.cuid))).toBe(404);
    expect(await status(loadPropertySheet(services, live.puid, 'c_nadie'))).toBe(404);
    const pdf = await propertySheetPdfResponse(services, inactive.puid, agent.cuid);
    expect(pdf.status).toBe(404);
    expect(await pdf.text()).toBe('No encontramos esta ficha');
  });
});

describe('/ficha/pdf/{puid}/{cuid} (issue 16)', () => {
  it('answers an inline PDF named by the code, with the title and the price in it', async () => {
    const res = await propertySheetPdfResponse(services, live.puid, agent.cuid);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="ficha-NJ-[0-9A-F]+\.pdf"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const contents = doc.getPages()[0]!.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    let text = '';
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) text += `${Buffer.from(m[1]!, 'hex').toString('latin1')} `;
    }
    expect(text).toContain('Departamento luminoso en Providencia');
    expect(text).toContain('En renta: MXN $18,500/mes');
    expect(text).toContain('+52 33 1111 2222');
    // Served again from the per-process cache: the same bytes.
    const again = new Uint8Array(await (await propertySheetPdfResponse(services, live.puid, agent.cuid)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });
});
