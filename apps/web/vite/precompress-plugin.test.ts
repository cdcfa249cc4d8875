import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressPlugin } from './precompress-plugin.ts';

type WriteBundle = (options: { dir?: string }, bundle: Record<string, unknown>) => Promise<void>;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('precompressPlugin', () => {
  it('writes a Brotli and a gzip copy of each text asset over 1 kB that decompress to the file, and skips the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nj-precompress-'));
    dirs.push(dir);
    const script = `export const text = ${JSON.stringify('casa en renta '.repeat(400))};\n`;
    const style = `.nj-card { color: #123456; }\n`.repeat(100);
    const bundle = {
      'assets/app.js': { type: 'chunk', fileName: 'assets/app.js', code: script },
      'assets/app.css': { type: 'asset', fileName: 'assets/app.css', source: new TextEncoder().encode(style) },
      'assets/tiny.js': { type: 'chunk', fileName: 'assets/tiny.js', code: 'export {};' },
      'assets/photo.png': { type: 'asset', fileName: 'assets/photo.png', source: new Uint8Array(4096) },
    };
    mkdirSync(join(dir, 'assets'));
    for (const [name, item] of Object.entries(bundle)) writeFileSync(join(dir, name), 'code' in item ? item.code : item.source);
    const plugin = precompressPlugin();
    await (plugin.writeBundle as unknown as WriteBundle)({ dir }, bundle);

    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets/app.js.gz'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/app.css.br'))).toString()).toBe(style);
    expect(readFileSync(join(dir, 'assets/app.js.br')).length).toBeLessThan(script.length / 4);
    expect(existsSync(join(dir, 'assets/tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/photo.png.br'))).toBe(false);
  });
});
