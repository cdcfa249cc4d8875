import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES as M, RENTS_MESSAGES, ZContractState } from '@nj/contracts';
import { createTestClientSession, createTestClientWithEmail } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { extractPdfText } from '@nj/core/rent-contracts/testing/extract-pdf-text';
import type { Database } from '@nj/db';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs, type TestCaller } from '../../testing/call-as.ts';

const t = useTestApp();

/** An accepted offer (on_accepted_offer) with people whose names and e-mails the lease names; an obligado guarantor. */
async function acceptedRent(database: Database, lng: number) {
  const tag = randomBytes(4).toString('hex');
  const owner = await createTestClientWithEmail(database, `duena-${tag}@example.com`);
  const renter = await createTestClientWithEmail(database, `inquilino-${tag}@example.com`);
  const aval = await createTestClientWithEmail(database, `obligado-${tag}@example.com`);
  const stranger = await createTestClientSession(database);
  const [{ puid }] = await insertTestProperties(database, [{ lat: 18.35, lng, owner_cuid: owner.cuid, rent_price: 15000 }]) as unknown as [{ puid: string }];
  const ruid = `r${randomBytes(8).toString('hex')}`;
  await database.db.insertInto('rents').values({
    ruid, puid, renter_cuid: renter.cuid, owner_cuid: owner.cuid, step: 'on_accepted_offer', price: 15000, maintenance_fee: 800,
    warranty_deposit: 2, plan: 'neo', rent_type: 'solo', first_day: '2027-03-01', last_day: '2028-02-29',
  } as never).execute();
  await database.db.insertInto('rent_persons').values({ ruid, role: 'renter', cuid: renter.cuid, first_name: 'Lucía', first_last_name: 'Peña', other_last_names: 'Ortiz' } as never).execute();
  await database.db.insertInto('rent_persons').values({ ruid, role: 'aval', cuid: aval.cuid, first_name: 'Ramón', first_last_name: 'Núñez' } as never).execute();
  await database.db.insertInto('rent_invitations').values({ iuid: `iv${tag}`, ruid, role: 'aval', atype: 'obligado', email: `obligado-${tag}@example.com`, cuid: aval.cuid, status: 'accepted', is_approved: true } as never).execute();
  return { owner, renter, aval, stranger, ruid };
}

