import { RENT_STEP_LABELS } from '@nj/contracts';

/**
 * The rent's state machine (spec 03 §4 'Rent step values'; issue 11 'The rent as a conversation'). The spec lists the
 * steps but not the transitions; these are ours, written down once here and used by every verb that moves a rent:
 *
 * | action          | role   | from                                                              | to                          |
 * |-----------------|--------|-------------------------------------------------------------------|-----------------------------|
 * | contact         | renter | hello, appt_requested, appt_confirmation_requested, appt_assist   | (unchanged)                 |
 * | contact         | renter | renter_discard, property_invalid                                  | hello (reopened)            |
 * | send_message    | both   | every open step (not discarded, not property_invalid)             | (unchanged)                 |
 * | request_appt    | renter | hello                                                             | appt_requested              |
 * | propose_times   | owner  | appt_requested, appt_confirmation_requested                       | appt_confirmation_requested |
 * | confirm_appt    | renter | appt_confirmation_requested                                       | appt_assist                 |
 * | cancel_appt     | both   | appt_requested, appt_confirmation_requested, appt_assist          | hello                       |
 * | start_offer     | renter | hello, appt_requested, appt_confirmation_requested, appt_assist   | client_offer_in_process     |
 * | edit_offer      | renter | client_offer_in_process                                           | (unchanged)                 |
 * | send_offer      | renter | client_offer_in_process                                           | on_offer                    |
 * | withdraw_offer  | renter | on_offer                                                          | client_offer_in_process     |
 * | accept_offer    | owner  | on_offer                                                          | on_accepted_offer           |
 * | start_contract  | both   | on_accepted_offer                                                 | on_contract_sign            |
 * | all_signed      | both   | on_contract_sign                                                  | on_rent                     |
 * | invalidate      | owner  | hello … appt_assist, client_offer_in_process, on_offer            | property_invalid            |
 * | discard_owner   | owner  | hello … appt_assist, client_offer_in_process … on_contract_sign   | owner_discard               |
 * | discard_renter  | renter | hello … appt_assist, client_offer_in_process … on_contract_sign   | renter_discard              |
 *
 * Anything else is refused (RENTS_MESSAGES.actionNotAllowed). An owner's discard is final for the renter (contacting
 * again does not reopen it); the renter's own discard is undone by contacting again. The offer rows (issue 12):
 * only in client_offer_in_process may the tenant edit the proposal and the person fields (spec 03 §4 'Tenant
 * flow', §6); a sent offer may be taken back to change it while the owner has not decided; the owner rejects an
 * offer by discarding with a reason (spec 03 §5: over 26 characters). The contract rows (issue 13): the contract is
 * generated from an accepted offer, and the rent is `on_rent` when the last party has signed (`all_signed` is
 * taken by whoever signs last). Either side may cancel until every party has signed; a rented home is not
 * discarded. `invalidate` is the listing withdrawn by its owner (deactivated or deleted) before an offer was
 * accepted: the conversation ends as 'Propiedad inválida' (terminal for the process: a renter who contacts the
 * listing again once it is active again starts over at hello).
 */

/** Every rent step, in the order of the process (spec 03 §4). */
export const RENT_STEPS = [
  'hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist', 'owner_discard', 'renter_discard',
  'client_offer_in_process', 'on_offer', 'on_accepted_offer', 'on_contract_sign', 'on_rent', 'property_invalid',
] as const;
export type RentStep = (typeof RENT_STEPS)[number];

/** What a side may do to a rent. */
export const RENT_ACTIONS = [
  'contact', 'send_message', 'request_appt', 'propose_times', 'confirm_appt', 'cancel_appt',
  'start_offer', 'edit_offer', 'send_offer', 'withdraw_offer', 'accept_offer', 'start_contract', 'all_signed', 'invalidate',
  'discard_owner', 'discard_renter',
] as const;
export type RentAction = (typeof RENT_ACTIONS)[number];

/** The two sides of a rent: the client who contacted (renter) and the listing's owner or agent (owner). */
export const RENT_ROLES = ['renter', 'owner'] as const;
export type RentRole = (typeof RENT_ROLES)[number];

