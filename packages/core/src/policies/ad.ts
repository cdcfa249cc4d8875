import { definePolicy } from './policy.ts';

/**
 * Map ads (issue 16 'Map ads'; spec 01 §3 Ad, §7; decision 034):
 * - search, click: anyone (the map is public), rate-limited per client (the session's cuid, else the address);
 * - manage (list, create, change, upload the image): support users only.
 */
export const adPolicy = definePolicy<never, 'search' | 'click' | 'manage'>({
  model: 'ad',
  actions: {
    search: { who: 'anyone', doc: 'anyone (rate-limited per client)' },
    click: { who: 'anyone', doc: 'anyone (rate-limited per client)' },
    manage: { who: 'support', doc: 'support users' },
  },
});
