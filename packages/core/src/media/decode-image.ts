import sharp, { type OutputInfo, type ResizeOptions } from 'sharp';
import { Worker } from 'node:worker_threads';
import { IMAGE_LIMITS, MEDIA_UPLOAD_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { ImageKind } from './detect-image-kind.ts';
import { createJobQueue } from './image-queue.ts';

/** Width and height of an image as it will be shown (EXIF orientation applied), px. */
export type ImageSize = { width: number; height: number };

/** What to resize a decoded image to, chosen from its upright size (may throw, e.g. a too-small image). */
export type ResizePlan = (size: ImageSize) => ResizeOptions & { width: number; height: number };

/** libheif (wasm) decodes one image at a time anyway; one at a time also bounds its decoded RGBA buffers. */
const heicQueue = createJobQueue(1);

/**
 * Refuses an image whose size exceeds IMAGE_LIMITS (40 megapixels, 12,000 px a side) — issue 7 §1. Takes the size
 * declared by the file's header, px. Throws AppError BAD_REQUEST MEDIA_UPLOAD_MESSAGES.tooManyPixels, or a plain
 * Error for a size that is not a positive integer (the caller answers 'Error al procesar la imagen').
 */
export function assertPixelLimits(size: ImageSize): void {
  const { width, height } = size;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) throw new Error('bad image size');
  if (width * height > IMAGE_LIMITS.maxPixels || Math.max(width, height) > IMAGE_LIMITS.maxSide) {
    throw new AppError('BAD_REQUEST', MEDIA_UPLOAD_MESSAGES.tooManyPixels);
  }
}

/**
 * The upright size of a JPEG, PNG or WebP read from its header only (sharp's metadata(): no pixel is decoded), px;
 * null for HEIC (its size is read by decodeImage while parsing the container). Throws AppError tooManyPixels over
 * IMAGE_LIMITS, a plain Error when the header cannot be read.
 */
export async function readDeclaredSize(file: Buffer, kind: ImageKind): Promise<ImageSize | null> {
  if (kind === 'heic') return null;
  const meta = await sharp(file, { failOn: 'error', limitInputPixels: false }).metadata();
  // Orientations 5–8 swap the sides.
  const swap = (meta.orientation ?? 1) >= 5;
  const size = { width: (swap ? meta.height : meta.width) ?? 0, height: (swap ? meta.width : meta.height) ?? 0 };
  assertPixelLimits(size);
  return size;
}

/**
 * Decodes an uploaded image ONCE into upright pixels already resized by `plan` (issue 7 §1): the declared size is
 * checked from the header BEFORE any pixel is decoded (readDeclaredSize; for HEIC heic-decode's `decode.all`
 * parses the container and gives each image's size before its `decode()`), then JPEG/PNG/WebP go through one
 * sharp pipeline that streams the source (sequential read, JPEG shrink-on-load) into the resize, so a 40 MP photo
 * never sits in memory as raw pixels; HEIC (the prebuilt sharp has no HEVC decoder) is decoded by libheif one at a
 * time in a worker thread (heic-worker.mjs, ended when idle so its WebAssembly memory is given back) and resized
 * from its RGBA. EXIF orientation is applied; no metadata is kept.
 * Takes the file, its kind (by content) and the resize plan. Returns raw pixels (`info.channels` 3 or 4) and the
 * source's upright size, px. Throws AppError BAD_REQUEST tooManyPixels, the plan's errors, and plain Errors for
 * undecodable input (callers answer 'Error al procesar la imagen'). Call it inside imageQueue.run.
 */
export async function decodeImage(file: Buffer, kind: ImageKind, plan: ResizePlan): Promise<{ data: Buffer; info: OutputInfo; source: ImageSize }> {
  if (kind === 'heic') return heicQueue.run(() => decodeHeicResized(file, plan));
  const source = (await readDeclaredSize(file, kind))!;
  const resize = plan(source);
  const { data, info } = await sharp(file, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error', sequentialRead: true })
    .rotate()
    .resize(resize)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info, source };
}

async function decodeHeicResized(file: Buffer, plan: ResizePlan): Promise<{ data: Buffer; info: OutputInfo; source: ImageSize }> {
  const decoded = await heicWorker.decode(file);
  const source = { width: decoded.width, height: decoded.height };
  if (decoded.tooManyPixels) assertPixelLimits(source);
  if (!decoded.data) throw new Error(decoded.error ?? 'HEIF decoding failed');
  // libheif applies the HEIF rotation/mirror properties; the size it reports is the upright one.
  const resize = plan(source);
  const pixels = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
  const { data, info } = await sharp(pixels, { raw: { width: source.width, height: source.height, channels: 4 } })
    .removeAlpha()
    .resize(resize)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info, source };
}

type HeicAnswer = { id: number; width: number; height: number; data?: Uint8ClampedArray; tooManyPixels?: true; error?: string };

/**
 * HEIC decoding in a worker thread (heic-worker.mjs: heic-decode, i.e. libheif in WebAssembly). A WebAssembly heap
 * never shrinks, so decoding in this thread would keep a 40 MP photo's ~200 MB for the life of the process; the
 * worker is ended after HEIC_WORKER_IDLE_MS without work, which gives it back. One job at a time (heicQueue).
 */
const HEIC_WORKER_IDLE_MS = 5_000;
const heicWorker = (() => {
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (a: HeicAnswer) => void; reject: (e: Error) => void }>();
  const fail = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
    worker = undefined;
  };
  const start = (): Worker => {
    const w = new Worker(new URL('./heic-worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (answer: HeicAnswer) => {
      waiting.get(answer.id)?.resolve(answer);
      waiting.delete(answer.id);
    });
    w.on('error', (error) => { if (worker === w) fail(error); });
    w.on('exit', () => { if (worker === w) fail(new Error('HEIC worker exited')); });
    return w;
  };
  return {
    /** Size (and RGBA pixels when within IMAGE_LIMITS) of a HEIC file's first image. Rejects when the worker fails. */
    async decode(file: Buffer): Promise<HeicAnswer> {
      if (idle) clearTimeout(idle);
      worker ??= start();
      const id = ++nextId;
      const answer = new Promise<HeicAnswer>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, file: new Uint8Array(file), maxPixels: IMAGE_LIMITS.maxPixels, maxSide: IMAGE_LIMITS.maxSide });
      try {
        return await answer;
      } finally {
        if (waiting.size === 0) {
          idle = setTimeout(() => {
            const w = worker;
            worker = undefined;
            void w?.terminate();
          }, HEIC_WORKER_IDLE_MS);
          idle.unref();
        }
      }
    },
  };
})();
