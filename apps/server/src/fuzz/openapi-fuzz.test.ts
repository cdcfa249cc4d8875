import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { COMMON_MESSAGES } from '@nj/contracts';
import { findOrCreateClientByEmail, startSession } from '@nj/core';
import { buildApp } from '../app.ts';
import { readServerConfig } from '../config.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { CSRF_COOKIE } from '../plugins/csrf.ts';
import { isApiPath } from '../plugins/errors.ts';
import { TestBrowser } from '../testing/test-browser.ts';
import { errorMessageProblem } from './error-message-check.ts';
import { generateFuzzRequests, listOperations, type FuzzRequest, type OpenApiDocument } from './openapi-fuzz.ts';

/**
 * Issue 7 "Tests the suite keeps": a fuzz run generated from the OpenAPI document over every endpoint and method
 * (see openapi-fuzz.ts for what it sends). Requests go through `app.inject`, mostly as a signed-in member with a
 * valid CSRF pair (so they pass the CSRF check and reach validation and the handlers), some as a visitor without
 * cookies or without the CSRF header. Every answer must be below 500, and every 4xx must be JSON with a Spanish
 * `msg` that leaks no stack trace or SQL. Deterministic: FUZZ_SEED (default 7) picks the requests. FUZZ_REPORT=1
 * prints the statuses per operation and the time per kind of request (FUZZ_REPORT=op: time per operation); for a
 * longer local run, FUZZ_PER_OPERATION raises the requests per operation and FUZZ_ONLY=text keeps the operations
 * whose `METHOD path` contains the text.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 7);
// FUZZ_PER_OPERATION raises it for a longer local run.
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 180);

let database: Database;
let app: FastifyInstance;
let dataDir: string;
let member: TestBrowser;
let memberCuid: string;
let memberToken: string;

/** A listing the form would publish (Isla Socorro, where no seeded listing is). */
const listing = {
  operation: 'renta', property_type: 'house',
  location: { street: 'Av. Hidalgo', number_ext: '123', number_int: '4', neighborhood: 'Providencia', municipality: 'Guadalajara', city: 'Guadalajara', state: 'jalisco', zip: '44630', lat: 18.78, lng: -110.98 },
  rooms: 3, bathrooms: 2, half_bathrooms: 1, parking_spots: 2, construction_area: 180, land: { area: 200, unit: 'm2' },
  construction_year: 'first_use', floors: 2, apt_floor: 5, apt_total_floors: 9, monthly_maintenance_fee: 1500,
  amenities: ['pool', 'garden'],
  rents: { price: 25000, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'months', value: 1, currency_type: 'mxn' } },
  sales: null, description: 'Casa luminosa',
};

/** Signs the member in again (a fuzzed logout, login or sign-up may have replaced or ended its session). */
async function signInMember(): Promise<void> {
  memberToken = (await startSession({ database, cuid: memberCuid })).token;
  member.cookies = { [SESSION_COOKIE]: memberToken };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nj-fuzz-'));
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dataDir }) });
  memberCuid = (await findOrCreateClientByEmail({ database, email: 'fuzz-member@example.com', nickname: 'Fuzz', emailVerified: true })).cuid;
  member = new TestBrowser(app, '10.77');
  await signInMember();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Failure = { request: FuzzRequest; status: number; problem: string; body: string };

/** What is wrong with an answer, or null: ≥ 500, or a 4xx that is not JSON with a Spanish msg. */
function answerProblem(request: FuzzRequest, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (res.statusCode < 400 || request.method === 'HEAD') return null;
  const type = String(res.headers['content-type'] ?? '');
  if (isApiPath(request.url) && !type.startsWith('application/json')) return `4xx with content type "${type}"`;
  let msg: unknown;
  try {
    msg = (JSON.parse(res.body) as { msg?: unknown }).msg;
  } catch {
    return '4xx body is not JSON';
  }
  return errorMessageProblem(msg);
}

let sent = 0;
/**
 * Sends one fuzz request as its sender. The member moves to a new address every 100 requests (a browser with the
 * same cookies), and visitors come from many addresses, so per-IP limits answer 429 to some requests, not all.
 */
async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  sent++;
  const base = { method: request.method as 'GET', url: request.url, ...(request.payload !== undefined ? { payload: request.payload } : {}) };
  if (request.as === 'visitor') {
    return app.inject({ ...base, headers: request.headers, remoteAddress: `10.78.${Math.floor(sent / 250) % 250}.${sent % 250}` });
  }
  if (sent % 100 === 0) {
    const cookies = member.cookies;
    member = new TestBrowser(app, '10.77');
    member.cookies = cookies;
  }
  const headers = request.as === 'no-csrf' ? { ...request.headers, 'x-csrf-token': 'x' } : request.headers;
  const res = await member.call(base.method, base.url, base.payload, headers);
  if (member.cookies[SESSION_COOKIE] !== memberToken) await signInMember();
  return res;
}

