// The address guard on a table of addresses, the operator's policy and the resolution check.
import { describe, expect, it } from 'vitest';
import { addressRange, checkHost, FetchRefused, isAllowedHost, isPrivateAddress, STRICT_POLICY } from '../src/address-guard.ts';

describe('isPrivateAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255', // just below carrier-grade NAT
    '100.128.0.0', // just above it
    '172.15.255.255',
    '172.32.0.0',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8', // mapped public
    '::ffff:808:808',
    '64:ff9b::808:808', // NAT64 of a public address
    '2002:808:808::1', // 6to4 of a public address
    '11.0.0.1', // just above 10.0.0.0/8
    '169.253.255.255',
    '223.255.255.255', // just below multicast
    '64:ff9b::5db8:d822', // NAT64 of a public address
    '2001:4860:4860::8888',
  ])('lets the public address %s through', (address) => {
    expect(addressRange(address)).toBeUndefined();
    expect(isPrivateAddress(address)).toBe(false);
  });

  // ipaddr.js's range names; ' IPv4 inside IPv6' where an IPv6 address carries an IPv4 one (there the packets go).
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'], // all of 0.0.0.0/8 ('this network')
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'], // benchmarking
    ['192.0.2.1', 'reserved'], // documentation
    ['192.0.0.8', 'reserved'], // IETF protocol assignments
    ['192.88.99.1', 'reserved'], // 6to4 relay anycast
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::7f00:1', 'ipv4Compatible'],
    ['::127.0.0.1', 'ipv4Compatible'],
    ['::8.8.8.8', 'ipv4Compatible'], // ::808:808, not the IPv4-mapped ::ffff:8.8.8.8
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['febf:ffff::1', 'linkLocal'], // the end of fe80::/10
    ['fec0::1', 'deprecatedSiteLocal'],
    ['feff::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard'],
    ['2001:db8::1', 'reserved'], // documentation
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo'], // Teredo whose inverted client address is 127.0.0.1
    ['64:ff9b:1::a00:1', 'rfc6052'], // local-use NAT64, refused whole
    ['::ffff:127.0.0.1', 'loopback IPv4 inside IPv6'],
    ['::ffff:7f00:1', 'loopback IPv4 inside IPv6'],
    ['::ffff:169.254.169.254', 'linkLocal IPv4 inside IPv6'],
    ['::ffff:10.0.0.1', 'private IPv4 inside IPv6'],
    ['::ffff:100.64.0.1', 'carrierGradeNat IPv4 inside IPv6'],
    ['::ffff:0.0.0.0', 'unspecified IPv4 inside IPv6'],
    ['::ffff:0:10.0.0.1', 'private IPv4 inside IPv6'],
    ['64:ff9b::7f00:1', 'loopback IPv4 inside IPv6'],
    ['64:ff9b::192.168.0.1', 'private IPv4 inside IPv6'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal IPv4 inside IPv6'],
    ['2002:7f00:1::', 'loopback IPv4 inside IPv6'],
    ['2002:a9fe:a9fe::1', 'linkLocal IPv4 inside IPv6'],
    ['2002:c0a8:101::1', 'private IPv4 inside IPv6'],
    ['localhost', 'not an IP address'],
    ['', 'not an IP address'],
    ['127.1', 'not an IP address'], // not resolved as a literal: the resolver's answer is judged
  ])('refuses %s (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPrivateAddress(address)).toBe(true);
  });
});

describe('isAllowedHost', () => {
  const policy = { allowPrivate: false, allowedHosts: ['news.localhost:3000', 'intranet.example'] };

  it('matches a host with its port, or any port when the entry names none', () => {
    expect(isAllowedHost('news.localhost', 3000, policy)).toBe(true);
    expect(isAllowedHost('NEWS.localhost.', 3000, policy)).toBe(true);
    expect(isAllowedHost('news.localhost', 6379, policy)).toBe(false);
    expect(isAllowedHost('news.localhost', undefined, policy)).toBe(false);
    expect(isAllowedHost('intranet.example', 8080, policy)).toBe(true);
    expect(isAllowedHost('evil.localhost', 3000, policy)).toBe(false);
    expect(isAllowedHost('sub.intranet.example', 80, policy)).toBe(false);
  });
});

describe('checkHost', () => {
  it('answers the addresses to connect to for a public address', async () => {
    expect(await checkHost('8.8.8.8', STRICT_POLICY)).toEqual([{ address: '8.8.8.8', family: 4 }]);
    expect(await checkHost('[2606:4700:4700::1111]', STRICT_POLICY)).toEqual([{ address: '2606:4700:4700::1111', family: 6 }]);
  });

  it('refuses loopback names and private literals without saying what a name resolves to', async () => {
    // Neither the address nor its kind: either would let anyone who can add a website map the server's network.
    await expect(checkHost('localhost', STRICT_POLICY)).rejects.toThrow(new FetchRefused('localhost is not an allowed address'));
    await expect(checkHost('shop.localhost', STRICT_POLICY)).rejects.toThrow(new FetchRefused('shop.localhost is not an allowed address'));
    await expect(checkHost('169.254.169.254', STRICT_POLICY)).rejects.toThrow(new FetchRefused('169.254.169.254 is not an allowed address'));
    await expect(checkHost('[::ffff:127.0.0.1]', STRICT_POLICY)).rejects.toThrow(new FetchRefused('::ffff:127.0.0.1 is not an allowed address'));
    await expect(checkHost('[64:ff9b::a00:1]', STRICT_POLICY)).rejects.toThrow(/^64:ff9b::a00:1 is not an allowed address$/);
    for (const host of ['localhost', 'shop.localhost']) {
      const error = await checkHost(host, STRICT_POLICY).then(() => undefined, (caught: unknown) => caught as Error);
      expect(error?.message).not.toMatch(/127\.0\.0\.1|::1|loopback|private|reserved|resolves/);
    }
  });

  it('lets private addresses through when the operator allows them, everywhere or for one host', async () => {
    expect(await checkHost('127.0.0.1', { allowPrivate: true, allowedHosts: [] })).toEqual([{ address: '127.0.0.1', family: 4 }]);
    const demo = { allowPrivate: false, allowedHosts: ['news.localhost:3000'] };
    expect((await checkHost('news.localhost', demo, 3000)).map((a) => a.address)).toEqual(['127.0.0.1', '::1']);
    await expect(checkHost('news.localhost', demo, 22)).rejects.toThrow('news.localhost is not an allowed address');
    await expect(checkHost('127.0.0.1', demo, 3000)).rejects.toThrow('127.0.0.1 is not an allowed address');
  });

  it('says a name could not be resolved without the resolver\'s own text', async () => {
    const error = await checkHost('no-such-host.invalid', STRICT_POLICY).catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('no-such-host.invalid could not be resolved');
  });
});
