import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { LISTING_PHOTO } from '@nj/contracts';

/**
 * Downloads one photo a listing provider advertises (decision 033 'Photos'): the bytes, for the same photo pipeline
 * owners' uploads go through. Throws PhotoFetchError.
 */
export type PhotoFetcher = (url: string) => Promise<Buffer>;

/**
 * Why a photo was not downloaded. `permanent`: trying again gives the same answer (not http(s), a private address,
 * too large, a 4xx, too many redirects) — the photo is dropped; otherwise (network, timeout, 5xx, 429) the job
 * queue retries it.
 */
export class PhotoFetchError extends Error {
  constructor(message: string, readonly permanent: boolean) {
    super(message);
    this.name = 'PhotoFetchError';
  }
}

/** What createPhotoFetcher takes. */
export type PhotoFetcherOptions = {
  /**
   * Whether loopback addresses (127.0.0.0/8, ::1, `localhost`) may be fetched: outside production only (the tests'
   * fake providers listen on 127.0.0.1), like decision 030 counts `.test` domains as verified only outside
   * production. Other private, link-local and reserved addresses are refused everywhere.
   */
  allowLoopback: boolean;
  /** Whole download (every redirect and the body), ms (default 20 s). */
  timeoutMs?: number;
  /** Most bytes read; a larger body is aborted mid-stream (default LISTING_PHOTO.maxBytes, 15 MB). */
  maxBytes?: number;
  /** Redirects followed, each checked like the first URL (default 3). */
  maxRedirects?: number;
  /**
   * Origins answered in this process instead of over the network (`http://easybroker.sandbox` → the sandbox's fake
   * API): only the sandbox providers add them, never in production.
   */
  inProcess?: Record<string, (request: Request) => Promise<Response>>;
  /** DNS look-up (tests); default node:dns lookup. */
  lookup?: typeof dnsLookup;
};

/** Addresses no photo is fetched from: private, shared, link-local (cloud metadata), multicast, reserved. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether a photo may be fetched from `address` (an IPv4 or IPv6 literal; IPv4-mapped IPv6 judged as its IPv4):
 * public addresses yes; loopback only with `allowLoopback`; private, link-local, multicast and reserved never.
 */
export function isPhotoAddressAllowed(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  const ip = mapped ?? address;
  const type = isIP(ip) === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(ip, type)) return allowLoopback;
  return !BLOCKED.check(ip, type);
}

/** A DNS look-up that answers only allowed addresses (every address of the name must be allowed). */
function checkedLookup(allowLoopback: boolean, lookup: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const list = addresses as unknown as LookupAddress[];
      if (error) return callback(error, '', 0);
      if (!Array.isArray(list) || list.length === 0 || list.some((a) => !isPhotoAddressAllowed(a.address, allowLoopback))) {
        return callback(new PhotoFetchError(`address of ${hostname} not allowed`, true) as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

type Hop = { status: number; location: string | null; length: number | null; body: AsyncIterable<Uint8Array>; discard: () => void };

/** One GET over the network, connecting only to allowed addresses (the check is made on the address connected to). */
function networkHop(url: URL, options: PhotoFetcherOptions, signal: AbortSignal): Promise<Hop> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !isPhotoAddressAllowed(host, options.allowLoopback)) throw new PhotoFetchError(`address ${host} not allowed`, true);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(url, {
      headers: { accept: 'image/*', 'user-agent': 'NJInmuebles-fotos/1.0' },
      lookup: checkedLookup(options.allowLoopback, options.lookup ?? dnsLookup),
      agent: false,
      signal,
    }, (response) => {
      const length = Number(response.headers['content-length']);
      resolve({
        status: response.statusCode ?? 0,
        location: typeof response.headers.location === 'string' ? response.headers.location : null,
        length: Number.isFinite(length) ? length : null,
        body: response,
        discard: () => response.destroy(),
      });
    });
    request.on('error', (error) => reject(error));
  });
}

