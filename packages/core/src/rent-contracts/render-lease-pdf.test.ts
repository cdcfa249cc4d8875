import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LEASE_TEMPLATE as T } from '@nj/contracts';
import { composeLease, renderLeasePdf, type LeaseData } from './render-lease-pdf.ts';
import { extractPdfText } from './testing/extract-pdf-text.ts';

const base: LeaseData = {
  ruid: 'r0123', ownerName: 'Ana Ruiz Gómez', renterName: 'Lucía Peña Ortiz', secondRenterName: null, guarantor: null,
  address: 'Av. Juárez #100, col. Centro, Guadalajara, Jalisco, C.P. 44100', folio: null,
  priceCents: 1_250_050, maintenanceCents: 0, depositMonths: 1, firstDay: '2027-01-15', lastDay: '2028-01-14',
  plan: 'basic', neoFeeCents: 175_000, inventory: null, inventoryUrl: 'https://nj.example/my-rent-inventory/r0123',
};
const text = (data: LeaseData) => composeLease(data).map((b) => b.text).join('\n');

describe('the lease PDF (issue 13; our template LEASE_TEMPLATE)', () => {
  it('names the parties, amounts in pesos, deposit in months, term and plan, and draws them into the PDF', async () => {
    const pdf = await renderLeasePdf(base, new Date('2026-11-27T00:00:00Z'));
    const drawn = (await extractPdfText(pdf)).replace(/\n/g, ' ');
    for (const words of ['EL ARRENDADOR: Ana Ruiz Gómez.', 'EL ARRENDATARIO: Lucía Peña Ortiz.', 'Av. Juárez #100', '$12,500.50 MXN', T.noMaintenance, '1 mes de renta ($12,500.50 MXN)', 'del 15 de enero de 2027 al 14 de enero de 2028', 'Plan contratado: básico.', T.noGuarantorClause, T.annexPending(base.inventoryUrl)]) {
      expect(drawn.replace(T.noMaintenance, 'no tiene cuota')).toContain(words.replace(T.noMaintenance, 'no tiene cuota'));
    }
    // The same data and time give the same bytes (the SHA-256 identifies the draft); other terms another hash.
    const again = await renderLeasePdf(base, new Date('2026-11-27T00:00:00Z'));
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(again)).toBe(sha(pdf));
    expect(sha(await renderLeasePdf({ ...base, priceCents: 1_300_000 }, new Date('2026-11-27T00:00:00Z')))).not.toBe(sha(pdf));
  });

  it('writes the guarantor clauses by type: aval with the guarantee property, obligado, nowo bond; a joint rent\'s second renter; neo with its fee', () => {
    const aval = text({ ...base, guarantor: { type: 'aval', name: 'Ramón Núñez', guaranteeAddress: 'Calle Olmo 5, Colima' } });
    expect(aval).toContain('EL FIADOR (aval con inmueble en garantía): Ramón Núñez.');
    expect(aval).toContain(`${T.avalClause}Calle Olmo 5, Colima.`);
    expect(aval).toContain('Fiador: Ramón Núñez');
    const obligado = text({ ...base, guarantor: { type: 'obligado', name: 'Ramón Núñez' } });
    expect(obligado).toContain(T.obligadoClause);
    expect(obligado).not.toContain(T.avalClause);
    const nowo = text({ ...base, guarantor: { type: 'nowo', insurer: 'apollo', reference: 'POL-77' } });
    expect(nowo).toContain('póliza de fianza de arrendamiento emitida por apollo, referencia POL-77');
    expect(nowo).toContain(T.nowoClause);
    expect(nowo).not.toContain('Fiador:');
    const joint = text({ ...base, secondRenterName: 'Pablo Soto', plan: 'neo', maintenanceCents: 80_000, depositMonths: 0, folio: '12345' });
    expect(joint).toContain('EL SEGUNDO ARRENDATARIO (renta conjunta, obligado en los mismos términos): Pablo Soto.');
    expect(joint).toContain('Plan contratado: neo, que incluye el acuerdo legal de protección por $1,750.00 MXN.');
    expect(joint).toContain('Cuota de mantenimiento mensual: $800.00 MXN');
    expect(joint).toContain(T.noDeposit);
    expect(joint).toContain('Folio real: 12345.');
  });

  it('puts the move-in inventory in the annex when it exists', () => {
    const annex = text({ ...base, inventory: [{ room: 'Cocina', notes: ['Estufa de 4 quemadores, funciona', 'Azulejo roto junto al fregadero'] }] });
    expect(annex).toContain('Cocina:');
    expect(annex).toContain('  - Azulejo roto junto al fregadero');
    expect(annex).not.toContain(base.inventoryUrl);
  });
});
