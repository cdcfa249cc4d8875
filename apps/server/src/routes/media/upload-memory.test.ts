import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_UPLOAD_MESSAGES as U } from '@nj/contracts';
import { uploadBudget } from '@nj/core/media/upload-budget';
import { countUploadedBytes, reserveUploadMemory, uploadHandlerDone } from './upload-memory.ts';

/** A request declaring `length` bytes and a reply whose raw response can be closed by the test. */
function exchange(length?: number, options: { hungUp?: boolean } = {}) {
  const raw = Object.assign(new EventEmitter(), { destroyed: options.hungUp ?? false });
  const headers: Record<string, string> = {};
  const request = {
    headers: length === undefined ? {} : { 'content-length': String(length) }, raw: { destroyed: options.hungUp ?? false },
  } as unknown as FastifyRequest;
  const reply = { raw, header: (k: string, v: string) => { headers[k] = v; return reply; } } as unknown as FastifyReply;
  return { request, reply, raw, headers };
}

describe('upload memory budget per request (issue 7 §1)', () => {
  it('holds the bytes until the response has ended AND the handler has finished (a client hanging up frees nothing early)', () => {
    const start = uploadBudget.inUse();
    const a = exchange(10 * 1024 * 1024);
    reserveUploadMemory(a.request, a.reply);
    expect(uploadBudget.inUse() - start).toBe(10 * 1024 * 1024);
    a.raw.emit('close'); // the client went away; its photos may still be in the image queue
    expect(uploadBudget.inUse() - start).toBe(10 * 1024 * 1024);
    uploadHandlerDone(a.request);
    expect(uploadBudget.inUse()).toBe(start);
    // normal order: handler done, then the response finishes
    const b = exchange(5);
    reserveUploadMemory(b.request, b.reply);
    uploadHandlerDone(b.request);
    expect(uploadBudget.inUse() - start).toBe(5);
    b.raw.emit('finish');
    b.raw.emit('close');
    expect(uploadBudget.inUse()).toBe(start);
    uploadHandlerDone(b.request); // twice: nothing
    expect(uploadBudget.inUse()).toBe(start);
  });

  it('releases the bytes of a client that hung up before the reservation once its handler finishes', () => {
    const start = uploadBudget.inUse();
    const gone = exchange(50 * 1024 * 1024, { hungUp: true });
    reserveUploadMemory(gone.request, gone.reply);
    uploadHandlerDone(gone.request);
    expect(uploadBudget.inUse()).toBe(start);
  });

  it('refuses an upload without Content-Length; bytes beyond the declared length count as read, and over the budget are a 429 with Retry-After', () => {
    const start = uploadBudget.inUse();
    expect(() => reserveUploadMemory(exchange().request, exchange().reply)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg: U.lengthRequired }));
    expect(uploadBudget.inUse()).toBe(start);
    const c = exchange(0);
    const lease = reserveUploadMemory(c.request, c.reply);
    countUploadedBytes(lease, c.reply, 1000);
    expect(uploadBudget.inUse() - start).toBe(1000);
    expect(() => countUploadedBytes(lease, c.reply, uploadBudget.total)).toThrow(expect.objectContaining({ code: 'RATE_LIMITED', msg: U.busy }));
    expect(c.headers['retry-after']).toBe('30');
    c.raw.emit('close');
    uploadHandlerDone(c.request);
    expect(uploadBudget.inUse()).toBe(start);
    expect(() => reserveUploadMemory(exchange(uploadBudget.total + 1).request, c.reply)).toThrow(expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', msg: U.requestTooLarge }));
  });
});