/** One GET answered in this process (the sandbox's fake API). */
async function inProcessHop(handle: (request: Request) => Promise<Response>, url: URL, signal: AbortSignal): Promise<Hop> {
  const response = await handle(new Request(url, { headers: { accept: 'image/*' }, signal }));
  const length = Number(response.headers.get('content-length'));
  const body = response.body;
  return {
    status: response.status,
    location: response.headers.get('location'),
    length: response.headers.has('content-length') && Number.isFinite(length) ? length : null,
    body: (body ?? new ReadableStream<Uint8Array>()) as unknown as AsyncIterable<Uint8Array>,
    discard: () => void body?.cancel().catch(() => undefined),
  };
}

/**
 * The photo downloader of the integrations' photo job (decision 033 'Photos'): GET of an http(s) URL, following at
 * most `maxRedirects` redirects, each target checked again (scheme, address); the address is checked on the
 * connection itself (a custom DNS look-up, and IP literals directly), so a name that resolves to a private address,
 * or a redirect to one, is refused; the body is streamed and aborted past `maxBytes`; the whole download has one
 * time limit. Takes PhotoFetcherOptions; returns the PhotoFetcher.
 * The fetcher throws PhotoFetchError: permanent for a URL that is not http(s), a refused address, a body over the
 * limit, an answer 4xx (but 408/429) or another non-2xx that is not a redirect, too many redirects; transient for
 * network errors, the time limit, 408, 429 and 5xx.
 */
export function createPhotoFetcher(options: PhotoFetcherOptions): PhotoFetcher {
  const maxBytes = options.maxBytes ?? LISTING_PHOTO.maxBytes;
  const maxRedirects = options.maxRedirects ?? 3;
  return async (raw) => {
    const signal = AbortSignal.timeout(options.timeoutMs ?? 20_000);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new PhotoFetchError('not a URL', true);
    }
    for (let hops = 0; ; hops++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PhotoFetchError(`scheme ${url.protocol} not allowed`, true);
      if (url.username || url.password) throw new PhotoFetchError('credentials in URL not allowed', true);
      const local = options.inProcess?.[url.origin];
      let hop: Hop;
      try {
        hop = local ? await inProcessHop(local, url, signal) : await networkHop(url, options, signal);
      } catch (error) {
        if (error instanceof PhotoFetchError) throw error;
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof PhotoFetchError) throw cause;
        throw new PhotoFetchError(signal.aborted ? 'timed out' : `network: ${error instanceof Error ? error.message : String(error)}`, false);
      }
      if ([301, 302, 303, 307, 308].includes(hop.status)) {
        hop.discard();
        if (!hop.location) throw new PhotoFetchError(`redirect ${hop.status} without Location`, true);
        if (hops >= maxRedirects) throw new PhotoFetchError('too many redirects', true);
        try {
          url = new URL(hop.location, url);
        } catch {
          throw new PhotoFetchError('redirect to an invalid URL', true);
        }
        continue;
      }
      if (hop.status < 200 || hop.status > 299) {
        hop.discard();
        const transient = hop.status === 408 || hop.status === 429 || hop.status >= 500;
        throw new PhotoFetchError(`answered ${hop.status}`, !transient);
      }
      if (hop.length !== null && hop.length > maxBytes) {
        hop.discard();
        throw new PhotoFetchError(`declares ${hop.length} bytes`, true);
      }
      const chunks: Buffer[] = [];
      let total = 0;
      try {
        for await (const chunk of hop.body) {
          total += chunk.byteLength;
          if (total > maxBytes) {
            hop.discard();
            throw new PhotoFetchError(`over ${maxBytes} bytes`, true);
          }
          chunks.push(Buffer.from(chunk));
        }
      } catch (error) {
        hop.discard();
        if (error instanceof PhotoFetchError) throw error;
        throw new PhotoFetchError(signal.aborted ? 'timed out' : 'body cut short', false);
      }
      return Buffer.concat(chunks);
    }
  };
}
