import { COMPRESS_MIN_BYTES, compressBody, pickEncoding, type Encoding } from '../compression.ts';

/**
 * A micro-cache of server-rendered pages for visitors without a registered session (issue 7 "Under load": render an
 * anonymous page once per URL for a few seconds). Entries are keyed by the caller (URL plus whatever the page varies
 * by), live `ttlMs`, and the cache holds at most `maxEntries` pages and `maxBytes` of bodies (oldest dropped first).
 * Concurrent misses of one key are coalesced: one render runs, the others wait for it (200 simultaneous visitors of
 * a cold page cost one render).
 *
 * A page may carry the CSP nonce of the request that rendered it; `nonceFor` replaces it with the nonce of the
 * request being served, so the Content-Security-Policy header and the `<script nonce>` attributes agree.
 */

/** A rendered page as it is kept: status, headers (set-cookie never among them), the whole body. */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The CSP nonce of the request that rendered it (its occurrences in the body are replaced per request). */
  nonce: string | undefined;
  /** Compressed bodies of a page without a nonce, made on first use (see encodePage). */
  encoded?: Partial<Record<Encoding, Buffer>>;
  /** The body split at the nonce's occurrences, made on first use (see nonceFor). */
  segments?: Buffer[];
};

/** Content encodings a cached page is sent with. */
/** Cached pages are compressed once with these settings; per request (nonce swapped) with the fast ones. */
const SLOW = { brotliQuality: 5, gzipLevel: 6 };
const FAST = { brotliQuality: 2, gzipLevel: 1 };

type Entry = { page: CachedPage; expires: number };

export type PageCacheOptions = {
  /** How long a page is served from the cache, ms (a few seconds). */
  ttlMs: number;
  /**
   * How long after that an expired page may still be served while one request renders it again in the background
   * (stale-while-revalidate; 0 = never: every caller waits for the new render), ms.
   */
  staleMs?: number;
  /** Most pages kept. */
  maxEntries: number;
  /** Most body bytes kept, all pages together. */
  maxBytes: number;
  /** Clock in ms (tests). */
  now?: () => number;
};

/** How a page was obtained: from the cache, rendered by this call, or by a concurrent call this one waited for. */
export type PageSource = 'hit' | 'stale' | 'miss' | 'coalesced';

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Pages currently kept (expired ones included until they are touched or evicted). */
  get size(): number {
    return this.entries.size;
  }

  /** Body bytes currently kept. */
  get byteSize(): number {
    return this.bytes;
  }

  /** The fresh page under `key`, or undefined (an expired one is dropped). */
  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.page;
  }

  /**
   * The page under `key`: from the cache when fresh; when expired less than staleMs ago, the old page at once while
   * `render` runs in the background to replace it (one at a time per key; its failure is ignored and leaves the old
   * page to age out); else from `render`, run once for all concurrent callers of the key. `render` resolves a page
   * to keep, or null when the result must not be shared (it set a cookie, it failed, it is personal): then the
   * caller that rendered gets null and so do the waiters, who render for themselves. A rejected render rejects only
   * its own caller; waiters get null. `ttlMs` (default the cache's) is how long a page rendered here is kept.
   * Returns the page (or null) and how it was obtained.
   */
  async getOrRender(
    key: string, render: () => Promise<CachedPage | null>, ttlMs = this.options.ttlMs,
  ): Promise<{ page: CachedPage | null; source: PageSource }> {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && entry.expires > now) return { page: entry.page, source: 'hit' };
    const pending = this.inflight.get(key);
    if (entry && entry.expires + (this.options.staleMs ?? 0) > now) {
      if (!pending) void this.start(key, render, ttlMs).catch(() => undefined);
      return { page: entry.page, source: 'stale' };
    }
    if (entry) this.delete(key);
    if (pending) return { page: await pending.catch(() => null), source: 'coalesced' };
    return { page: await this.start(key, render, ttlMs), source: 'miss' };
  }

  /** Runs `render` as the one render of `key`, keeping its page. */
  private async start(key: string, render: () => Promise<CachedPage | null>, ttlMs: number): Promise<CachedPage | null> {
    const run = render();
    this.inflight.set(key, run);
    try {
      const page = await run;
      if (page) this.set(key, page, ttlMs);
      else this.delete(key);
      return page;
    } finally {
      this.inflight.delete(key);
    }
  }

  /** Keeps `page` under `key` for `ttlMs` (default the cache's); a page larger than a quarter of maxBytes is not kept. */
  set(key: string, page: CachedPage, ttlMs = this.options.ttlMs): void {
    if (page.body.length > this.options.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, { page, expires: this.now() + ttlMs });
    this.bytes += page.body.length;
    // Map iteration is insertion order: the first entries are the oldest.
    for (const [k] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(k);
    }
  }

  /** Drops every page whose key `matches` (e.g. the pages of a listing that changed). Returns how many. */
  deleteWhere(matches: (key: string) => boolean): number {
    let n = 0;
    for (const key of [...this.entries.keys()]) {
      if (matches(key)) {
        this.delete(key);
        n++;
      }
    }
    return n;
  }

  /** Empties the cache. */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.page.body.length;
    this.entries.delete(key);
  }
}

/**
 * The body and headers of `page` for a request whose CSP nonce is `nonce`: every occurrence of the nonce the page
 * was rendered with is replaced by `nonce` (nonces are 128-bit random strings, so no other text matches; the body
 * is split at them once and joined per request). Without a nonce on either side the page is returned as it is.
 * Returns the body as a Buffer and the headers.
 */
export function nonceFor(page: CachedPage, nonce: string | undefined): { body: Buffer; headers: [string, string][] } {
  const old = page.nonce;
  if (!old || !nonce || old === nonce) return { body: page.body, headers: page.headers };
  page.segments ??= splitAll(page.body, Buffer.from(old, 'utf8'));
  const fresh = Buffer.from(nonce, 'utf8');
  const parts: Buffer[] = [];
  page.segments.forEach((segment, i) => {
    if (i > 0) parts.push(fresh);
    parts.push(segment);
  });
  const body = Buffer.concat(parts);
  const headers = page.headers.map(([k, v]): [string, string] => [k, v.includes(old) ? v.replaceAll(old, nonce) : v]);
  return { body, headers };
}

function splitAll(body: Buffer, needle: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at >= 0; at = body.indexOf(needle, from)) {
    out.push(body.subarray(from, at));
    from = at + needle.length;
  }
  out.push(body.subarray(from));
  return out;
}

/**
 * The bytes to send for `page` to a request with CSP nonce `nonce` and the given Accept-Encoding: the body with the
 * nonce put in (nonceFor), compressed when the client accepts br or gzip. A page without a nonce to replace is
 * compressed once (brotli quality 5, gzip level 6) and the result kept with the page; a page whose nonce changes
 * per request is compressed per request with fast settings (brotli quality 2, gzip level 1: ~0.4 ms for 125 kB).
 * Returns the body, its encoding (null = identity) and the headers.
 */
export function encodePage(page: CachedPage, nonce: string | undefined, acceptEncoding: string | string[] | undefined): {
  body: Buffer; encoding: Encoding | null; headers: [string, string][];
} {
  const { body, headers } = nonceFor(page, nonce);
  const encoding = body.length >= COMPRESS_MIN_BYTES ? pickEncoding(acceptEncoding) : null;
  if (!encoding) return { body, encoding: null, headers };
  if (body === page.body) {
    page.encoded ??= {};
    const done = (page.encoded[encoding] ??= compressBody(body, encoding, SLOW));
    return { body: done, encoding, headers };
  }
  return { body: compressBody(body, encoding, FAST), encoding, headers };
}
