import { describe, expect, it } from 'vitest';
import { classifyAddress, guardedLookup, judgeAddress, judgeUrl, PUBLIC_ONLY } from './wires.address';

/** Issue 37: which addresses a feed may be read from, however they are spelled. */
describe('feed addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['0.0.0.0', 'never'],
    ['::', 'never'],
    ['169.254.169.254', 'never'],
    ['::ffff:169.254.169.254', 'never'],
    ['fe80::1', 'never'],
    ['fe80::1%eth0', 'never'],
    ['224.0.0.1', 'never'],
    ['255.255.255.255', 'never'],
    ['not-an-address', 'never'],
    ['10.20.30.40', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:192.168.1.20', 'private'],
    ['172.32.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['2001:4860:4860::8888', 'public'],
  ])('%s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });

  it('judges URLs as the URL parser spells them: every IPv4 spelling of loopback is refused by default', () => {
    for (const url of [
      'http://127.1/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://[::1]/',
      'http://[0:0:0:0:0:ffff:7f00:1]/',
      'http://0.0.0.0/',
    ]) {
      expect([url, judgeUrl(new URL(url), PUBLIC_ONLY)]).toEqual([url, 'local']);
    }
    expect(judgeUrl(new URL('http://10.0.0.1/'), PUBLIC_ONLY)).toBe('private');
    expect(judgeUrl(new URL('http://user:pw@feeds.example/'), PUBLIC_ONLY)).toBe('credentials');
    expect(judgeUrl(new URL('file:///etc/passwd'), PUBLIC_ONLY)).toBe('not-http');
    // A name is judged when it is resolved (guardedLookup), not here.
    expect(judgeUrl(new URL('http://feeds.example/rss'), PUBLIC_ONLY)).toBe('ok');
  });

  it('allows private networks and loopback only when the policy says so, and never the server’s own port on its own address', () => {
    const open = { allowLoopback: true, allowPrivate: true, ownPorts: [3000] };
    expect(judgeAddress('192.168.1.20', 80, PUBLIC_ONLY)).toBe('private');
    expect(judgeAddress('192.168.1.20', 80, open)).toBe('ok');
    expect(judgeAddress('127.0.0.1', 8080, open)).toBe('ok');
    expect(judgeAddress('127.0.0.1', 3000, open)).toBe('local');
    expect(judgeAddress('::ffff:127.0.0.1', 3000, open)).toBe('local');
    // Another machine's port 3000 is not ours.
    expect(judgeAddress('192.0.2.10', 3000, open)).toBe('ok');
    expect(judgeAddress('169.254.169.254', 80, open)).toBe('local');
  });

  it('the socket lookup drops refused addresses, and fails when none is left', async () => {
    const lookup = (policy = PUBLIC_ONLY) =>
      new Promise<unknown>((resolve, reject) =>
        guardedLookup(80, policy)('localhost', { all: true }, (err, addresses) =>
          err ? reject(err) : resolve(addresses),
        ),
      );
    await expect(lookup()).rejects.toMatchObject({ code: 'ERR_FEED_ADDRESS_REFUSED' });
    const allowed = (await lookup({ ...PUBLIC_ONLY, allowLoopback: true })) as { address: string }[];
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.every((a) => classifyAddress(a.address) === 'loopback')).toBe(true);
  });
});
