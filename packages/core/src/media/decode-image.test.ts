import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_LIMITS, MEDIA_UPLOAD_MESSAGES as U } from '@nj/contracts';
import { processListingPhoto } from '../listings/process-listing-photo.ts';
import { assertPixelLimits, decodeImage, readDeclaredSize } from './decode-image.ts';
import { createJobQueue, imageQueue } from './image-queue.ts';
import { createUploadBudget } from './upload-budget.ts';

const HEIC = readFileSync(new URL('./test-fixtures/sample-48x32.heic', import.meta.url));

/** A small valid PNG whose IHDR is rewritten to declare width × height (CRC fixed). */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  const { crc32 } = await import('node:zlib');
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('pixel limits from the header (issue 7 §1)', () => {
  it('40 MP and 12,000 px a side at most; refused with the Spanish text before any decoding', async () => {
    expect(IMAGE_LIMITS.maxPixels).toBeLessThan(100_000_000);
    expect(() => assertPixelLimits({ width: 8000, height: 5000 })).not.toThrow();
    expect(() => assertPixelLimits({ width: 8000, height: 5001 })).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg: U.tooManyPixels }));
    expect(() => assertPixelLimits({ width: 12_001, height: 10 })).toThrow(expect.objectContaining({ msg: U.tooManyPixels }));
    expect(() => assertPixelLimits({ width: 0, height: 10 })).toThrow();
    await expect(readDeclaredSize(await pngDeclaring(10_000, 10_000), 'png')).rejects.toMatchObject({ msg: U.tooManyPixels });
    await expect(readDeclaredSize(await pngDeclaring(100_000, 1), 'png')).rejects.toMatchObject({ msg: U.tooManyPixels });
    expect(await readDeclaredSize(await pngDeclaring(6000, 4000), 'png')).toEqual({ width: 6000, height: 4000 });
    // through the listing pipeline: the same 400 with the Spanish text
    await expect(processListingPhoto(await pngDeclaring(20_000, 20_000))).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: U.tooManyPixels });
  });
  it('reads the upright size (EXIF orientation 6 swaps the sides) and HEIC sizes from the container', async () => {
    const rotated = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#123456' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await readDeclaredSize(rotated, 'jpeg')).toEqual({ width: 100, height: 300 });
    const decoded = await decodeImage(rotated, 'jpeg', () => ({ width: 50, height: 50, fit: 'inside' }));
    expect(decoded.source).toEqual({ width: 100, height: 300 });
    expect([decoded.info.width, decoded.info.height]).toEqual([17, 50]);
    const heic = await decodeImage(HEIC, 'heic', (size) => ({ width: size.width, height: size.height, fit: 'inside' }));
    expect(heic.source).toEqual({ width: 48, height: 32 });
    expect(heic.info).toMatchObject({ width: 48, height: 32, channels: 3 });
    // the plan sees the upright size and may refuse
    await expect(decodeImage(HEIC, 'heic', () => { throw new Error('no'); })).rejects.toThrow('no');
  });
});

describe('image queue', () => {
  it('runs at most `concurrency` jobs at once, first in first out, and frees the slot on failure', async () => {
    const q = createJobQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    // Each job runs until the test lets it end (no timer): the test decides which slot frees, and when.
    const gates = Array.from({ length: 7 }, () => {
      let open: () => void = () => undefined;
      return { done: new Promise<void>((r) => { open = r; }), open: () => open() };
    });
    const job = (i: number) => q.run(async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await gates[i]!.done;
      running--;
      if (i === 3) throw new Error('falla');
      return i;
    });
    const settled = Promise.allSettled([0, 1, 2, 3, 4, 5, 6].map(job));
    await vi.waitFor(() => expect(started).toEqual([0, 1]));
    expect(q.stats()).toEqual({ running: 2, waiting: 5 });
    // Ending jobs out of order still starts the waiting ones oldest first; the failing job 3 frees its slot too.
    for (const [end, next] of [[1, 2], [0, 3], [3, 4], [2, 5], [5, 6]] as const) {
      gates[end]!.open();
      await vi.waitFor(() => expect(started.at(-1)).toBe(next));
    }
    gates[4]!.open();
    gates[6]!.open();
    const results = await settled;
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(q.stats()).toEqual({ running: 0, waiting: 0 });
  });
  it('listing photos decode two at a time through the process-wide queue', async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    let most = 0;
    const timer = setInterval(() => { most = Math.max(most, imageQueue.stats().running); }, 1);
    const out = await Promise.all(Array.from({ length: 6 }, () => processListingPhoto(photo)));
    clearInterval(timer);
    expect(most).toBeLessThanOrEqual(IMAGE_LIMITS.concurrency);
    expect(out.every((p) => p.full.length > 0)).toBe(true);
    expect(await sharp(out[0]!.full).metadata()).toMatchObject({ width: 1600, height: 1067 });
    expect(await sharp(out[0]!.card).metadata()).toMatchObject({ width: 305, height: 229 });
    expect(imageQueue.stats()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('upload budget', () => {
  it('reserves up front, grows beyond the reservation only while bytes are free, and releases once', () => {
    const budget = createUploadBudget(100);
    const a = budget.reserve(60)!;
    expect(budget.inUse()).toBe(60);
    expect(budget.reserve(50)).toBeNull();
    expect(a.grow(50)).toBe(true); // within its own reservation
    expect(budget.inUse()).toBe(60);
    expect(a.grow(30)).toBe(true); // 80 read: 20 more reserved
    expect(budget.inUse()).toBe(80);
    expect(a.grow(30)).toBe(false); // 110 > 100
    const b = budget.reserve(20)!;
    expect(budget.inUse()).toBe(100);
    a.release();
    a.release();
    expect(budget.inUse()).toBe(20);
    b.release();
    expect(budget.inUse()).toBe(0);
    expect(b.grow(1)).toBe(false);
  });
});
