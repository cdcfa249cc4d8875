import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { COMMON_MESSAGES } from '@nj/contracts';
import { findOrCreateClientByEmail, startSession } from '@nj/core';
import { buildApp } from './app.ts';
import { readServerConfig } from './config.ts';
import { CSRF_COOKIE } from './plugins/csrf.ts';
import { DRAIN_LIMIT_BYTES } from './plugins/errors.ts';
import { SESSION_COOKIE } from './plugins/session.ts';
import { csrfFor } from './testing/test-browser.ts';
import { errorMessageProblem } from './fuzz/error-message-check.ts';

/**
 * Issue 2 §6 and issue 7 finding 6: bad input never produces a 500, every 4xx answer is JSON with a Spanish `msg`,
 * a path answers 405 with Allow for a method it lacks and an unknown `/api` path a JSON 404, and a refused or
 * unparseable body never leaves a keep-alive connection hanging. A table of malformed requests, then raw HTTP/1.1
 * over one socket against a listening server.
 */
let database: Database;
let app: FastifyInstance;
let csrf: string;
let port: number;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40) }) });
  csrf = csrfFor(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const B = 'north=20.7&south=20.6&east=-103.3&west=-103.4';
const deepArrays = '['.repeat(5000) + ']'.repeat(5000);
const deepObjects = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';
const cases: [method: Method, url: string, body?: string, expected?: number][] = [
  ['POST', '/api/v1/properties/search'],
  ['POST', '/api/v1/properties/search?north=abc&south=1&east=1&west=0'],
  ['POST', `/api/v1/properties/search?${B}&zoom=NaN`],
  ['POST', `/api/v1/properties/search?${B}&zoom=99`],
  ['POST', `/api/v1/properties/search?${B}&page=0`],
  ['POST', `/api/v1/properties/search?${B}&page=1e400`],
  ['POST', `/api/v1/properties/search?${B}&price_min=-5`],
  ['POST', `/api/v1/properties/search?${B}&price_min=900&price_max=100`],
  ['POST', `/api/v1/properties/search?${B}&property_types=castillo`],
  ['POST', `/api/v1/properties/search?${B}&property_types=house&property_types=land`],
  ['POST', `/api/v1/properties/search?${B}&amenities=helipuerto`],
  ['POST', `/api/v1/properties/search?${B}&op_type=alquiler`],
  ['POST', `/api/v1/properties/search?${B}&order_by=random`],
  ['POST', `/api/v1/properties/search?${B}&status=deleted`],
  ['POST', `/api/v1/properties/search?${B}&min_rooms=2.5`],
  ['POST', `/api/v1/properties/search?north=10&south=20&east=-103.3&west=-103.4`],
  ['POST', `/api/v1/properties/search?${B}`, '{"broken": ', 400],
  ['GET', '/api/v1/properties/%00%ff', undefined, 400],
  ['GET', `/api/v1/properties/${'x'.repeat(400)}`],
  ['GET', "/api/v1/properties/NJ-'; DROP TABLE properties;--"],
  ['GET', '/api/v1/places/autocomplete?q=%F0%9F%8F%A0%27%22%3B'],
  ['GET', `/api/v1/places/autocomplete?q=${'a'.repeat(2000)}`],
  ['GET', '/api/v1/places/autocomplete?q=a&q=b&limit=-3'],
  ['GET', '/api/v1/places/%20'],
  ['GET', '/api/v1/map/boundaries/../../etc/passwd.geojson'],
  ['GET', '/api/v1/map/boundaries/nada.geojson'],
  // Issue 7 finding 6.
  ['GET', '/api/v1/places/autocomplete?q=a%00b', undefined, 400],
  ['PUT', '/api/v1/property/abc%00/is_active', '{"is_active":true}', 400],
  ['POST', '/api/v1/property/draft', `{"data":{"x":${deepObjects}},"step":1}`, 400],
  ['POST', '/api/v1/login', deepArrays, 400],
  ['POST', '/api/v1/login', '{"email":"a@b.mx","password":"\\u0000"}', 400],
  ['POST', '/api/v1/login', '{"email":"a@b.mx","password":"\\ud800"}', 400],
  ['POST', '/api/v1/health', '{}', 405],
  ['DELETE', '/api/v1/health', undefined, 405],
  ['PATCH', '/api/v1/client', '{}', 405],
  ['OPTIONS', '/api/v1/properties/search', undefined, 405],
  ['GET', '/api/v1/no-existe', undefined, 404],
  ['POST', '/api/v1/no-existe', '{"a":', 404],
  ['GET', '/API/v1/health', undefined, 404],
  ['GET', '//api/v1/health', undefined, 404],
  ['GET', '/api/v1/%E0%A4%A', undefined, 400],
  ['GET', '/api/v1/properties/%E0%A4%A', undefined, 400],
];

describe('malformed requests', () => {
  it.each(cases)('%s %s is answered below 500 with a Spanish msg', async (method, url, body, expected) => {
    const res = await app.inject({
      method, url, cookies: { [CSRF_COOKIE]: csrf }, headers: { 'x-csrf-token': csrf, 'content-type': 'application/json' },
      ...(body !== undefined ? { payload: body } : {}),
    });
    if (expected) expect(res.statusCode).toBe(expected);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const answer = res.json() as { msg: unknown; data: unknown };
    expect(typeof answer.msg).toBe('string');
    if (res.statusCode >= 400) expect(errorMessageProblem(answer.msg)).toBeNull();
    if (res.statusCode === 405) expect(res.headers.allow).toBeTruthy();
  });

  it('still has its listings after the injection attempt', async () => {
    const r = await database.db.selectFrom('properties').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    expect(Number(r?.n)).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Keep-alive: raw HTTP/1.1 on one socket.

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** Reads HTTP/1.1 answers (Content-Length bodies) from a socket as they complete; `closed` when the server hangs up. */
function answerReader(socket: Socket): { next(): Promise<RawAnswer | 'closed'> } {
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake?.();
  });
  socket.on('close', () => {
    closed = true;
    wake?.();
  });
  socket.on('error', () => {});
  const parse = (): RawAnswer | null => {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (buffer.length < end + 4 + length) return null;
    const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    buffer = buffer.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  };
  return {
    async next() {
      for (;;) {
        const answer = parse();
        if (answer) return answer;
        if (closed) return 'closed';
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

const head = (method: string, url: string, extra: string[], cookies = `${CSRF_COOKIE}=${csrf}`, token = csrf) =>
  Buffer.from([`${method} ${url} HTTP/1.1`, 'Host: localhost', 'Connection: keep-alive', `Cookie: ${cookies}`, `X-CSRF-TOKEN: ${token}`, ...extra, '', ''].join('\r\n'));
const chunked = (body: Buffer) => Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
const HEALTH = Buffer.from('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');

/** Sends `first` on a new socket, reads its answer, then asks for /api/v1/health on the SAME socket. */
async function thenHealth(first: Buffer): Promise<[RawAnswer | 'closed', RawAnswer | 'closed']> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const reader = answerReader(socket);
  socket.write(first);
  const a = await reader.next();
  if (a !== 'closed') socket.write(HEALTH);
  const b = a === 'closed' ? 'closed' : await reader.next();
  socket.destroy();
  return [a, b];
}

describe('keep-alive after a refused body', () => {
  const big = Buffer.alloc(2 * 1024 * 1024, 'a');
  const json = (body: Buffer | string) => Buffer.from(body);
  // Built when the test runs: the CSRF token exists only after beforeAll.
  const refused: [label: string, request: () => Buffer, status: number, msg: string][] = [
    ['oversize Content-Length', () => Buffer.concat([head('POST', '/api/v1/login', ['Content-Type: application/json', `Content-Length: ${big.length}`]), big]), 413, COMMON_MESSAGES.payloadTooLarge],
    ['oversize chunked', () => Buffer.concat([head('POST', '/api/v1/login', ['Content-Type: application/json', 'Transfer-Encoding: chunked']), chunked(big)]), 413, COMMON_MESSAGES.payloadTooLarge],
    ['unparseable JSON', () => Buffer.concat([head('POST', '/api/v1/login', ['Content-Type: application/json', 'Content-Length: 11']), json('{"broken": ')]), 400, COMMON_MESSAGES.invalidJson],
    ['JSON 5,000 deep', () => Buffer.concat([head('POST', '/api/v1/login', ['Content-Type: application/json', `Content-Length: ${deepObjects.length}`]), json(deepObjects)]), 400, COMMON_MESSAGES.jsonTooDeep],
    ['unsupported type', () => Buffer.concat([head('POST', '/api/v1/login', ['Content-Type: text/xml', 'Content-Length: 8']), json('<a>b</a>')]), 415, COMMON_MESSAGES.unsupportedMediaType],
    ['no CSRF token, big body', () => Buffer.concat([head('POST', '/api/v1/login', ['Content-Type: application/json', `Content-Length: ${big.length}`], '', ''), big]), 403, COMMON_MESSAGES.csrf],
    ['unknown path with a body', () => Buffer.concat([head('POST', '/api/v1/no-existe', ['Content-Type: application/json', 'Content-Length: 5']), json('{"a":')]), 404, COMMON_MESSAGES.routeNotFound],
    ['method the path lacks', () => Buffer.concat([head('PUT', '/api/v1/health', ['Content-Type: application/json', 'Content-Length: 2']), json('{}')]), 405, COMMON_MESSAGES.methodNotAllowed],
  ];

  it.each(refused)('%s: refused in Spanish, and the next request on the connection is answered', async (_label, request, status, msg) => {
    const [first, second] = await thenHealth(request());
    expect(first).not.toBe('closed');
    expect((first as RawAnswer).status).toBe(status);
    expect(JSON.parse((first as RawAnswer).body).msg).toBe(msg);
    expect(second).not.toBe('closed');
    expect((second as RawAnswer).status).toBe(200);
  });

  it('a multipart upload refused half-way (too many photos) is drained; the connection serves the next request', async () => {
    const { cuid } = await findOrCreateClientByEmail({ database, email: 'keepalive@example.com', emailVerified: true });
    const { token } = await startSession({ database, cuid });
    const memberCsrf = csrfFor(app, token);
    const cookies = `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${memberCsrf}`;
    const draft = await app.inject({
      method: 'POST', url: '/api/v1/property/draft', payload: { data: { operation: 'renta' }, step: 1 },
      cookies: { [SESSION_COOKIE]: token, [CSRF_COOKIE]: memberCsrf }, headers: { 'x-csrf-token': memberCsrf },
    });
    const id = (draft.json().data as { id: string }).id;
    const parts = Array.from({ length: 40 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="images"; filename="${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(20_000)}\r\n`).join('');
    const body = Buffer.from(`${parts}--b--\r\n`);
    const request = Buffer.concat([head('POST', `/api/v1/property/draft/${id}/photo`, ['Content-Type: multipart/form-data; boundary=b', `Content-Length: ${body.length}`], cookies, memberCsrf), body]);
    const [first, second] = await thenHealth(request);
    expect(first).not.toBe('closed');
    expect((first as RawAnswer).status).toBeGreaterThanOrEqual(400);
    expect((first as RawAnswer).status).toBeLessThan(500);
    expect(errorMessageProblem(JSON.parse((first as RawAnswer).body).msg)).toBeNull();
    expect((second as RawAnswer).status).toBe(200);
  });

  it('an http.Agent with keepAlive reuses its one socket after a refused oversize body and an unparseable one', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; reused: boolean; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers: { cookie: `${CSRF_COOKIE}=${csrf}`, 'x-csrf-token': csrf, ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, body: Buffer.concat(chunks).toString() }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const oversize = await send('POST', '/api/v1/login', Buffer.alloc(2 * 1024 * 1024, 'a'), { 'content-type': 'application/json' });
    expect(oversize.status).toBe(413);
    const broken = await send('POST', '/api/v1/login', '{"broken": ', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.reused).toBe(true);
    const health = await send('GET', '/api/v1/health');
    expect(health.status).toBe(200);
    expect(health.reused).toBe(true);
    agent.destroy();
  });

  it.each([
    ['a malformed request line', 'GET /api/v1/health HTTP/1.1 extra\r\nHost: localhost\r\n\r\n', 400, COMMON_MESSAGES.invalidRequest],
    ['a header without a colon', 'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nBroken header\r\n\r\n', 400, COMMON_MESSAGES.invalidRequest],
    ['a bad chunk size', 'POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400, COMMON_MESSAGES.invalidRequest],
    ['headers over the limit', `GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, COMMON_MESSAGES.headersTooLarge],
  ])('%s is refused by the HTTP parser with a Spanish JSON msg', async (_label, text, status, msg) => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const reader = answerReader(socket);
    socket.write(text);
    const answer = await reader.next();
    socket.destroy();
    expect(answer).not.toBe('closed');
    expect((answer as RawAnswer).status).toBe(status);
    expect((answer as RawAnswer).headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse((answer as RawAnswer).body)).toEqual({ msg, data: null });
  });

  it('a body declared beyond what is worth draining is refused and the connection closed, never left waiting', async () => {
    const request = head('POST', '/api/v1/login', ['Content-Type: application/json', `Content-Length: ${DRAIN_LIMIT_BYTES * 4}`]);
    const [first, second] = await thenHealth(request);
    expect((first as RawAnswer).status).toBe(413);
    expect((first as RawAnswer).headers.connection).toBe('close');
    expect(second).toBe('closed');
  });
});
