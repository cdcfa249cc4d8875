import { expect, type Page } from '@playwright/test';
import { csrfOf, signUpThroughApi } from './sign-up.ts';
import { mexicoDay } from './screens.ts';

/** What `acceptedRent` leaves behind: the rent, its listing and the two parties' e-mails. */
export type AcceptedRent = { ruid: string; puid: string; ownerEmail: string; renterEmail: string };

/** A flat for rent in Mérida at longitude `lng` (away from the areas other stories search), `price` MXN a month. */
function flatInMerida(lng: number, price: number) {
  return {
    operation: 'renta', property_type: 'apartment',
    location: { street: 'Calle 60', number_ext: '412', neighborhood: 'Centro', municipality: 'Mérida', city: 'Mérida', state: 'yucatan', zip: '97000', lat: 20.9707, lng },
    rooms: 2, bathrooms: 1, parking_spots: 1, construction_area: 80, land: { area: 80, unit: 'm2' }, construction_year: 'first_use',
    rents: { price, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
    description: 'Departamento de dos recámaras a unas cuadras de la Plaza Grande de Mérida, con cocina integral y estacionamiento.',
  };
}

/**
 * Brings two browsers to an accepted proposal through the API, as issue 13's stories start (spec 03 §4: the owner's
 * 'accept' moves the rent to on_accepted_offer): `ownerPage` signs up and publishes a flat, `renterPage` signs up,
 * contacts it, proposes one year from day +10 (Mexico City) on the basic plan with one month of deposit and sends it;
 * the owner accepts. Both pages stay signed in as their person.
 *
 * @param tag makes the e-mails unique and readable (e.g. 'contrato')
 * @param lng the listing's longitude near -89.62 (keep stories apart)
 */
export async function acceptedRent(ownerPage: Page, renterPage: Page, tag: string, lng = -89.621): Promise<AcceptedRent> {
  const stamp = Date.now();
  const ownerEmail = `duena.${tag}.${stamp}@example.mx`;
  const renterEmail = `inquilino.${tag}.${stamp}@example.mx`;
  await signUpThroughApi(ownerPage, ownerEmail, `Dueña ${tag}`);
  const ownerCsrf = await csrfOf(ownerPage);
  const published = await ownerPage.request.post('/api/v1/property', { data: { data: flatInMerida(lng, 14000) }, headers: { 'X-CSRF-TOKEN': ownerCsrf } });
  expect(published.ok(), await published.text()).toBeTruthy();
  const puid = ((await published.json()).data as { uid: string }).uid;

  await signUpThroughApi(renterPage, renterEmail, `Inquilino ${tag}`);
  const csrf = await csrfOf(renterPage);
  const post = (url: string, data: unknown) => renterPage.request.post(url, { data, headers: { 'X-CSRF-TOKEN': csrf } });
  const put = (url: string, data: unknown) => renterPage.request.put(url, { data, headers: { 'X-CSRF-TOKEN': csrf } });
  const contacted = await post('/api/v1/rents', { puid, text: 'Hola, me interesa rentar el departamento' });
  expect(contacted.ok(), await contacted.text()).toBeTruthy();
  const { ruid } = (await contacted.json()).data as { ruid: string };
  expect((await post('/api/v1/rents/offer', { ruid })).ok()).toBeTruthy();
  const configured = await put(`/api/v1/rents/${ruid}`, {
    batch: [{ key: 'first_day', value: mexicoDay(10) }, { key: 'last_day', value: mexicoDay(10 + 364) }, { key: 'warranty_deposit', value: '1' }],
  });
  expect(configured.ok(), await configured.text()).toBeTruthy();
  expect((await put(`/api/v1/rents/${ruid}/plan`, { plan: 'basic' })).ok()).toBeTruthy();
  const sent = await post('/api/v1/rents/send', { ruid, data_declared_true: true, terms_accepted: true });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  const accepted = await ownerPage.request.post('/api/v1/rents/review', { data: { ruid, decision: 'accept' }, headers: { 'X-CSRF-TOKEN': ownerCsrf } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return { ruid, puid, ownerEmail, renterEmail };
}
