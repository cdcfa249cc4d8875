import type { FastifyReply } from 'fastify';

/** `inline; filename="…"; filename*=UTF-8''…` or `attachment; …` for any name (ASCII fallback, non-ASCII replaced). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a file only its parties may read (a chat or ticket attachment): images inline, anything else (PDF) as a
 * download; `Cache-Control: private, no-store`, nosniff and a CSP that runs nothing, so a crafted file can neither be
 * cached by a shared proxy nor run script in our origin.
 * @param file `{ body, mime, size (bytes), name }` as the core verb returned it
 * @param disposition 'inline' or 'attachment' whatever the type (default: images inline, anything else a download)
 */
export function sendPrivateFile(reply: FastifyReply, file: { body: Buffer; mime: string; size: number; name: string }, disposition?: 'inline' | 'attachment'): FastifyReply {
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(disposition ?? (file.mime.startsWith('image/') ? 'inline' : 'attachment'), file.name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body);
}
