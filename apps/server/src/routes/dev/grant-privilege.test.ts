import { describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@nj/contracts';
import { useTestApp } from '../../testing/test-app.ts';
import { TestBrowser } from '../../testing/test-browser.ts';

// Issue 15 hardening (decision 030): POST /api/dev/privileges exists only with DEV_OUTBOX outside production and
// grants only association_admin.
describe('POST /api/dev/privileges with DEV_OUTBOX', () => {
  const t = useTestApp({ DEV_OUTBOX: '1' });
  it('grants association_admin only; any other privilege is a Spanish 400', async () => {
    const b = new TestBrowser(t.app);
    for (const privilege of ['support', 'staff', 'admin', 'ASSOCIATION_ADMIN']) {
      const res = await b.call('POST', '/api/dev/privileges', { email: 'nadie@example.com', privilege });
      expect([res.statusCode, res.json().msg], privilege).toEqual([400, COMMON_MESSAGES.invalidRequest]);
    }
    const unknown = await b.call('POST', '/api/dev/privileges', { email: 'nadie@example.com', privilege: 'association_admin' });
    expect(unknown.statusCode, unknown.body).toBe(404);
  });
});

describe('POST /api/dev/privileges without DEV_OUTBOX', () => {
  const t = useTestApp();
  it('is not registered at all', async () => {
    const res = await new TestBrowser(t.app).call('POST', '/api/dev/privileges', { email: 'nadie@example.com', privilege: 'association_admin' });
    expect(res.statusCode).toBe(404);
    expect(t.app.hasRoute({ method: 'POST', url: '/api/dev/privileges' })).toBe(false);
  });
});
