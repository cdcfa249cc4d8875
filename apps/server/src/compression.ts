import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content encodings the server compresses to itself (cached pages, search answers). */
export type Encoding = 'br' | 'gzip';

/** Smaller bodies are sent uncompressed (bytes). */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to send for an Accept-Encoding header: br, else gzip, else none (a `;q=0` refuses one). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding ?? '';
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * `body` compressed in one synchronous call (no stream plumbing: for bodies of tens to hundreds of kB this is
 * cheaper than @fastify/compress's stream path, issue 7 "Under load"). `level.brotliQuality` 0–11,
 * `level.gzipLevel` 1–9. Returns the compressed bytes.
 */
export function compressBody(body: Buffer, encoding: Encoding, level: { brotliQuality: number; gzipLevel: number }): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: level.gzipLevel });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level.brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
