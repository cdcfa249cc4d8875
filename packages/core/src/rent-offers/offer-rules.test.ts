import { describe, expect, it } from 'vitest';
import { OFFER_MESSAGES as M } from '@nj/contracts';
import { checkOfferValue, dayNumber, depositAmount, missingOfferFields, neoFee, todayInMexico, type OfferTerms } from './offer-rules.ts';

const terms: OfferTerms = { price: 10000, maintenance_fee: 500, warranty_deposit: 2, plan: null, rent_type: 'solo', first_day: null, last_day: null };
const today = dayNumber('2027-01-31')!;

describe('proposal rules (issue 12; spec 03 §5)', () => {
  it('reads real calendar days only', () => {
    expect(dayNumber('2028-02-29')).not.toBeNull();
    for (const bad of ['2027-02-29', '2027-13-01', '27-01-01', '2027-1-1', '']) expect(dayNumber(bad), bad).toBeNull();
  });

  it('takes money as digits with separators, empty as 0, and refuses anything else', () => {
    expect(checkOfferValue('price', '17,900', terms, today)).toEqual({ ok: true, value: 17900 });
    expect(checkOfferValue('price', '$ 1,000,000', terms, today)).toEqual({ ok: true, value: 1_000_000 });
    expect(checkOfferValue('maintenance_fee', '', terms, today)).toEqual({ ok: true, value: 0 });
    expect(checkOfferValue('maintenance_fee', null, terms, today)).toEqual({ ok: true, value: 0 });
    for (const bad of ['diez mil', '17.5', -1, 12.5, '1000001', 499]) expect(checkOfferValue('price', bad, terms, today), String(bad)).toEqual({ ok: false, msg: M.priceInvalid });
    expect(checkOfferValue('maintenance_fee', 10000, terms, today)).toEqual({ ok: false, msg: M.maintenanceInvalid });
    expect(checkOfferValue('warranty_deposit', 6, terms, today).ok).toBe(true);
    expect(checkOfferValue('warranty_deposit', 7, terms, today)).toEqual({ ok: false, msg: M.depositInvalid });
  });

  it('measures the contract in calendar months from the first day (31 January + 1 month = 28 February)', () => {
    const from = { ...terms, first_day: '2027-01-31' };
    expect(checkOfferValue('first_day', '2027-01-31', terms, today).ok).toBe(true);
    expect(checkOfferValue('first_day', '2027-01-30', terms, today)).toEqual({ ok: false, msg: M.firstDayPast });
    expect(checkOfferValue('first_day', '2028-01-31', terms, today).ok).toBe(true);
    expect(checkOfferValue('first_day', '2028-02-01', terms, today)).toEqual({ ok: false, msg: M.firstDayPast });
    expect(checkOfferValue('last_day', '2027-02-27', from, today)).toEqual({ ok: false, msg: M.lastDayBeforeFirst });
    expect(checkOfferValue('last_day', '2027-02-28', from, today).ok).toBe(true);
    expect(checkOfferValue('last_day', '2032-01-31', from, today).ok).toBe(true);
    expect(checkOfferValue('last_day', '2032-02-01', from, today)).toEqual({ ok: false, msg: M.lastDayTooFar });
  });

  it('lists what is missing, including a last day a later first day made too short', () => {
    expect(missingOfferFields(terms, today)).toEqual({ first_day: M.missingFields.first_day, last_day: M.missingFields.last_day, plan: M.missingFields.plan });
    const ready = { ...terms, plan: 'basic' as const, first_day: '2027-02-01', last_day: '2028-01-31' };
    expect(missingOfferFields(ready, today)).toEqual({});
    expect(missingOfferFields({ ...ready, first_day: '2028-01-15' }, today)).toEqual({ last_day: M.missingFields.last_day });
    expect(missingOfferFields({ ...ready, price: null }, today)).toEqual({ price: M.missingFields.price });
  });

  it('computes the deposit and the neo fee in MXN, and today in Mexico City', () => {
    expect(depositAmount(terms)).toBe(21000);
    expect(depositAmount({ ...terms, price: null })).toBeNull();
    expect([neoFee(terms), neoFee({ ...terms, plan: 'basic' }), neoFee({ ...terms, plan: 'neo' })]).toEqual([0, 0, 1750]);
    // 03:00 UTC on 1 March is still 28 February in Mexico City (UTC−6).
    expect(todayInMexico(new Date('2027-03-01T03:00:00Z'))).toBe(dayNumber('2027-02-28'));
  });
});
