import { describe, expect, it } from 'vitest';
import { FREE_AGENCY_SEATS, planPriceCents } from '@nj/contracts';
import { anonymousActor, registeredActor, VISITOR } from '../policies/actor.ts';
import { agencyPolicy, type AgencyRecord } from '../policies/agency.ts';
import { can, decide } from '../policies/policy.ts';
import { seatsInForce } from './agencies-repository.ts';
import { addMonths } from './grant-agency-plans.ts';

const admin = registeredActor('c_admin');
const agent = registeredActor('c_agent', { isAgent: true });
const record = (status: AgencyRecord['actor_status'], extra: Partial<AgencyRecord> = {}): AgencyRecord => ({ admin_cuid: 'c_admin', actor_status: status, ...extra });

describe('agencyPolicy (issue 15 Rules)', () => {
  it('the administrator manages; nobody else does', () => {
    expect(can(admin, agencyPolicy, 'manage', record(null))).toBe(true);
    for (const status of ['approved', 'pending', 'suspended', null] as const) expect(decide(agent, agencyPolicy, 'manage', record(status))).toMatchObject({ code: 'FORBIDDEN' });
    expect(decide(VISITOR, agencyPolicy, 'manage', record(null))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(decide(anonymousActor('c_anon'), agencyPolicy, 'manage', record(null))).toMatchObject({ code: 'UNAUTHORIZED' });
  });
  it('approved agents see the listings; pending and suspended do not', () => {
    expect(can(agent, agencyPolicy, 'list_properties', record('approved'))).toBe(true);
    expect(can(agent, agencyPolicy, 'list_properties', record('pending'))).toBe(false);
    expect(can(agent, agencyPolicy, 'list_properties', record('suspended'))).toBe(false);
    expect(can(admin, agencyPolicy, 'list_properties', record(null))).toBe(true);
  });
  it('an agent changes only the listings assigned to them, or all by the agency setting', () => {
    expect(can(agent, agencyPolicy, 'edit_listing', record('approved', { listing_agent_cuid: 'c_agent' }))).toBe(true);
    expect(can(agent, agencyPolicy, 'edit_listing', record('approved', { listing_agent_cuid: 'c_other' }))).toBe(false);
    expect(can(agent, agencyPolicy, 'edit_listing', record('approved', { listing_agent_cuid: null }))).toBe(false);
    expect(can(agent, agencyPolicy, 'edit_listing', record('approved', { listing_agent_cuid: null, agents_edit_all: true }))).toBe(true);
    expect(can(agent, agencyPolicy, 'edit_listing', record('suspended', { listing_agent_cuid: 'c_agent' }))).toBe(false);
    expect(can(admin, agencyPolicy, 'edit_listing', record(null, { listing_agent_cuid: 'c_agent' }))).toBe(true);
    expect(can(agent, agencyPolicy, 'edit_listing', record('approved', { listing_agent_cuid: null, listing_owner_cuid: 'c_agent' }))).toBe(true);
    // A listing whose owner is outside the agency: nobody of the agency changes it.
    expect(decide(admin, agencyPolicy, 'edit_listing', record(null, { listing_owned_in_agency: false }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(can(agent, agencyPolicy, 'edit_listing', record('approved', { listing_agent_cuid: 'c_agent', listing_owned_in_agency: false }))).toBe(false);
  });
  it('anyone searches; signed-in clients create, join and read their own', () => {
    expect(can(VISITOR, agencyPolicy, 'search')).toBe(true);
    for (const a of ['create', 'join', 'read_own'] as const) {
      expect(can(VISITOR, agencyPolicy, a)).toBe(false);
      expect(can(agent, agencyPolicy, a)).toBe(true);
    }
  });
});

describe('seats and plan periods (decision 028)', () => {
  it('the plan seats while it lasts, else the free seat', () => {
    const future = new Date(Date.now() + 86_400_000);
    expect(seatsInForce({ plan: 'gold', seats: 40, plan_expires_at: future })).toBe(40);
    expect(seatsInForce({ plan: 'gold', seats: 40, plan_expires_at: new Date(Date.now() - 1000) })).toBe(FREE_AGENCY_SEATS);
    expect(seatsInForce({ plan: null, seats: 0, plan_expires_at: null })).toBe(FREE_AGENCY_SEATS);
  });
  it('months are calendar months with the day clamped', () => {
    expect(addMonths(new Date('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T12:00:00Z'), 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T00:00:00Z'), 12).toISOString()).toBe('2027-03-15T00:00:00.000Z');
    expect(addMonths(new Date('2026-12-31T00:00:00Z'), 2).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
  it('prices in centavos: seats × price per seat, annual pays 10 months', () => {
    expect(planPriceCents('bronze', 1, false)).toBe(34_900);
    expect(planPriceCents('gold', 10, true)).toBe(249 * 100 * 10 * 10);
  });
});