describe('fuzzing every endpoint of the OpenAPI document', () => {
  it('answers ≥ 10,000 hostile requests without a 5xx, every 4xx a Spanish msg in JSON', async () => {
    // Real values for path parameters, so part of the requests reach the rows they name.
    const draft = (await member.call('POST', '/api/v1/property/draft', { data: { operation: 'renta' }, step: 1 })).json().data as { id: string };
    const published = await member.call('POST', '/api/v1/property', { data: listing });
    expect(published.statusCode, published.body).toBe(200);
    const own = published.json().data as { uid: string };
    const search = await member.call('POST', '/api/v1/properties/search?north=20.8&south=20.5&east=-103.2&west=-103.5&zoom=12');
    const seeded = (search.json().data.properties as { uid: string }[])[0]!.uid;
    const place = (await member.call('GET', '/api/v1/places/autocomplete?q=guadalajara')).json().data.suggestions[0] as { slug?: string } | undefined;
    const ucode = ((await member.call('GET', '/api/v1/client')).json().data.client as { ucode: string | null }).ucode;

    const doc = app.swagger() as unknown as OpenApiDocument;
    // Every route the app registered that the document hides (media files, the docs UI) is fuzzed too.
    const documented = new Set(listOperations(doc).map((op) => `${op.method} ${op.path}`));
    const extraOperations = app.registeredRoutes
      .map((r) => ({ method: r.method, path: r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{wildcard}') }))
      .filter((r) => r.method !== 'HEAD' && !documented.has(`${r.method} ${r.path}`))
      .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);
    const operations = [...listOperations(doc), ...extraOperations];
    expect(operations.length).toBeGreaterThan(40);
    const requests = generateFuzzRequests(doc, {
      seed: SEED,
      perOperation: PER_OPERATION,
      only: process.env.FUZZ_ONLY,
      extraOperations,
      pathValues: {
        id: [own.uid, seeded, draft.id, memberCuid],
        // The member's own rows where the call needs them, so the hostile values reach the updates.
        ...Object.fromEntries(['PUT /api/v1/property/{id}', 'PUT /api/v1/property/{id}/images', 'PUT /api/v1/property/{id}/is_active',
          'POST /api/v1/property/{id}/photo', 'DELETE /api/v1/property/{id}/photo/{name}'].map((op) => [`${op} id`, [own.uid, own.uid, own.uid, seeded]])),
        ...Object.fromEntries(['PUT /api/v1/property/draft/{id}', 'POST /api/v1/property/draft/{id}/photo', 'DELETE /api/v1/property/draft/{id}/photo/{name}']
          .map((op) => [`${op} id`, [draft.id, draft.id, draft.id, own.uid]])),
        'GET /api/v1/client/{id}/send-contact-confirmation/email id': [memberCuid, memberCuid, own.uid],
        'GET /api/v1/client/{id}/send-contact-confirmation/phone id': [memberCuid, memberCuid, own.uid],
        puid: [own.uid, seeded],
        provider: ['google', 'facebook'],
        slug: [place?.slug ?? 'guadalajara'],
        file: ['states.geojson', 'ciudades.geojson', 'estados.json', 'states.geojson.gz', 'x.geojson', 'nada.geojson'],
        ucode: [ucode ?? 'ABCD1234'],
        name: ['foto.webp', 'a'.repeat(32)],
        wildcard: ['properties/x/card.webp', 'profile/a.webp', 'index.html', 'originals/x.jpg', 'swagger-initializer.js'],
      },
      image: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).jpeg().toBuffer(),
      queryExamples: {
        'POST /api/v1/properties/search': [['north', '20.8'], ['south', '20.5'], ['east', '-103.2'], ['west', '-103.5'], ['zoom', '12'], ['op_type', 'rent'], ['property_types', 'house'], ['order_by', 'newest']],
        'GET /api/v2/properties/my': [['north', '20.8'], ['south', '20.5'], ['east', '-103.2'], ['west', '-103.5'], ['status', 'active'], ['page', '1']],
        'GET /api/v1/property/{puid}/stats': [['days', '30']],
      },
      bodyExamples: {
        'PUT /api/v1/property/{id}': { data: listing },
        'POST /api/v1/property': { data: listing },
        'PUT /api/v1/property/draft/{id}': { data: { operation: 'renta', location: listing.location }, step: 2 },
        'POST /api/v1/property/draft': { data: { operation: 'venta' }, step: 1 },
      },
    });
    if (!process.env.FUZZ_ONLY) expect(requests.length).toBeGreaterThanOrEqual(10_000);

    const failures: Failure[] = [];
    const reached = new Map<string, number>();
    const statuses = new Map<string, Map<number, number>>();
    const timeByCategory = new Map<string, number>();
    const messages = new Map<string, number>();
    const gatekeepers = new Set<string>([COMMON_MESSAGES.csrf, COMMON_MESSAGES.routeNotFound, COMMON_MESSAGES.methodNotAllowed, COMMON_MESSAGES.tooManyRequests]);
    // A client's mistake is never logged as a failure: nothing may print a stack trace while the fuzz runs.
    const consoleErrors = vi.spyOn(console, 'error');
    for (const request of requests) {
      const started = performance.now();
      const res = await send(request);
      const category = process.env.FUZZ_REPORT === 'op' ? request.operation : request.label.split(/[ =]/).slice(0, 2).join(' ');
      timeByCategory.set(category, (timeByCategory.get(category) ?? 0) + performance.now() - started);
      if (process.env.FUZZ_REPORT && (request.label === 'valid' || request.label.startsWith('multipart valid'))) console.log('VALID', request.as, request.operation, request.url.slice(0, 150), (typeof request.payload === 'string' ? request.payload : request.label).slice(0, 150), '→', res.statusCode, res.body.slice(0, 200));
      const counts = statuses.get(request.operation) ?? new Map<number, number>();
      statuses.set(request.operation, counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1));
      const problem = answerProblem(request, res);
      if (problem) failures.push({ request, status: res.statusCode, problem, body: res.body.slice(0, 200) });
      let msg = '';
      try {
        msg = String((JSON.parse(res.body) as { msg?: unknown }).msg ?? '');
      } catch { /* not JSON: counted as reached below when 2xx */ }
      if (res.statusCode >= 400) messages.set(msg, (messages.get(msg) ?? 0) + 1);
      if (res.statusCode < 400 || !gatekeepers.has(msg)) reached.set(request.operation, (reached.get(request.operation) ?? 0) + 1);
    }

    // Double clicks: a valid request of every operation sent six times at once by the member.
    const firstValid = new Map<string, FuzzRequest>();
    for (const r of requests) if (r.label === 'valid' && r.as === 'member' && !firstValid.has(r.operation)) firstValid.set(r.operation, r);
    for (const request of firstValid.values()) {
      await signInMember();
      await member.call('GET', '/api/v1/health');
      const cookies = { ...member.cookies };
      const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject({
        method: request.method as 'GET', url: request.url, cookies, remoteAddress: member.ip,
        headers: { ...request.headers, 'x-csrf-token': cookies[CSRF_COOKIE] ?? '' },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      })));
      for (const res of answers) {
        const problem = answerProblem(request, res);
        if (problem) failures.push({ request: { ...request, label: 'six at once' }, status: res.statusCode, problem, body: res.body.slice(0, 200) });
      }
    }

    if (process.env.FUZZ_REPORT) {
      // FUZZ_REPORT=1: the answers' statuses per operation, to see how deep the requests get.
      console.log(`${requests.length} requests over ${operations.length} operations, then ${firstValid.size} × 6 at once`);
      console.log([...timeByCategory].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([c, ms]) => `${c}: ${Math.round(ms)} ms`).join('\n'));
      console.log([...messages].sort((a, b) => b[1] - a[1]).map(([m, n]) => `MSG ${n} ${m}`).join('\n'));
      for (const [op, counts] of statuses) console.log(op.padEnd(60), [...counts].sort().map(([s, n]) => `${s}:${n}`).join(' '));
    }
    const stacks = consoleErrors.mock.calls.filter((args) => args.some((a) => a instanceof Error || /\n\s+at /.test(String(a))));
    consoleErrors.mockRestore();
    expect(stacks.map((args) => args.map(String).join(' ').slice(0, 300))).toEqual([]);
    const report = failures.slice(0, 40).map((f) => `${f.status} ${f.problem} | ${f.request.operation} | ${f.request.label} | as ${f.request.as} | ${f.request.method} ${f.request.url.slice(0, 120)} | ${f.body}`);
    expect(report, `${failures.length} bad answers of ${requests.length}`).toEqual([]);
    // Past CSRF, routing and rate limits: every operation's validation or handler answered some requests.
    const unreached = operations.map((op) => `${op.method} ${op.path}`)
      .filter((op) => !process.env.FUZZ_ONLY || op.includes(process.env.FUZZ_ONLY)).filter((op) => (reached.get(op) ?? 0) < 5);
    expect(unreached).toEqual([]);
    // A cap against a hang, not a speed target: ~2 min on an idle 2-core machine, twice that beside other suites.
  }, 480_000);
});
