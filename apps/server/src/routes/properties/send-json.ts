import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from '../../ssr/page-cache.ts';

/** Smaller answers are sent uncompressed (bytes). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Sends `payload` as JSON compressed in one synchronous call (brotli quality 3, or gzip level 1) when the client
 * accepts it, instead of @fastify/compress's stream path, which for the 50–90 kB map answers cost more in stream
 * plumbing than in compression (issue 7 "Under load": compression was a third of a search's CPU). The payload must
 * already have the route's response shape (nothing validates it here). Returns the reply.
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, payload: unknown): FastifyReply {
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding = body.length >= COMPRESS_MIN_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
  if (!encoding) return reply.send(body);
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br'
    ? brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 3,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
    : gzipSync(body, { level: 1 }));
}
