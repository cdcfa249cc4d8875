import { Readable } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferScriptsUntilLoad } from './script-deferral.server.ts';

async function through(chunks: (string | Buffer)[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c))).pipe(deferScriptsUntilLoad());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

const HEAD = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>'
  + '<link rel="stylesheet" href="/assets/a.css"/><link rel="modulepreload" href="/assets/root-B.js" nonce="n1"/></head>';
const MODULE = '<script nonce="n1" type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\n'
  + 'window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-A.js");</script>';
const CONTEXT = '<script nonce="n1">window.__reactRouterContext = {};</script>';
const DATA = '<script nonce="n1">window.__reactRouterContext.streamController.enqueue("[1]");</script>';

/** Runs the page's starter script against a minimal document; returns what it added and when. */
function runStarter(page: string, readyState: 'loading' | 'complete') {
  const starter = /<script nonce="n1">(\(function\(\)[\s\S]*?)<\/script>/.exec(page)![1]!;
  const held = /<script nonce="n1" type="text\/x-nj-module" id="nj-entry">([\s\S]*?)<\/script>/.exec(page)![1]!;
  const added: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = [];
  const queue: (() => void)[] = [];
  const listeners: Record<string, () => void> = {};
  const make = (tag: string) => ({ tag } as (typeof added)[number]);
  const documentListeners: Record<string, (e: unknown) => void> = {};
  const document = {
    readyState,
    addEventListener: (name: string, fn: (e: unknown) => void) => { documentListeners[name] = fn; },
    removeEventListener: (name: string) => { delete documentListeners[name]; },
    currentScript: { nonce: 'n1' },
    createElement: make,
    getElementById: (id: string) => (id === 'nj-entry' ? { textContent: held } : null),
    head: { appendChild: (el: (typeof added)[number]) => added.push(el) },
    body: { appendChild: (el: (typeof added)[number]) => added.push(el) },
  };
  const window: Record<string, any> = {};
  runInNewContext(starter, {
    window,
    document,
    addEventListener: (name: string, fn: () => void) => { listeners[name] = fn; },
    requestAnimationFrame: (fn: () => void) => queue.push(fn),
    setTimeout: (fn: () => void) => queue.push(fn),
  });
  const drain = () => { while (queue.length) queue.shift()!(); };
  return { added, listeners, drain, held, window, documentListeners };
}

describe('deferScriptsUntilLoad (issue 9 §8)', () => {
  it('takes the module preloads out, holds the module script inert and streams the rest untouched', async () => {
    const page = await through([HEAD, '<body><main>Hola</main>', CONTEXT, MODULE, DATA, '</body></html>']);
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).toContain('<link rel="stylesheet" href="/assets/a.css"/>');
    expect(page).not.toContain('type="module"');
    expect(page).toContain(`<script nonce="n1" type="text/x-nj-module" id="nj-entry">${MODULE.slice(MODULE.indexOf('>') + 1, -'</script>'.length)}</script>`);
    expect(page.indexOf(CONTEXT)).toBeLessThan(page.indexOf('nj-entry'));
    expect(page).toContain(DATA);
    expect(page.endsWith('</body></html>')).toBe(true);
  });

  it('starts the scripts one frame after load: preloads back in the head, then the held script as a module with the nonce', async () => {
    const page = await through([HEAD, '<body>', CONTEXT, MODULE, '</body></html>']);
    const before = runStarter(page, 'loading');
    before.drain();
    expect(before.added).toEqual([]);
    before.listeners.load!();
    expect(before.added).toEqual([]);
    before.drain();
    expect(before.added).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-A.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-B.js' },
      { tag: 'script', type: 'module', nonce: 'n1', textContent: before.held },
    ]);
    // Until hydration, what is typed into text fields is recorded for the root layout to give back to React.
    const field = { value: 'guadalajra', type: 'text' };
    before.documentListeners.input!({ target: field });
    before.documentListeners.input!({ target: { value: 'on', type: 'checkbox' } });
    expect([...before.window.__njTypedBeforeHydration.values]).toEqual([[field, 'guadalajra']]);
    before.window.__njTypedBeforeHydration.stop();
    expect(before.documentListeners.input).toBeUndefined();
    const loaded = runStarter(page, 'complete');
    loaded.drain();
    expect(loaded.added.map((e) => e.tag)).toEqual(['link', 'link', 'script']);
  });

  it('finds tags split between chunks and keeps a character split between chunks whole', async () => {
    const whole = Buffer.from(`${HEAD}<body><p>Mañana</p>${CONTEXT}${MODULE}</body></html>`, 'utf8');
    const at = (s: string) => whole.indexOf(Buffer.from(s, 'utf8'));
    const cuts = [at('preload" href="/assets/root') , at('ñ') + 1, at('import * as') + 3, at('</script>', ) + 2].sort((a, b) => a - b);
    const parts: Buffer[] = [];
    let from = 0;
    for (const cut of cuts) {
      parts.push(whole.subarray(from, cut));
      from = cut;
    }
    parts.push(whole.subarray(from));
    const page = await through(parts);
    expect(page).toBe(await through([whole.toString('utf8')]));
    expect(page).toContain('<p>Mañana</p>');
    expect(page).toContain('id="nj-entry"');
    expect(page).not.toContain('modulepreload" href');
  });

  it('passes a page without the module script through at its end, preloads removed and nothing started', async () => {
    const page = await through([HEAD, '<body><h1>Error</h1></body></html>']);
    expect(page).toBe('<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/a.css"/></head><body><h1>Error</h1></body></html>');
  });
});
