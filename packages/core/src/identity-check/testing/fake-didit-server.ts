import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { listenLocally, readBody } from '../../testing/listen-locally.ts';

/** How the fake answers the next requests: as Didit would, never, with a body that is not JSON, or with a 5xx. */
export type FakeDiditMode = 'normal' | 'hang' | 'not-json' | 'unknown-status' | 'server-error';

/** One request the fake received: its headers of interest and its parsed JSON body (null when not JSON). */
export type FakeDiditRequest = { method: string; url: string; apiKey: string | undefined; contentType: string | undefined; body: Record<string, unknown> | null };


/**
 * A local stand-in for verification.didit.me speaking the documented Database Validation protocol for the INE
 * (`POST /v3/database-validation/`, `x-api-key`, JSON body with `issuing_state` 'MEX' and `services`
 * ['mex_ine_vigencia']; docs.didit.me/api-reference/database-validation/mexico/ine-vigencia). In `normal` mode it
 * answers 401 to another key, 400 without a CIC or clave de elector or with a CIC that is not 9 digits, and 200
 * with `{ request_id, database_validation: { status, match_type, issuing_state, validations } }`: Declined/no_match
 * for a number starting with 000, In Review/partial_match for 999, Approved/full_match otherwise.
 * Takes the API key it accepts; resolves with its origin `url`, the `requests` received, `setMode()` and `close()`.
 */
export async function startFakeDiditServer(apiKey: string): Promise<{
  url: string; requests: FakeDiditRequest[]; setMode: (mode: FakeDiditMode) => void; close: () => Promise<void>;
}> {
  const requests: FakeDiditRequest[] = [];
  let mode: FakeDiditMode = 'normal';
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    const key = req.headers['x-api-key'];
    requests.push({ method: req.method ?? '', url: req.url ?? '', apiKey: typeof key === 'string' ? key : undefined, contentType: req.headers['content-type'], body });
    const send = (status: number, payload: unknown) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(payload));
    };
    if (mode === 'hang') return;
    if (mode === 'server-error') return send(502, { detail: 'Bad gateway' });
    if (mode === 'not-json') {
      res.setHeader('content-type', 'text/html');
      return res.end('<html><body>maintenance</body></html>');
    }
    if (req.method !== 'POST' || req.url !== '/v3/database-validation/') return send(404, { detail: 'Not found.' });
    if (key !== apiKey) return send(401, { detail: 'Invalid API key.' });
    const services = body?.services;
    const number = typeof body?.cic === 'string' ? body.cic : typeof body?.voter_number === 'string' ? body.voter_number.replace(/\D/g, '') : '';
    if (body?.issuing_state !== 'MEX' || !Array.isArray(services) || !services.includes('mex_ine_vigencia') || !number
      || (typeof body.cic === 'string' && !/^\d{9}$/.test(body.cic))) {
      return send(400, { detail: 'Invalid input for mex_ine_vigencia.' });
    }
    if (mode === 'unknown-status') return send(200, { request_id: randomUUID(), database_validation: { status: 'Sideways' } });
    const [status, match] = number.startsWith('000') ? ['Declined', 'no_match'] : number.startsWith('999') ? ['In Review', 'partial_match'] : ['Approved', 'full_match'];
    send(200, {
      request_id: randomUUID(),
      database_validation: {
        status, match_type: match, issuing_state: 'MEX', validation_type: '1x1',
        screened_data: { cic: body.cic ?? null, identificador_ciudadano: body.identificador_ciudadano ?? null },
        validations: { identification_number: match },
      },
      vendor_data: body.vendor_data ?? null,
    });
  });
  const { url, close } = await listenLocally(server);
  return { url, requests, setMode: (next) => (mode = next), close };
}
