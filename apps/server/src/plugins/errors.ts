import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_MESSAGES } from '@nj/contracts';
import { isAppError } from '@nj/core';

/** Methods a path may answer to; a 405 lists the ones its routes have in `Allow`. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * After refusing a body (too large, unparseable, unsupported type, or an error answered before the handler read
 * it) the server reads and discards at most this many more bytes of it, so the keep-alive connection stays usable
 * for the next request; a body declared or sent beyond this closes the connection instead.
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/** Fastify's and @fastify/multipart's client-error codes → status and Spanish msg. */
const CLIENT_ERRORS: Record<string, { status: number; msg: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msg: COMMON_MESSAGES.unsupportedMediaType },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, msg: COMMON_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: COMMON_MESSAGES.emptyBody },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: COMMON_MESSAGES.invalidJson },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, msg: COMMON_MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: COMMON_MESSAGES.invalidRequest },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: COMMON_MESSAGES.payloadTooLarge },
  FST_PARTS_LIMIT: { status: 413, msg: COMMON_MESSAGES.payloadTooLarge },
  FST_FILES_LIMIT: { status: 413, msg: COMMON_MESSAGES.payloadTooLarge },
  FST_FIELDS_LIMIT: { status: 413, msg: COMMON_MESSAGES.payloadTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, msg: COMMON_MESSAGES.payloadTooLarge },
  FST_PROTO_VIOLATION: { status: 400, msg: COMMON_MESSAGES.invalidRequest },
  FST_MP_PREMATURE_CLOSE: { status: 400, msg: COMMON_MESSAGES.invalidRequest },
  FST_ERR_BAD_URL: { status: 400, msg: COMMON_MESSAGES.invalidUrl },
};

/** Spanish msg for a client error (status 400–499) by status, for errors without a known code. */
function messageForStatus(status: number): string {
  if (status === 404) return COMMON_MESSAGES.routeNotFound;
  if (status === 405) return COMMON_MESSAGES.methodNotAllowed;
  if (status === 413) return COMMON_MESSAGES.payloadTooLarge;
  if (status === 415) return COMMON_MESSAGES.unsupportedMediaType;
  if (status === 429) return COMMON_MESSAGES.tooManyRequests;
  return COMMON_MESSAGES.invalidRequest;
}

/**
 * Status and Spanish msg for an error that is the client's mistake (a Fastify/multipart client error, a JSON syntax
 * error, any error carrying a 4xx status), or null for a server error. Used by the error handler and by the
 * handler of errors Fastify raises before routing (`frameworkErrors` in app.ts).
 */
export function clientErrorAnswer(error: { code?: string; statusCode?: number; status?: number; name?: string }): { status: number; msg: string } | null {
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode ?? error.status;
  if (error.name === 'SyntaxError' && (status === undefined || status === 400)) return { status: 400, msg: COMMON_MESSAGES.invalidJson };
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, msg: messageForStatus(status) };
  return null;
}

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (a malformed request line or header, headers
 * over the size limit, a request that took longer than `requestTimeout`) with a Spanish `{ msg, data }` — 400, 431
 * or 408 — and closes the connection. Fastify's `clientErrorHandler` (app.ts); its own default answers in English.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    ? [408, COMMON_MESSAGES.requestTimeout]
    : error.code === 'HPE_HEADER_OVERFLOW' ? [431, COMMON_MESSAGES.headersTooLarge] : [400, COMMON_MESSAGES.invalidRequest];
  const body = JSON.stringify({ msg, data: null });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

/**
 * True for a path of the API (`/api` or below), however it is spelled: percent-encoded (`/%61pi`), in any case
 * (`/API`), with doubled slashes or backslashes, or with dot segments (`/x/../api`). Such paths are always answered
 * as JSON `{ msg, data }`, never by the pages.
 */
