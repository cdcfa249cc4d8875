import { RENT_STEP_LABELS } from '@nj/contracts';

/**
 * The rent's state machine (spec 03 §4 'Rent step values'; issue 11 'The rent as a conversation'). The spec lists the
 * steps but not the transitions; these are ours, written down once here and used by every verb that moves a rent:
 *
 * | action          | role   | from                                                              | to                          |
 * |-----------------|--------|-------------------------------------------------------------------|-----------------------------|
 * | contact         | renter | hello, appt_requested, appt_confirmation_requested, appt_assist   | (unchanged)                 |
 * | contact         | renter | renter_discard                                                    | hello (reopened)            |
 * | send_message    | both   | every open step (not discarded, not property_invalid)             | (unchanged)                 |
 * | request_appt    | renter | hello                                                             | appt_requested              |
 * | propose_times   | owner  | appt_requested, appt_confirmation_requested                       | appt_confirmation_requested |
 * | confirm_appt    | renter | appt_confirmation_requested                                       | appt_assist                 |
 * | cancel_appt     | both   | appt_requested, appt_confirmation_requested, appt_assist          | hello                       |
 * | discard_owner   | owner  | hello … appt_assist, client_offer_in_process, on_offer            | owner_discard               |
 * | discard_renter  | renter | hello … appt_assist, client_offer_in_process, on_offer            | renter_discard              |
 *
 * Anything else is refused (RENTS_MESSAGES.actionNotAllowed). An owner's discard is final for the renter (contacting
 * again does not reopen it); the renter's own discard is undone by contacting again. The offer steps
 * (client_offer_in_process … on_rent) come with the next issue: add their rows to TRANSITIONS.
 */

/** Every rent step, in the order of the process (spec 03 §4). */
export const RENT_STEPS = [
  'hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist', 'owner_discard', 'renter_discard',
  'client_offer_in_process', 'on_offer', 'on_accepted_offer', 'on_contract_sign', 'on_rent', 'property_invalid',
] as const;
export type RentStep = (typeof RENT_STEPS)[number];

/** What a side may do to a rent. */
export const RENT_ACTIONS = [
  'contact', 'send_message', 'request_appt', 'propose_times', 'confirm_appt', 'cancel_appt', 'discard_owner', 'discard_renter',
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
const DISCARDABLE: readonly RentStep[] = [...VISIT_STEPS, 'client_offer_in_process', 'on_offer'];

/** One row of the table: `roles` may take `action` from any of `from`; the rent moves to `to` ('same': unchanged). */
export type Transition = { action: RentAction; roles: readonly RentRole[]; from: readonly RentStep[]; to: RentStep | 'same' };

/** The transition table (see the module comment). First matching row wins. */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'contact', roles: ['renter'], from: VISIT_STEPS, to: 'same' },
  { action: 'contact', roles: ['renter'], from: ['renter_discard'], to: 'hello' },
  { action: 'send_message', roles: ['renter', 'owner'], from: OPEN_STEPS, to: 'same' },
  { action: 'request_appt', roles: ['renter'], from: ['hello'], to: 'appt_requested' },
  { action: 'propose_times', roles: ['owner'], from: ['appt_requested', 'appt_confirmation_requested'], to: 'appt_confirmation_requested' },
  { action: 'confirm_appt', roles: ['renter'], from: ['appt_confirmation_requested'], to: 'appt_assist' },
  { action: 'cancel_appt', roles: ['renter', 'owner'], from: ['appt_requested', 'appt_confirmation_requested', 'appt_assist'], to: 'hello' },
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

/** True for a known step name. */
export function isRentStep(step: string): step is RentStep {
  return (RENT_STEPS as readonly string[]).includes(step);
}

/** The step's labels and colour (spec 03 §4), or empty labels for an unknown step. */
export function stepLabel(step: string): { label: string; shortLabel: string; color: string } {
  return isRentStep(step) ? RENT_STEP_LABELS[step] : { label: '', shortLabel: '', color: 'gray' };
}
