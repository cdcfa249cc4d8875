import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@nj/contracts';
import { AppError } from '@nj/core';
import { clientErrorAnswer, isApiPath, registerErrorHandling } from './errors.ts';

/**
 * Issue 7 finding 6 at the level of the error mapping: unmatched methods answer 405 with Allow (pages too),
 * unknown API paths 404 JSON, framework client errors a Spanish msg, and a client's mistake is never logged as an
 * error (only a real 500 is, with its stack).
 */
let app: FastifyInstance;
const logLines: { level: number; msg?: string; err?: { stack?: string } }[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandling(app);
  app.get('/api/v1/thing', async () => ({ msg: 'OK', data: null }));
  app.post('/api/v1/echo', async (request) => ({ msg: 'OK', data: request.body }));
  app.get('/api/v1/boom', async () => {
    throw new Error('kaboom');
  });
  app.get('/api/v1/forbidden', async () => {
    throw new AppError('FORBIDDEN', COMMON_MESSAGES.forbidden);
  });
  // Like the pages of react-router-handler.ts: a catch-all for GET/HEAD only.
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: async (request, reply) => {
    if (isApiPath(request.url)) return reply.callNotFound();
    return reply.type('text/html').send('<p>página</p>');
  } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('error mapping', () => {
  it('a page path answers 405 with Allow for other methods, in JSON with a Spanish msg', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/propiedades', payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json()).toEqual({ msg: COMMON_MESSAGES.methodNotAllowed, data: null });
    }
  });

  it('an API path answers 405 for a method it lacks, 404 when unknown; never the page', async () => {
    const del = await app.inject({ method: 'DELETE', url: '/api/v1/thing' });
    expect(del.statusCode).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD');
    const post = await app.inject({ method: 'POST', url: '/api/v1/thing', payload: '', headers: { 'content-type': 'application/json' } });
    expect(post.statusCode).toBe(405);
    for (const url of ['/api/v1/nada', '/API/v1/nada', '//api/v1/nada', '/x/..%2fapi/nada', '/%2561pi/v1/nada']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ msg: COMMON_MESSAGES.routeNotFound, data: null });
    }
    const unknownPost = await app.inject({ method: 'POST', url: '/api/v1/nada', payload: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(unknownPost.statusCode).toBe(404);
  });

  it('framework client errors answer their 4xx with a Spanish msg', async () => {
    const cases: [payload: string, type: string | undefined, status: number, msg: string][] = [
      ['{"broken": ', 'application/json', 400, COMMON_MESSAGES.invalidJson],
      ['', 'application/json', 400, COMMON_MESSAGES.emptyBody],
      ['<a/>', 'application/xml', 415, COMMON_MESSAGES.unsupportedMediaType],
      ['x'.repeat(1024 * 1024 + 10), 'text/plain', 413, COMMON_MESSAGES.payloadTooLarge],
    ];
    for (const [payload, type, status, msg] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/echo', payload, headers: type ? { 'content-type': type } : {} });
      expect(res.statusCode, payload.slice(0, 20)).toBe(status);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('never logs a client mistake as an error; logs a real failure once with its stack', async () => {
    logLines.length = 0;
    await app.inject({ method: 'POST', url: '/api/v1/echo', payload: '{"broken": ', headers: { 'content-type': 'application/json' } });
    await app.inject({ method: 'GET', url: '/api/v1/forbidden' });
    await app.inject({ method: 'DELETE', url: '/propiedades' });
    await app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' });
    expect(logLines.filter((l) => l.level >= 40 || l.err?.stack)).toEqual([]);
    const boom = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ msg: COMMON_MESSAGES.generic, data: null });
    expect(logLines.filter((l) => l.level >= 50).map((l) => l.err?.stack ?? '')).toEqual([expect.stringContaining('kaboom')]);
  });

  it('isApiPath sees through encodings; clientErrorAnswer leaves server errors alone', () => {
    expect(['/api', '/api/v1/x?q=1', '/API/v1', '/%61pi/v1', '//api//v1', '/\\api/v1', '/a/../api/v1', '/%252e%252e/api'].map(isApiPath))
      .toEqual([true, true, true, true, true, true, true, true]);
    expect(['/', '/apis', '/propiedades', '/x/api', '/%'].map(isApiPath)).toEqual([false, false, false, false, false]);
    expect(clientErrorAnswer(new Error('x'))).toBeNull();
    expect(clientErrorAnswer({ statusCode: 503 })).toBeNull();
    expect(clientErrorAnswer({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).toEqual({ status: 413, msg: COMMON_MESSAGES.payloadTooLarge });
  });
});