describe('the lease contract and its e-signature (issue 13; spec 03 §7; sandbox provider)', () => {
  it('generates the lease from the accepted offer, lets only its parties read it, and every party signs in the sandbox → on_rent', async () => {
    const { app, database } = t;
    const { owner, renter, aval, stranger, ruid } = await acceptedRent(database, -114.71);
    const state = async (who: TestCaller) => callAs(app, who, 'GET', `/api/v1/rents/${ruid}/contract`);
    const stepOf = async () => (await database.db.selectFrom('rents').select('step').where('ruid', '=', ruid).executeTakeFirstOrThrow()).step;

    // Nobody but the parties: 404 for a stranger, 401 for a visitor; bad input is a Spanish 400, never a 500.
    expect((await callAs(app, stranger, 'POST', '/api/v1/rents/contract', { ruid })).statusCode).toBe(404);
    expect((await callAs(app, null, 'POST', '/api/v1/rents/contract', { ruid })).statusCode).toBe(401);
    for (const body of [{}, { ruid: 7 }, { ruid: '' }, 'x']) {
      const bad = await callAs(app, renter, 'POST', '/api/v1/rents/contract', body);
      expect([400, 415]).toContain(bad.statusCode);
      expect(bad.json().msg).toMatch(/[a-záéíóú]/i);
    }
    expect((await state(stranger)).statusCode).toBe(404);
    expect((await callAs(app, stranger, 'GET', `/api/v1/rents/${ruid}/contract/pdf`)).statusCode).toBe(404);
    // Before generating: nothing to download or sign.
    expect((await callAs(app, renter, 'GET', `/api/v1/rents/${ruid}/contract/pdf`)).json().msg).toBe(M.notGenerated);
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/sign', { ruid })).statusCode).toBe(409);

    // The owner generates: on_contract_sign, a hash of the stored bytes, the system message.
    const generated = await callAs(app, owner, 'POST', '/api/v1/rents/contract', { ruid });
    expect(generated.statusCode).toBe(200);
    const first = ZContractState.parse(generated.json().data);
    expect(first).toMatchObject({ step: 'on_contract_sign', generated: true, can_generate: true, submission_created: false });
    expect(first.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    const draft = await callAs(app, aval, 'GET', `/api/v1/rents/${ruid}/contract/pdf`);
    expect(draft.statusCode).toBe(200);
    expect(draft.headers['content-type']).toBe('application/pdf');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(draft.rawPayload).digest('hex')).toBe(first.pdf_sha256);
    const text = await extractPdfText(draft.rawPayload);
    for (const words of ['Lucía Peña Ortiz', 'OBLIGADO SOLIDARIO: Ramón Núñez', '$15,000.00 MXN', '$800.00 MXN', '2 meses de renta ($30,000.00 MXN)', 'del 1 de marzo de 2027 al 29 de febrero de 2028', 'neo', '$1,750.00 MXN', 'renunciando a los beneficios de orden', `/my-rent-inventory/${ruid}`]) {
      expect(text.replace(/\n/g, ' ')).toContain(words);
    }
    const messages = (await callAs(app, renter, 'GET', `/api/v1/messages/${ruid}`)).json().data.messages as { cat: string; text: string }[];
    expect(messages.at(-1)).toMatchObject({ cat: 'system', text: M.systemGenerated });
    // Generating again before any signature: allowed (same terms, a new time → a new hash).
    const again = ZContractState.parse((await callAs(app, renter, 'POST', '/api/v1/rents/contract', { ruid })).json().data);
    expect(again.generated_at).not.toBe(first.generated_at);

    // Links: one e-mail per party, each with their own sandbox signing page.
    const sent = await callAs(app, renter, 'POST', '/api/v1/rents/send-link-to-sign', { ruid });
    expect(sent.statusCode).toBe(200);
    const withLinks = ZContractState.parse(sent.json().data);
    expect(withLinks.signers.map((s) => s.role)).toEqual(['renter', 'aval', 'owner']);
    expect(withLinks).toMatchObject({ provider: 'sandbox', submission_created: true });
    const outbox = await database.db.selectFrom("outbox").select(["to", "links"]).where("subject", "=", M.emailSubject).execute() as unknown as { to: string; links: string[] }[];
    expect(outbox.filter((m) => withLinks.signers.some((s) => m.links.some((l) => l.includes("/firma/")))).length).toBe(3);

    // Each party asks for their link and signs by typing their name; a wrong name or no acceptance is refused.
    const signAs = async (who: TestCaller, fullName: string) => {
      const mine = ZContractState.parse((await callAs(app, who, 'POST', '/api/v1/rents/sign', { ruid })).json().data);
      const slug = mine.my_signing_url!.split('/firma/')[1]!;
      const page = await callAs(app, null, 'GET', `/api/v1/esign/sandbox/${slug}`);
      expect(page.statusCode).toBe(200);
      expect((await callAs(app, null, 'POST', `/api/v1/esign/sandbox/${slug}`, { full_name: 'Otra Persona', accept: true })).json().msg).toBe(M.signNameMismatch);
      expect((await callAs(app, null, 'POST', `/api/v1/esign/sandbox/${slug}`, { full_name: fullName, accept: false })).json().msg).toBe(M.signMustAccept);
      const signed = await callAs(app, null, 'POST', `/api/v1/esign/sandbox/${slug}`, { full_name: fullName, accept: true });
      expect(signed.statusCode).toBe(200);
      expect(signed.json().data.signed).toBe(true);
    };
    await signAs(renter, 'lucia peña ortiz');
    // Once someone signed, the draft is final.
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/contract', { ruid })).json().msg).toBe(M.alreadySigned);
    await signAs(aval, 'Ramón Núñez');
    expect(await stepOf()).toBe('on_contract_sign');
    const ownerName = ZContractState.parse((await state(owner)).json().data).signers.find((s) => s.role === 'owner')!.name;
    await signAs(owner, ownerName);

    // The last signature moved the rent to on_rent; the signed PDF and the audit trail are the parties' only.
    expect(await stepOf()).toBe('on_rent');
    // In the same transaction the payment schedule started (rent-payments' startRentPayments): the first payment is due.
    const { rows: scheduled } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM transactions WHERE ruid = ${ruid}`.execute(database.db);
    expect(scheduled[0]!.n).toBeGreaterThan(0);
    const done = ZContractState.parse((await state(renter)).json().data);
    expect(done.completed_at).not.toBeNull();
    expect(done.signers.every((s) => s.signed_at)).toBe(true);
    const signedPdf = await callAs(app, owner, 'GET', `/api/v1/rents/${ruid}/contract/signed`);
    expect(signedPdf.statusCode).toBe(200);
    expect(await extractPdfText(signedPdf.rawPayload)).toContain('Ramón Núñez');
    expect((await callAs(app, aval, 'GET', `/api/v1/rents/${ruid}/contract/audit`)).statusCode).toBe(200);
    expect((await callAs(app, stranger, 'GET', `/api/v1/rents/${ruid}/contract/signed`)).statusCode).toBe(404);
    // Signing again changes nothing.
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/sign', { ruid })).statusCode).toBe(200);
    expect(await stepOf()).toBe('on_rent');
  });

  it('refuses the contract outside on_accepted_offer, puts the move-in inventory in the annex, and refuses the webhook without the secret', async () => {
    const { app, database } = t;
    const { owner, ruid } = await acceptedRent(database, -114.69);
    await database.db.updateTable('rents').set({ step: 'on_offer' } as never).where('ruid', '=', ruid).execute();
    const wrong = await callAs(app, owner, 'POST', '/api/v1/rents/contract', { ruid });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().msg).toBe(M.wrongStep);
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/send-link-to-sign', { ruid })).json().msg).toBe(M.notSigning);
    // With a move-in inventory, annex A lists its rooms and notes instead of the pointer to the inventory page.
    await sql`INSERT INTO rent_inventories (ruid, phase) VALUES (${ruid}, 'move_in')`.execute(database.db);
    await sql`INSERT INTO rent_inventory_rooms (id, ruid, phase, name, notes, position) VALUES (${`room${ruid}`}, ${ruid}, 'move_in', 'Cocina', 'Estufa de cuatro quemadores', 0)`.execute(database.db);
    await database.db.updateTable('rents').set({ step: 'on_accepted_offer' } as never).where('ruid', '=', ruid).execute();
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/contract', { ruid })).statusCode).toBe(200);
    const annex = (await extractPdfText((await callAs(app, owner, 'GET', `/api/v1/rents/${ruid}/contract/pdf`)).rawPayload)).replace(/\n/g, ' ');
    expect(annex).toContain('Cocina:');
    expect(annex).toContain('- Estufa de cuatro quemadores');
    expect(annex).not.toContain(`/my-rent-inventory/${ruid}`);
    expect((await callAs(app, owner, 'GET', '/api/v1/rents/nada/contract')).json().msg).toBe(RENTS_MESSAGES.rentNotFound);
    const hook = await app.inject({ method: 'POST', url: '/api/v1/esign/docuseal/webhook', payload: { event_type: 'form.completed', data: { submission_id: 1 } } });
    expect(hook.statusCode).toBe(401);
    expect(hook.json().msg).toBe(M.webhookRefused);
    expect((await app.inject({ method: 'POST', url: '/api/v1/esign/docuseal/webhook', payload: 'x' })).statusCode).toBeLessThan(500);
    expect((await callAs(app, null, 'GET', '/api/v1/esign/sandbox/desconocido123')).statusCode).toBe(404);
  });
});
