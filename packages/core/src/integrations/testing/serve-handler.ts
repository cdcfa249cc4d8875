import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { listenLocally, readBody } from '../../testing/listen-locally.ts';

/**
 * For tests: serves a web handler (Request → Response, e.g. a fake provider API of fake-provider-apis.ts) on a free
 * local port, so the real clients talk to it over HTTP. Bodies are streamed (a test's endless body stops when the
 * client hangs up).
 * @returns its base URL and close()
 */
export async function serveHandler(handle: (request: Request) => Promise<Response>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const response = await handle(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) {
      res.end();
      return;
    }
    const stream = Readable.fromWeb(response.body as unknown as NodeReadableStream);
    res.on('close', () => stream.destroy());
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });
  return listenLocally(server);
}

/**
 * For tests: a `serve(handle)` that serves a handler like serveHandler and answers its base URL, remembering every
 * server so `closeAll()` (an afterEach) closes them.
 */
export function servedHandlers(): { serve: (handle: (request: Request) => Promise<Response>) => Promise<string>; closeAll: () => Promise<void> } {
  const closers: (() => Promise<void>)[] = [];
  return {
    serve: async (handle) => {
      const s = await serveHandler(handle);
      closers.push(s.close);
      return s.url;
    },
    closeAll: async () => {
      while (closers.length) await closers.pop()!();
    },
  };
}
