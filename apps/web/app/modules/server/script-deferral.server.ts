import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { typedRecorderSource } from '../layout/typed-before-hydration.ts';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\bhref="([^"]+)"[^>]*>/g;
// React Router's `<Scripts>`: the inline module script that imports the route modules and then the client entry.
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
const HELD_ID = 'nj-entry';

/**
 * The classic inline script that starts the page's scripts once the page has loaded: it adds the held module
 * preloads (`hrefs`) and runs the held module script (the `<script type="text/x-nj-module" id="nj-entry">` before
 * it) as a module with the page's nonce, one frame after the `load` event (at once if that has already passed).
 * Until hydration it also records what is typed into text fields (`typedRecorderSource`), which the root layout
 * gives back to React after hydrating.
 */
function starter(hrefs: string[]): string {
  return `${typedRecorderSource()}(function(){var n=document.currentScript.nonce,h=${JSON.stringify(hrefs)};function go(){h.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.appendChild(l)});var s=document.createElement('script');s.type='module';s.nonce=n;s.textContent=document.getElementById('${HELD_ID}').textContent;document.body.appendChild(s)}function after(){requestAnimationFrame(function(){setTimeout(go,0)})}if(document.readyState==='complete')after();else addEventListener('load',after,{once:true})})();`;
}

/**
 * A stream of a rendered page's bytes in which the page's scripts start only after the page has loaded (issue 9 §8
 * "Fast on a phone"): the `<link rel="modulepreload">` tags of the head are taken out, and React Router's inline
 * module script (which imports the route modules and the client entry, then hydrates) is held as an inert
 * `<script type="text/x-nj-module">` followed by a small classic script (same nonce) that, one frame after `load`,
 * adds the preloads back and runs it as a module. What a person sees first — the server-rendered page, its
 * stylesheet and pictures — no longer shares a slow connection or the main thread with ~300 kB of scripts; links
 * work before hydration as plain links. Everything else streams through untouched (the loader data's inline
 * scripts included). A page without the module script (an error page without scripts) passes through with its
 * preloads removed and nothing started. Returns the Transform to pipe the render through.
 */
export function deferScriptsUntilLoad(): Transform {
  let held = '';
  let done = false;
  const hrefs: string[] = [];
  const decoder = new StringDecoder('utf8'); // a character split between two chunks stays whole
  /** Removes the preload tags from `text` (recording their hrefs); returns the rest. */
  const dropPreloads = (text: string) => text.replace(MODULE_PRELOAD, (_tag, href: string) => {
    hrefs.push(href);
    return '';
  });
  /** Swaps the module script in `text` when it is there whole; null while it may still be arriving. */
  const swap = (text: string): string | null => {
    const match = MODULE_SCRIPT.exec(text);
    if (!match) return null;
    const [whole, nonce, body] = match;
    const replacement = `<script nonce="${nonce}" type="text/x-nj-module" id="${HELD_ID}">${body}</script>`
      + `<script nonce="${nonce}">${starter(hrefs)}</script>`;
    return text.slice(0, match.index) + replacement + text.slice(match.index + whole!.length);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      held += decoder.write(chunk);
      // A preload tag cut between chunks does not match until its end has arrived.
      held = dropPreloads(held);
      const swapped = swap(held);
      if (swapped === null) return callback();
      done = true;
      held = '';
      callback(null, Buffer.from(swapped, 'utf8'));
    },
    flush(callback) {
      if (done) return callback();
      held = dropPreloads(held + decoder.end());
      callback(null, held ? Buffer.from(held, 'utf8') : undefined);
    },
  });
}
