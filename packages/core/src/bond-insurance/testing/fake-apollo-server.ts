import { createServer } from 'node:http';
import { listenLocally, readBody } from '../../testing/listen-locally.ts';

/** How the fake answers the next quotes: priced, refused (400 validation error), too slow, or malformed. */
export type FakeApolloMode = 'approve' | 'refuse' | 'timeout' | 'malformed';

/**
 * For tests: a local stand-in for APOLLO's Affiliates API quote endpoint (`POST /api/affiliates/{id}/tenant/quote`,
 * x-api-key), answering in the documented shapes. Records each request (path, key, body). `mode` is changed between
 * calls; 'timeout' holds the answer for `holdMs` (default 2 s).
 */
export async function startFakeApolloServer(options: { apiKey: string; holdMs?: number }) {
  const state = { mode: 'approve' as FakeApolloMode, requests: [] as { path: string; apiKey: string | undefined; body: unknown }[] };
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const apiKey = req.headers['x-api-key'] as string | undefined;
    state.requests.push({ path: req.url ?? '', apiKey, body: text ? JSON.parse(text) : null });
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (apiKey !== options.apiKey) return send(403, '{"message":"Forbidden"}');
    if (!/^\/api\/affiliates\/[^/]+\/tenant\/quote$/.test(req.url ?? '')) return send(404, '{"message":"Not found"}');
    if (state.mode === 'timeout') {
      const timer = setTimeout(() => send(200, '{}'), options.holdMs ?? 2000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (state.mode === 'malformed') return send(200, '{"data":{"total":"mucho"');
    if (state.mode === 'refuse') {
      return send(400, JSON.stringify({ message: { _original: {}, details: [{ message: '"body.insuranceData.birthdate" is not eligible', path: ['body', 'insuranceData', 'birthdate'], type: 'any.invalid', context: { label: 'body.insuranceData.birthdate', key: 'birthdate' } }] } }));
    }
    const monthly = Number((state.requests.at(-1)?.body as { insuranceData?: { monthlyRent?: number } })?.insuranceData?.monthlyRent ?? 10000);
    const annual = Math.round(monthly * 0.4 * 100) / 100;
    return send(200, JSON.stringify({ data: { premiums: { contentsPremium: annual, alePremium: 0, liabilityPremium: 0, addonPremium: 0 }, policyExpiryDate: '2031-01-01T00:01:00-06:00', subtotal: { annual, monthly: annual, instalment: annual }, taxesAndFees: { annual: 0, monthly: 0, instalment: 0 }, total: { annual, monthly: annual, monthlyPayment: Math.round(annual / 12 * 100) / 100 } } }));
  });
  const { url, close } = await listenLocally(server);
  return { url, close, state };
}
