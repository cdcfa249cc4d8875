import { createEasyBrokerClient, EASYBROKER_API_URL } from './easybroker-client.ts';
import { createFakeEasyBroker, createFakeKw, inProcessFetch } from './fake-provider-apis.ts';
import { createKwClient } from './kw-client.ts';
import { createPhotoFetcher, type PhotoFetcher } from './fetch-listing-photo.ts';
import type { EasyBrokerCredentials, KwCredentials, ListingSource } from './synced-listing.ts';

/** Which client each provider gets (ServerConfig.integrations): the real API at a base URL, the sandbox, or none. */
export type ListingSourcesSettings = {
  easybroker: { provider: 'easybroker'; baseUrl: string } | { provider: 'sandbox' } | { provider: 'none' };
  kw: { provider: 'kw'; baseUrl: string } | { provider: 'sandbox' } | { provider: 'none' };
};

/**
 * The built clients (AppServices.listingSources); null where the provider is not configured. `photos` downloads the
 * photos the providers advertise (decision 033 'Photos'; absent: the job handlers build a production-strict one).
 */
export type ListingSources = {
  easybroker: ListingSource<EasyBrokerCredentials> | null;
  kw: ListingSource<KwCredentials> | null;
  photos?: PhotoFetcher;
};

/** The variables readListingSourcesSettings reads. */
export const INTEGRATION_VARIABLES = ['EASYBROKER_PROVIDER', 'EASYBROKER_API_URL', 'KW_PROVIDER', 'KW_API_URL'] as const;
type Variable = (typeof INTEGRATION_VARIABLES)[number];

function url(name: Variable, value: string): string {
  if (!/^https?:\/\/[^\s/]+/.test(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/$/, '');
}

/**
 * Reads EASYBROKER_PROVIDER=easybroker|sandbox|none (default: sandbox outside production, easybroker in production)
 * with EASYBROKER_API_URL (default https://api.easybroker.com/v1; e.g. https://api.stagingeb.com/v1), and
 * KW_PROVIDER=kw|sandbox|none (default: sandbox outside production; in production kw when KW_API_URL is set, else
 * none) with KW_API_URL (the partner API root, required for kw). Throws Error naming the variable: an unknown
 * provider, sandbox in production, a missing or malformed URL.
 */
export function readListingSourcesSettings(env: { [K in Variable]?: string | undefined }, isProduction: boolean): ListingSourcesSettings {
  const value = (name: Variable) => env[name]?.trim() || undefined;
  const eb = value('EASYBROKER_PROVIDER')?.toLowerCase() ?? (isProduction ? 'easybroker' : 'sandbox');
  const kw = value('KW_PROVIDER')?.toLowerCase() ?? (isProduction ? (value('KW_API_URL') ? 'kw' : 'none') : 'sandbox');
  if (!['easybroker', 'sandbox', 'none'].includes(eb)) throw new Error(`EASYBROKER_PROVIDER must be easybroker, sandbox or none, got "${eb}"`);
  if (!['kw', 'sandbox', 'none'].includes(kw)) throw new Error(`KW_PROVIDER must be kw, sandbox or none, got "${kw}"`);
  if (isProduction && eb === 'sandbox') throw new Error('EASYBROKER_PROVIDER=sandbox is not allowed in production');
  if (isProduction && kw === 'sandbox') throw new Error('KW_PROVIDER=sandbox is not allowed in production');
  const kwUrl = value('KW_API_URL');
  if (kw === 'kw' && !kwUrl) throw new Error('KW_API_URL must be set when KW_PROVIDER is kw');
  return {
    easybroker: eb === 'easybroker' ? { provider: 'easybroker', baseUrl: url('EASYBROKER_API_URL', value('EASYBROKER_API_URL') ?? EASYBROKER_API_URL) } : { provider: eb as 'sandbox' | 'none' },
    kw: kw === 'kw' ? { provider: 'kw', baseUrl: url('KW_API_URL', kwUrl!) } : { provider: kw as 'sandbox' | 'none' },
  };
}

/**
 * Builds the listing clients once per process. The sandbox is the real client whose requests go to the in-process
 * fake of the provider's API (fake-provider-apis.ts): the same paging, rate limit (429 + Retry-After) and refusals
 * as the provider, over a stable set of Mexican listings per key, whose photos the fake serves too. `photos` is the
 * photo downloader: loopback addresses allowed only when `options.isProduction` is false (default: refused).
 */
export function createListingSources(settings: ListingSourcesSettings, options: { isProduction?: boolean } = {}): ListingSources {
  const e = settings.easybroker;
  const k = settings.kw;
  const fakeEb = e.provider === 'sandbox' ? createFakeEasyBroker() : null;
  const fakeKw = k.provider === 'sandbox' ? createFakeKw() : null;
  const inProcess: Record<string, (request: Request) => Promise<Response>> = {};
  if (fakeEb) inProcess['http://easybroker.sandbox'] = fakeEb.handle;
  if (fakeKw) inProcess['http://kw.sandbox'] = fakeKw.handle;
  return {
    easybroker: e.provider === 'easybroker' ? createEasyBrokerClient({ baseUrl: e.baseUrl })
      : fakeEb ? createEasyBrokerClient({ baseUrl: 'http://easybroker.sandbox/v1', fetch: inProcessFetch(fakeEb) }) : null,
    kw: k.provider === 'kw' ? createKwClient({ baseUrl: k.baseUrl })
      : fakeKw ? createKwClient({ baseUrl: 'http://kw.sandbox/reso/odata', fetch: inProcessFetch(fakeKw) }) : null,
    // Loopback only outside production (decision 033 'Photos'); the sandboxes' photos are answered in this process.
    photos: createPhotoFetcher({ allowLoopback: options.isProduction === false, inProcess }),
  };
}
