import { Transform, type Readable } from 'node:stream';
import { COMMON_MESSAGES, MEDIA_UPLOAD_MESSAGES as U } from '@nj/contracts';
import { AppError } from '@nj/core';
import { uploadBudget, type UploadLease } from '@nj/core/media/upload-budget';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The "handler finished" signal of each request holding a lease (see uploadHandlerDone). */
const handlerDone = new WeakMap<FastifyRequest, () => void>();

/**
 * Reserves, from the process-wide upload budget (IMAGE_LIMITS.uploadBudgetBytes, 256 MiB; issue 7 §1), the bytes an
 * upload request will hold in memory — its Content-Length, before any byte is read — and gives them back once BOTH
 * its response has ended (finished or aborted) AND its handler has finished (the handler must call
 * uploadHandlerDone in a `finally`): a client that hangs up does not free bytes its photos still hold in the image
 * queue. Bytes read beyond the reservation (a chunked request has no length) are added with countUploadedBytes.
 * Takes the request and its reply. Returns the lease. Throws AppError BAD_REQUEST MEDIA_UPLOAD_MESSAGES.lengthRequired
 * for an upload without Content-Length, PAYLOAD_TOO_LARGE
 * MEDIA_UPLOAD_MESSAGES.requestTooLarge when the request alone exceeds the budget, RATE_LIMITED (429, with
 * Retry-After: 30) MEDIA_UPLOAD_MESSAGES.busy when other uploads hold too much of it now.
 */
export function reserveUploadMemory(request: FastifyRequest, reply: FastifyReply): UploadLease {
  const declared = Number(request.headers['content-length'] ?? 0);
  // Browsers always declare the size of a form upload; a chunked one could only be counted after each whole file.
  if (!request.headers['content-length']) throw new AppError('BAD_REQUEST', U.lengthRequired);
  const length = Number.isFinite(declared) && declared > 0 ? declared : 0;
  if (length > uploadBudget.total) throw new AppError('PAYLOAD_TOO_LARGE', U.requestTooLarge);
  const lease = uploadBudget.reserve(length);
  if (!lease) {
    void reply.header('retry-after', '30');
    throw new AppError('RATE_LIMITED', U.busy);
  }
  let ended = false;
  let done = false;
  const settle = () => {
    if (ended && done) lease.release();
  };
  handlerDone.set(request, () => {
    done = true;
    settle();
  });
  const end = () => {
    ended = true;
    settle();
  };
  reply.raw.once('close', end);
  reply.raw.once('finish', end);
  // A client that hung up before this point (e.g. while the session was read) fired 'close' already: never again.
  if (reply.raw.destroyed || reply.raw.writableEnded || request.raw.destroyed) end();
  return lease;
}

/**
 * Tells the upload budget that the handler of `request` has finished (call it in a `finally` of every handler that
 * may have called reserveUploadMemory); the lease is released once the response has ended too. Does nothing for a
 * request without a lease.
 */
export function uploadHandlerDone(request: FastifyRequest): void {
  const done = handlerDone.get(request);
  handlerDone.delete(request);
  done?.();
}

/**
 * Counts `bytes` just read into memory against `lease`. Throws AppError RATE_LIMITED MEDIA_UPLOAD_MESSAGES.busy
 * (429) when the budget cannot cover them (only possible beyond the Content-Length reserved up front).
 */
export function countUploadedBytes(lease: UploadLease, reply: FastifyReply, bytes: number): void {
  if (lease.grow(bytes)) return;
  void reply.header('retry-after', '30');
  throw new AppError('RATE_LIMITED', U.busy);
}

/**
 * A preParsing hook for upload routes, whose large bodyLimit is meant for multipart files only: any other body (JSON,
 * text…) is refused beyond `maxBytes` — from its Content-Length at once, or while a chunked body streams — with
 * AppError PAYLOAD_TOO_LARGE 'La solicitud es demasiado grande' (413), so a JSON body can never take the multipart
 * limit (hundreds of MB) in memory. Multipart bodies pass untouched (read within the upload budget by the handler).
 */
export function limitNonMultipartBody(maxBytes: number) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: Readable): Promise<Readable> => {
    // (request.isMultipart() is only known after parsing; the header is what the multipart parser goes by.)
    if (/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) return payload;
    const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', COMMON_MESSAGES.payloadTooLarge);
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
    let seen = 0;
    const limited = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > maxBytes) done(tooLarge());
        else done(null, chunk);
      },
    });
    payload.on('error', (error) => limited.destroy(error));
    return payload.pipe(limited);
  };
}
