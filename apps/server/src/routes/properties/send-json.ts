import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_MIN_BYTES, compressBody, pickEncoding } from '../../compression.ts';

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
  return reply.send(compressBody(body, encoding, { brotliQuality: 3, gzipLevel: 1 }));
}
