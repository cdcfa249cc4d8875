import { RUNS_IN_PRODUCTION } from '../config/server-config.ts';

/**
 * Who may hold which base domain, and when a domain counts as verified (issue 15 hardening; decision 030 'Domain
 * verification'). Pure functions; the DNS check is `verify-site-domain.ts`.
 */

/** The DNS name of the TXT record that verifies `domain`: `_nj-verificacion.<domain>`. */
export const verificationRecordName = (domain: string): string => `_nj-verificacion.${domain}`;

/** Host names that can only point at this machine (`asociacion.localhost`, `asociacion.test`). */
const LOCAL_DOMAIN = /(^|\.)(localhost|test)$/;

/**
 * True when local domains (`*.localhost`, `*.test`) count as verified without a TXT record: everywhere except
 * production (NODE_ENV=production), where only a stamped verification counts.
 */
export const localDomainsCountAsVerified = (): boolean => !RUNS_IN_PRODUCTION;

/**
 * Whether `domain` may serve its site and receive login tokens: verified by DNS (`verifiedAt` set), or a local
 * domain outside production.
 * @param domain lower-case host name, or null (no site)
 * @param localCountsAsVerified whether local domains count without a record (default: outside production)
 */
export function isDomainVerified(domain: string | null, verifiedAt: Date | null, localCountsAsVerified = localDomainsCountAsVerified()): boolean {
  if (!domain) return false;
  return verifiedAt !== null || (localCountsAsVerified && LOCAL_DOMAIN.test(domain));
}

/**
 * True when `domain` is the product's own host (the hostname of `productOrigin`) or one of its subdomains, which
 * nobody may claim. When the product host is a single label (`localhost` with `npm start`) or an IP address, only
 * the same host is refused: `asociacion.localhost` is then the documented way to try a branded site.
 * @param domain lower-case host name without port
 * @param productOrigin e.g. 'https://njinmuebles.mx', 'http://localhost:3000'
 */
export function isProductDomain(domain: string, productOrigin: string): boolean {
  let product: string;
  try { product = new URL(productOrigin).hostname.toLowerCase().replace(/\.$/, ''); } catch { return false; }
  const bare = product.startsWith('www.') ? product.slice(4) : product;
  const d = domain.toLowerCase().replace(/\.$/, '');
  if (d === product || d === bare) return true;
  if (!bare.includes('.') || /^[\d.]+$/.test(bare) || bare.includes(':')) return false;
  return d.endsWith(`.${bare}`);
}
