import { describe, expect, it } from 'vitest';
import { clientIpKey } from './client-ip.ts';

describe('clientIpKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped addresses and cuts IPv6 to its /64', () => {
    expect(clientIpKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientIpKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientIpKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientIpKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientIpKey('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(clientIpKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientIpKey('::1')).toBe('0:0:0:0::/64');
  });
});
