import { definePolicy } from './policy.ts';

/**
 * The server itself: health and API documentation to anyone (Swagger only where enabled); the development outbox
 * only when DEV_OUTBOX=1 and only to this machine (a setting and the socket's address decide, not the actor:
 * routes/dev/get-outbox.ts).
 */
export const systemPolicy = definePolicy<never, 'health' | 'docs' | 'dev_outbox'>({
  model: 'system',
  actions: {
    health: { who: 'anyone', doc: 'anyone' },
    docs: { who: 'anyone', doc: 'anyone, where enabled' },
    dev_outbox: { who: 'anyone', doc: 'loopback clients when DEV_OUTBOX=1 (never production)' },
  },
});