/** Steps in which the conversation is open: messages and actions are accepted. */
export const OPEN_STEPS: readonly RentStep[] = [
  'hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist',
  'client_offer_in_process', 'on_offer', 'on_accepted_offer', 'on_contract_sign', 'on_rent',
];
/** Steps listed under `only_active` (not discarded, not invalid). */
export const ACTIVE_STEPS = OPEN_STEPS;
const VISIT_STEPS: readonly RentStep[] = ['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist'];
const BEFORE_ACCEPTANCE: readonly RentStep[] = [...VISIT_STEPS, 'client_offer_in_process', 'on_offer'];
const DISCARDABLE: readonly RentStep[] = [...BEFORE_ACCEPTANCE, 'on_accepted_offer', 'on_contract_sign'];

/** One row of the table: `roles` may take `action` from any of `from`; the rent moves to `to` ('same': unchanged). */
export type Transition = { action: RentAction; roles: readonly RentRole[]; from: readonly RentStep[]; to: RentStep | 'same' };

/** The transition table (see the module comment). First matching row wins. */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'contact', roles: ['renter'], from: VISIT_STEPS, to: 'same' },
  { action: 'contact', roles: ['renter'], from: ['renter_discard', 'property_invalid'], to: 'hello' },
  { action: 'send_message', roles: ['renter', 'owner'], from: OPEN_STEPS, to: 'same' },
  { action: 'request_appt', roles: ['renter'], from: ['hello'], to: 'appt_requested' },
  { action: 'propose_times', roles: ['owner'], from: ['appt_requested', 'appt_confirmation_requested'], to: 'appt_confirmation_requested' },
  { action: 'confirm_appt', roles: ['renter'], from: ['appt_confirmation_requested'], to: 'appt_assist' },
  { action: 'cancel_appt', roles: ['renter', 'owner'], from: ['appt_requested', 'appt_confirmation_requested', 'appt_assist'], to: 'hello' },
  { action: 'start_offer', roles: ['renter'], from: VISIT_STEPS, to: 'client_offer_in_process' },
  { action: 'edit_offer', roles: ['renter'], from: ['client_offer_in_process'], to: 'same' },
  { action: 'send_offer', roles: ['renter'], from: ['client_offer_in_process'], to: 'on_offer' },
  { action: 'withdraw_offer', roles: ['renter'], from: ['on_offer'], to: 'client_offer_in_process' },
  { action: 'accept_offer', roles: ['owner'], from: ['on_offer'], to: 'on_accepted_offer' },
  { action: 'start_contract', roles: ['renter', 'owner'], from: ['on_accepted_offer'], to: 'on_contract_sign' },
  { action: 'all_signed', roles: ['renter', 'owner'], from: ['on_contract_sign'], to: 'on_rent' },
  { action: 'invalidate', roles: ['owner'], from: BEFORE_ACCEPTANCE, to: 'property_invalid' },
  { action: 'discard_owner', roles: ['owner'], from: DISCARDABLE, to: 'owner_discard' },
  { action: 'discard_renter', roles: ['renter'], from: DISCARDABLE, to: 'renter_discard' },
];

/**
 * The step a rent moves to when `role` takes `action` in `step`, or null when the table does not allow it.
 * @returns the next step (equal to `step` for actions that do not move the rent) or null
 */
export function nextStep(step: string, action: RentAction, role: RentRole): RentStep | null {
  for (const row of TRANSITIONS) {
    if (row.action === action && row.roles.includes(role) && (row.from as readonly string[]).includes(step)) {
      return row.to === 'same' ? (step as RentStep) : row.to;
    }
  }
  return null;
}

/** The steps from which `role` may take `action`, in the order of RENT_STEPS (read from TRANSITIONS). */
export function stepsAllowing(action: RentAction, role: RentRole): RentStep[] {
  return RENT_STEPS.filter((step) => nextStep(step, action, role) !== null);
}

/** True for a known step name. */
export function isRentStep(step: string): step is RentStep {
  return (RENT_STEPS as readonly string[]).includes(step);
}

/** The step's labels and colour (spec 03 §4), or empty labels for an unknown step. */
export function stepLabel(step: string): { label: string; shortLabel: string; color: string } {
  return isRentStep(step) ? RENT_STEP_LABELS[step] : { label: '', shortLabel: '', color: 'gray' };
}
