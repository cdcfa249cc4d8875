import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lowerModulePreloads, lowerModulePreloadsInHead } from './script-priority.server.ts';

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c, 'utf8'))).pipe(lowerModulePreloadsInHead());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('lowerModulePreloads', () => {
  it('gives every module preload a low fetch priority and leaves other links and a set priority alone', () => {
    const html = '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/assets/a.css"/>'
      + '<link rel="modulepreload" fetchpriority="high" href="/assets/b.js"/>';
    expect(lowerModulePreloads(html)).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/assets/a.css"/>'
      + '<link rel="modulepreload" fetchpriority="high" href="/assets/b.js"/>',
    );
  });
});

describe('lowerModulePreloadsInHead', () => {
  it('rewrites the head even when a tag is split between chunks, and streams the body untouched', async () => {
    const page = await through([
      '<!DOCTYPE html><html><head><link rel="module', 'preload" href="/assets/a.js"/></he', 'ad><body>',
      '<link rel="modulepreload" href="/assets/in-body.js"/></body></html>',
    ]);
    expect(page).toBe('<!DOCTYPE html><html><head><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/></head><body>'
      + '<link rel="modulepreload" href="/assets/in-body.js"/></body></html>');
  });

  it('passes on a page without a head, transformed, when it ends, with a character split between chunks whole', async () => {
    const out: Buffer[] = [];
    const bytes = Buffer.from('<link rel="modulepreload" href="/x.js"/><p>á</p>', 'utf8');
    const cut = bytes.indexOf(Buffer.from('á', 'utf8')) + 1; // inside the two bytes of 'á'
    const stream = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(lowerModulePreloadsInHead());
    for await (const chunk of stream) out.push(chunk as Buffer);
    expect(Buffer.concat(out).toString('utf8')).toBe('<link rel="modulepreload" fetchpriority="low" href="/x.js"/><p>á</p>');
  });
});
