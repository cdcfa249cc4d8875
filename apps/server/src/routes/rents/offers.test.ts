import { describe, expect, it } from 'vitest';
import { OFFER_MESSAGES as M, RENTS_MESSAGES, ZContactResult, ZOfferOverview } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp();

/** 'YYYY-MM-DD' of today in Mexico City plus `days`. */
function day(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('the tenant\'s proposal (issue 12; spec 03 §4 Tenant flow, §5, §7 rent process)', () => {
  it('starts, edits its terms with Spanish refusals, chooses a plan, is sent with both checkboxes, and is then read-only; the owner sees it only once sent', async () => {
    const { app, database } = t;
    const owner = await createTestClientSession(database);
    const renter = await createTestClientSession(database);
    const stranger = await createTestClientSession(database);
    // Fixtures near Isla Clarión's north shore, away from other files' listings.
    const [{ puid }] = await insertTestProperties(database, [
      { lat: 18.37, lng: -114.74, owner_cuid: owner.cuid, rent_price: 17900, monthly_maintenance_fee: 1200 },
    ]) as unknown as [{ puid: string }];
    const contacted = await callAs(app, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola, me interesa rentarla' });
    const { ruid } = ZContactResult.parse(contacted.json().data);
    const overview = async (who: { token: string }) => callAs(app, who, 'GET', `/api/v1/rents/offer/overview?ruid=${ruid}`);
    const stepOf = async () => (await database.db.selectFrom('rents').select('step').where('ruid', '=', ruid).executeTakeFirstOrThrow()).step;

    // Before starting: editing is refused by the step; the owner cannot start the tenant's proposal.
    expect((await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, { key: 'price', value: 17000 })).statusCode).toBe(409);
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/offer', { ruid })).statusCode).toBe(409);
    expect((await callAs(app, stranger, 'POST', '/api/v1/rents/offer', { ruid })).statusCode).toBe(404);

    const started = await callAs(app, renter, 'POST', '/api/v1/rents/offer', { ruid });
    expect(started.statusCode).toBe(200);
    const first = ZOfferOverview.parse(started.json().data);
    expect(first).toMatchObject({
      step: 'client_offer_in_process', stepLabel: 'Oferta en proceso', price: 17900, maintenance_fee: 1200, warranty_deposit: 1,
      deposit_amount: 19100, plan: null, neo_fee: 0, rent_type: 'solo', editable: true,
      missing: { first_day: M.missingFields.first_day, last_day: M.missingFields.last_day, plan: M.missingFields.plan },
    });
    const messages = (await callAs(app, owner, 'GET', `/api/v1/messages/${ruid}`)).json().data.messages as { cat: string; text: string }[];
    expect(messages.at(-1)).toMatchObject({ cat: 'system', text: M.systemStarted });
    // The owner reads nothing of it yet; a stranger learns nothing.
    expect((await overview(owner)).statusCode).toBe(403);
    expect((await overview(owner)).json().msg).toBe(M.notYetSent);
    expect((await overview(stranger)).statusCode).toBe(404);

    // One field: digits with separators; 'Campo actualizado con éxito' and the refreshed data.
    const price = await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, { key: 'price', value: '16,500' });
    expect(price.statusCode).toBe(200);
    expect(price.json().msg).toBe('Campo actualizado con éxito');
    expect(price.json().data).toMatchObject({ price: 16500, deposit_amount: 17700 });
    // Refusals say what is wrong and change nothing, even for the valid part of a batch.
    const bad = await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, { batch: [
      { key: 'warranty_deposit', value: 2 }, { key: 'maintenance_fee', value: 20000 }, { key: 'first_day', value: day(-1) }, { key: 'last_day', value: '2030-02-30' },
    ] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toEqual({ maintenance_fee: M.maintenanceInvalid, first_day: M.firstDayPast, last_day: M.dateInvalid });
    expect((await overview(renter)).json().data).toMatchObject({ warranty_deposit: 1, maintenance_fee: 1200, first_day: null });
    for (const [body, msg] of [
      [{ key: 'price', value: 300 }, M.priceInvalid], [{ key: 'warranty_deposit', value: 7 }, M.depositInvalid],
      [{ key: 'rent_type', value: 'trio' }, M.rentTypeInvalid], [{ key: 'first_day', value: day(400) }, M.firstDayPast],
    ] as const) {
      const refused = await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().msg).toBe(msg);
    }
    expect((await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, { key: 'telefono', value: '1' })).statusCode).toBe(400);
    // A batch in order: the first day, then a last day measured from it; an unchanged value just passes.
    const batch = await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, { batch: [
      { key: 'first_day', value: day(10) }, { key: 'last_day', value: day(10 + 20) }, { key: 'price', value: 16500 },
    ] });
    expect(batch.json().data.fields).toEqual({ last_day: M.lastDayBeforeFirst });
    const dates = await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, { batch: [
      { key: 'first_day', value: day(10) }, { key: 'last_day', value: day(10 + 365) }, { key: 'warranty_deposit', value: 2 }, { key: 'rent_type', value: 'joint' },
    ] });
    expect(dates.statusCode).toBe(200);
    expect(dates.json().data).toMatchObject({ first_day: day(10), last_day: day(375), warranty_deposit: 2, deposit_amount: 35400, rent_type: 'joint', missing: { plan: M.missingFields.plan } });

    // Sending needs a plan and both checkboxes, with the spec's three messages.
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/send', { ruid, data_declared_true: true, terms_accepted: true })).json()).toMatchObject({ msg: M.missing, data: { fields: { plan: M.missingFields.plan } } });
    const plan = await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}/plan`, { plan: 'neo' });
    expect(plan.json().data).toMatchObject({ plan: 'neo', neo_fee: 1750, missing: {} });
    expect((await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}/plan`, { plan: 'oro' })).statusCode).toBe(400);
    for (const [declared, accepted, msg] of [[false, false, M.termsAndTruth], [false, true, M.truthOnly], [true, false, M.termsOnly]] as const) {
      const refused = await callAs(app, renter, 'POST', '/api/v1/rents/send', { ruid, data_declared_true: declared, terms_accepted: accepted });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe(msg);
    }
    expect(await stepOf()).toBe('client_offer_in_process');
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/send', { ruid, data_declared_true: true, terms_accepted: true })).statusCode).toBe(409);

    const sent = await callAs(app, renter, 'POST', '/api/v1/rents/send', { ruid, data_declared_true: true, terms_accepted: true });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().msg).toBe('Solicitud enviada con éxito');
    expect(sent.json().data).toMatchObject({ step: 'on_offer', editable: false, missing: {} });
    expect(sent.json().data.sent_at).not.toBeNull();
    // Now the owner reads it; nobody edits it any more.
    const ownerView = await overview(owner);
    expect(ownerView.statusCode).toBe(200);
    expect(ownerView.json().data).toMatchObject({ price: 16500, plan: 'neo', first_day: day(10), editable: false });
    const late = await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, { key: 'price', value: 15000 });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(RENTS_MESSAGES.actionNotAllowed('editar la propuesta', 'Oferta enviada'));
    expect((await overview(renter)).json().data.price).toBe(16500);

    // The owner's 'Solicitud de renta': the proposal and the renter's public profile, no contact data.
    await database.db.updateTable('clients').set({ nickname: 'Inquilina Ana', email: 'ana-privada@example.com' }).where('cuid', '=', renter.cuid).execute();
    const review = await callAs(app, owner, 'GET', `/api/v1/rents/review?ruid=${ruid}`);
    expect(review.statusCode).toBe(200);
    expect(review.json().data).toMatchObject({ offer: { price: 16500, plan: 'neo' }, renter: { nickname: 'Inquilina Ana', rating: { count: 0 } }, investigation: null });
    expect(review.body).not.toContain('ana-privada@example.com');
    expect((await callAs(app, renter, 'GET', `/api/v1/rents/review?ruid=${ruid}`)).statusCode).toBe(200);
    expect((await callAs(app, stranger, 'GET', `/api/v1/rents/review?ruid=${ruid}`)).statusCode).toBe(404);

    // The decision is the owner's; a rejection needs a reason; acceptance moves the rent and tells the renter.
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/review', { ruid, decision: 'accept' })).statusCode).toBe(409);
    const short = await callAs(app, owner, 'POST', '/api/v1/rents/review', { ruid, decision: 'reject', reason: 'No' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe(RENTS_MESSAGES.reasonTooShort);
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/review', { ruid, decision: 'tal vez' })).statusCode).toBe(400);
    expect(await stepOf()).toBe('on_offer');
    const accepted = await callAs(app, owner, 'POST', '/api/v1/rents/review', { ruid, decision: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ msg: M.accepted, data: { step: 'on_accepted_offer', stepLabel: 'Oferta aceptada' } });
    const last = (await callAs(app, renter, 'GET', `/api/v1/messages/${ruid}`)).json().data.messages.at(-1);
    expect(last).toMatchObject({ cat: 'system', text: M.systemAccepted });
    expect((await callAs(app, owner, 'POST', '/api/v1/rents/review', { ruid, decision: 'accept' })).statusCode).toBe(409);
  });

  it('an owner who rejects a sent proposal gives a reason and the conversation ends as discarded', async () => {
    const { app, database } = t;
    const owner = await createTestClientSession(database);
    const renter = await createTestClientSession(database);
    const [{ puid }] = await insertTestProperties(database, [{ lat: 18.36, lng: -114.71, owner_cuid: owner.cuid, rent_price: 9000 }]) as unknown as [{ puid: string }];
    const { ruid } = ZContactResult.parse((await callAs(app, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola' })).json().data);
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/offer', { ruid })).statusCode).toBe(200);
    expect((await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}`, { batch: [{ key: 'first_day', value: day(5) }, { key: 'last_day', value: day(5 + 366) }] })).statusCode).toBe(200);
    expect((await callAs(app, renter, 'PUT', `/api/v1/rents/${ruid}/plan`, { plan: 'basic' })).statusCode).toBe(200);
    expect((await callAs(app, renter, 'POST', '/api/v1/rents/send', { ruid, data_declared_true: true, terms_accepted: true })).statusCode).toBe(200);
    const rejected = await callAs(app, owner, 'POST', '/api/v1/rents/review', { ruid, decision: 'reject', reason: 'Ya aceptamos otra propuesta para esas fechas, gracias' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ msg: M.rejected, data: { step: 'owner_discard' } });
    expect((await database.db.selectFrom('rents').select('discard_reason').where('ruid', '=', ruid).executeTakeFirstOrThrow()).discard_reason)
      .toBe('Ya aceptamos otra propuesta para esas fechas, gracias');
  });
});