export function isApiPath(url: string): boolean {
  let path = url.split('?')[0] ?? '';
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  path = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  try {
    path = new URL(path.startsWith('/') ? path : `/${path}`, 'http://x').pathname;
  } catch {
    // keep the decoded path
  }
  return /^\/api(\/|$)/i.test(path);
}

/**
 * The methods another route of the app answers on this request's path (for `Allow`), empty when none. The pages'
 * catch-all route does not count for API paths (an unknown `/api` path is a 404, never a page).
 */
function allowedMethods(app: FastifyInstance, request: FastifyRequest): string[] {
  const path = request.url.split('?')[0] ?? '/';
  const api = isApiPath(request.url);
  const allowed: string[] = [];
  for (const method of METHODS) {
    let found: { params?: unknown } | null;
    try {
      found = app.findRoute({ method, url: path }) as { params?: unknown } | null;
    } catch {
      found = null;
    }
    if (!found) continue;
    if (api && found.params && typeof found.params === 'object' && '*' in found.params) continue;
    allowed.push(method);
  }
  return allowed;
}

/** Answers a request no route took: 405 with `Allow` when the path has routes for other methods, else 404. */
function answerUnmatched(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const allowed = allowedMethods(app, request).filter((m) => m !== request.method);
  if (allowed.length > 0) {
    return reply.status(405).header('allow', allowed.join(', ')).send({ msg: COMMON_MESSAGES.methodNotAllowed, data: null });
  }
  return reply.status(404).send({ msg: COMMON_MESSAGES.routeNotFound, data: null });
}

/** Request streams already being drained (the error handler and onSend may both ask). */
const draining = new WeakSet<object>();

/**
 * Keeps a keep-alive connection usable after an error answer whose request body was not read to its end: the rest
 * is read and discarded (at most DRAIN_LIMIT_BYTES; beyond that, or a larger declared length, the connection is
 * closed), so the next request on the connection is parsed and answered instead of waiting behind unread bytes.
 */
function drainUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) {
    // Fastify asks to close after every body error; the body is all read, so there is no reason to.
    if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    return;
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES) {
    reply.header('connection', 'close');
    return;
  }
  if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
  if (draining.has(raw)) return;
  draining.add(raw);
  let drained = 0;
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) raw.socket?.destroy();
  });
  raw.on('error', () => {});
  raw.resume();
}

/**
 * Maps every error once to `{ msg, data }` with a Spanish msg: AppError by its code, zod validation errors to 400
 * with the first issue's message and `data.fields`, Fastify's own client errors (bad JSON, empty body, too large,
 * unsupported type, bad multipart) to their 4xx, anything else to 500 'Ha ocurrido un error' (logged with its stack,
 * never leaked). Client mistakes (4xx) are never logged as errors. A request no route matches answers 405 with
 * `Allow` when its path has other methods (`POST /propiedades`, `DELETE /api/v1/health`), else 404 — JSON in both
 * cases. After any error answer, an unread request body is drained so the keep-alive connection keeps working.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    drainUnreadBody(request, reply);
    if (isAppError(error)) {
      return reply.status(error.status).send({ msg: error.msg, data: error.fields ? { fields: error.fields } : null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String((v.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.[0] ?? 'body');
        fields[key] ??= v.message ?? COMMON_MESSAGES.invalidRequest;
      }
      const first = Object.values(fields)[0] ?? COMMON_MESSAGES.invalidRequest;
      return reply.status(400).send({ msg: first, data: { fields } });
    }
    // A body sent to a path no route takes is refused as that path, not as a body (404/405, not 400/415).
    if (request.is404) return answerUnmatched(app, request, reply);
    const client = clientErrorAnswer(error);
    if (client) return reply.status(client.status).send({ msg: client.msg, data: null });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ msg: COMMON_MESSAGES.generic, data: null });
  });

  app.setNotFoundHandler((request, reply) => answerUnmatched(app, request, reply));

  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400) drainUnreadBody(request, reply);
  });
}
