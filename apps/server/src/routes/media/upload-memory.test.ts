import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_UPLOAD_MESSAGES as U } from '@nj/contracts';
import { uploadBudget } from '@nj/core/media/upload-budget';
import { countUploadedBytes, reserveUploadMemory, uploadHandlerDone } from './upload-memory.ts';

/** A request declaring `length` bytes and a reply whose raw response can be closed by the test. */
function exchange(length?: number) {
  const raw = new EventEmitter();
  const headers: Record<string, string> = {};
  const request = { headers: length === undefined ? {} : { 'content-length': String(length) } } as unknown as FastifyRequest;
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

  it('a chunked request (no length) counts its parts as read; beyond the budget it is refused with 429 and Retry-After', () => {
    const start = uploadBudget.inUse();
    const c = exchange();
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
