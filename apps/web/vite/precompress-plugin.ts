import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing ahead: text assets larger than this many bytes. */
const MIN_BYTES = 1024;
const TEXT_ASSET = /\.(js|mjs|css|svg|json)$/;

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text asset of the browser
 * build (scripts, styles, the MapLibre worker) larger than 1 kB, so the server sends them compressed without
 * compressing on each request (`@fastify/static`'s `preCompressed`, apps/server/src/ssr/react-router-handler.ts;
 * issue 9 §8 "Fast on a phone": a slow phone connection waits less for the bytes the first paint needs, and the
 * server answers each of a page's scripts at once). Only the `client` environment's output; returns the plugin.
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'nj-precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(Object.values(bundle).map(async (item) => {
        if (!TEXT_ASSET.test(item.fileName)) return;
        const source = item.type === 'chunk' ? item.code : item.source;
        const body = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (body.length < MIN_BYTES) return;
        const path = join(dir, item.fileName);
        const [br, gzipped] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
      }));
    },
  };
}
