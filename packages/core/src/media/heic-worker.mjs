// Decodes HEIC images for decode-image.ts in a worker thread, so the memory libheif's WebAssembly heap grows to
// (it never shrinks) is given back when the worker ends. Plain JavaScript: it runs without the TypeScript loader.
// Message in: { id, file: Uint8Array, maxPixels, maxSide }. Message out: { id, width, height, data?: Uint8ClampedArray
// (RGBA, transferred), tooManyPixels?: true, error?: string }. The size is read from the container before decoding.
import { parentPort } from 'node:worker_threads';
import decodeHeic from 'heic-decode';

parentPort.on('message', async ({ id, file, maxPixels, maxSide }) => {
  try {
    const images = await decodeHeic.all({ buffer: file });
    try {
      const primary = images[0];
      if (!primary) throw new Error('no image in the HEIF file');
      const { width, height } = primary;
      if (!(width > 0 && height > 0)) throw new Error('bad HEIF size');
      if (width * height > maxPixels || Math.max(width, height) > maxSide) {
        parentPort.postMessage({ id, width, height, tooManyPixels: true });
        return;
      }
      const decoded = await primary.decode();
      if (decoded.width !== width || decoded.height !== height) throw new Error('HEIF size changed while decoding');
      parentPort.postMessage({ id, width, height, data: decoded.data }, [decoded.data.buffer]);
    } finally {
      images.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
