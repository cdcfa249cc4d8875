import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who the per-IP rate limits count: the client address (the socket's, or a TRUST_PROXY proxy's header), with an
     * IPv6 address cut to its /64 network — one home or phone gets a whole /64, so counting single addresses would
     * give it 2^64 identities to rotate through.
     */
    clientKey: string;
  }
}

/** `ip` as a rate-limit identity: IPv4 as it is (also when IPv4-mapped), IPv6 as its /64 prefix ('2001:db8:1:2::/64'). */
export function clientIpKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Adds `request.clientKey` (see above), computed once per request from `request.ip`. */
export function registerClientIp(app: FastifyInstance): void {
  app.decorateRequest('clientKey', '');
  app.addHook('onRequest', async (request) => {
    request.clientKey = clientIpKey(request.ip);
  });
}
