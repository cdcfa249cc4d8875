import { describe, expect, it } from 'vitest';
import { RENT_STEP_LABELS } from '@nj/contracts';
import { RENT_ACTIONS, RENT_ROLES, RENT_STEPS, nextStep, stepLabel, stepsAllowing } from './rent-steps.ts';

/**
 * Every step × every action × every role against the list below, written independently of TRANSITIONS: a triple
 * not listed must be refused (null).
 */
const ALLOWED: Record<string, string> = {
  'hello contact renter': 'hello',
  'appt_requested contact renter': 'appt_requested',
  'appt_confirmation_requested contact renter': 'appt_confirmation_requested',
  'appt_assist contact renter': 'appt_assist',
  'renter_discard contact renter': 'hello',
  'property_invalid contact renter': 'hello',
  'hello request_appt renter': 'appt_requested',
  'appt_requested propose_times owner': 'appt_confirmation_requested',
  'appt_confirmation_requested propose_times owner': 'appt_confirmation_requested',
  'appt_confirmation_requested confirm_appt renter': 'appt_assist',
};
for (const step of ['appt_requested', 'appt_confirmation_requested', 'appt_assist']) {
  for (const role of ['renter', 'owner']) ALLOWED[`${step} cancel_appt ${role}`] = 'hello';
}
for (const step of ['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist', 'client_offer_in_process', 'on_offer', 'on_accepted_offer', 'on_contract_sign']) {
  ALLOWED[`${step} discard_owner owner`] = 'owner_discard';
  ALLOWED[`${step} discard_renter renter`] = 'renter_discard';
}
// The offer and contract steps (issues 12 and 13).
for (const step of ['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist']) {
  ALLOWED[`${step} start_offer renter`] = 'client_offer_in_process';
}
for (const step of ['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist', 'client_offer_in_process', 'on_offer']) {
  ALLOWED[`${step} invalidate owner`] = 'property_invalid';
}
Object.assign(ALLOWED, {
  'client_offer_in_process edit_offer renter': 'client_offer_in_process',
  'client_offer_in_process send_offer renter': 'on_offer',
  'on_offer withdraw_offer renter': 'client_offer_in_process',
  'on_offer accept_offer owner': 'on_accepted_offer',
  'on_accepted_offer start_contract renter': 'on_contract_sign',
  'on_accepted_offer start_contract owner': 'on_contract_sign',
  'on_contract_sign all_signed renter': 'on_rent',
  'on_contract_sign all_signed owner': 'on_rent',
});
for (const step of ['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist', 'client_offer_in_process', 'on_offer', 'on_accepted_offer', 'on_contract_sign', 'on_rent']) {
  for (const role of ['renter', 'owner']) ALLOWED[`${step} send_message ${role}`] = step;
}

describe('rent transition table (spec 03 §4, issues 11–13)', () => {
  const triples = RENT_STEPS.flatMap((step) => RENT_ACTIONS.flatMap((action) => RENT_ROLES.map((role) => [step, action, role] as const)));

  it.each(triples)('%s × %s × %s', (step, action, role) => {
    expect(nextStep(step, action, role)).toBe(ALLOWED[`${step} ${action} ${role}`] ?? null);
  });

  it('covers all 12 steps × 16 actions × 2 roles and every allowed triple is reachable', () => {
    expect(triples).toHaveLength(12 * 16 * 2);
    for (const key of Object.keys(ALLOWED)) {
      const [step, action, role] = key.split(' ');
      expect(triples.some(([s, a, r]) => s === step && a === action && r === role), key).toBe(true);
    }
  });

  it('stepsAllowing reads the table', () => {
    expect(stepsAllowing('invalidate', 'owner')).toEqual(['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist', 'client_offer_in_process', 'on_offer']);
    expect(stepsAllowing('accept_offer', 'renter')).toEqual([]);
  });

  it('refuses unknown steps and labels them empty', () => {
    expect(nextStep('nonsense', 'send_message', 'renter')).toBeNull();
    expect(stepLabel('nonsense')).toEqual({ label: '', shortLabel: '', color: 'gray' });
  });

  it('labels every step with the spec\'s names and a colour', () => {
    expect(Object.keys(RENT_STEP_LABELS).sort()).toEqual([...RENT_STEPS].sort());
    expect(stepLabel('hello').label).toBe('Contactada');
    expect(stepLabel('owner_discard').label).toBe('Descartada');
    for (const step of RENT_STEPS) expect(stepLabel(step).color).not.toBe('');
  });
});
