import { createServer } from 'node:http';
import { verify, type KeyObject } from 'node:crypto';
import { listenLocally, readBody } from '../../testing/listen-locally.ts';
import { stpCadenaOriginal, type StpOrden } from '../stp-payout-provider.ts';

/** How the fake answers registraOrden: accept, refuse like STP (negative id and descripcionError), or never answer. */
export type FakeStpMode = 'accept' | 'reject' | 'timeout';

/**
 * For tests: a local stand-in for STP's PUT /speiws/rest/ordenPago/registra. It checks the 'firma' against the
 * cadena original rebuilt from the body with `publicKey` (a bad signature is refused like STP does), refuses a
 * repeated claveRastreo, and answers per `mode`. `orders` keeps what it received.
 */
export async function startFakeStpServer(publicKey: KeyObject) {
  const state = { mode: 'accept' as FakeStpMode, orders: [] as StpOrden[], nextId: 4_000_001 };
  const seen = new Set<string>();
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (req.method !== 'PUT' || req.url !== '/speiws/rest/ordenPago/registra') return send(404, { error: 'not found' });
    const orden = JSON.parse(await readBody(req)) as StpOrden;
    if (state.mode === 'timeout') return; // never answers
    state.orders.push(orden);
    const ok = verify('RSA-SHA256', Buffer.from(stpCadenaOriginal(orden), 'utf8'), publicKey, Buffer.from(orden.firma ?? '', 'base64'));
    if (!ok) return send(200, { resultado: { id: -22, descripcionError: 'Firma invalida' } });
    if (seen.has(orden.claveRastreo)) return send(200, { resultado: { id: -7, descripcionError: 'Clave de rastreo duplicada' } });
    if (state.mode === 'reject') return send(200, { resultado: { id: -11, descripcionError: 'Cuenta beneficiario invalida' } });
    seen.add(orden.claveRastreo);
    return send(200, { resultado: { id: state.nextId++ } });
  });
  const { url, close } = await listenLocally(server);
  return { url, close, state };
}
