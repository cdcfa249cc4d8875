import { definePolicy } from './policy.ts';

/** Leads (spec 01 §7 contact): anyone may write to a listing's advertiser (rate-limited per IP and per listing). */
export const leadPolicy = definePolicy<never, 'create'>({
  model: 'lead',
  actions: { create: { who: 'anyone', doc: 'anyone (rate-limited)' } },
});
