import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g;

/**
 * `html` with `fetchpriority="low"` on every `<link rel="modulepreload" …>` that names no priority of its own.
 * React Router's `<Scripts>` preloads every script of the page at the browser's high priority, so on a slow phone
 * connection ~300 kB of scripts compete with the stylesheet and the first picture for the first paint; at low
 * priority the browser fetches them after what the page paints first (issue 9 §8 "Fast on a phone"). The scripts
 * themselves are unchanged and still load at once; React Router offers no option for this.
 */
export function lowerModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * A stream of a rendered page's bytes that passes them on with `lowerModulePreloads` applied to the document's head
 * (everything up to `</head>`, held back until it has arrived whole; the body streams through untouched). A page
 * without `</head>` is passed on, transformed, when it ends. Returns the Transform to pipe the render through.
 */
export function lowerModulePreloadsInHead(): Transform {
  let head = '';
  let inHead = true;
  const decoder = new StringDecoder('utf8'); // a character split between two chunks stays whole
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!inHead) return done(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf('</head>');
      if (end < 0) return done();
      inHead = false;
      const out = lowerModulePreloads(head.slice(0, end)) + head.slice(end) + decoder.end();
      head = '';
      done(null, Buffer.from(out, 'utf8'));
    },
    flush(done) {
      if (!inHead) return done();
      head += decoder.end();
      done(null, head ? Buffer.from(lowerModulePreloads(head), 'utf8') : undefined);
    },
  });
}
