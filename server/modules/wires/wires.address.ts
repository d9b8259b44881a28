import dns from 'node:dns';
import net, { BlockList, type LookupFunction } from 'node:net';
import os from 'node:os';

/**
 * Which addresses a feed may be read from (issue 37: feeds were an SSRF — `http://127.1/`, a
 * redirect to a vMix's `/api/?Function=Cut`). Built from the server's config (server/config.ts
 * `wiresNetwork`) and sent to the wires reader with each read, where it is applied to the address
 * actually connected to: IP literals before connecting, names in the socket's own DNS lookup
 * (guardedLookup), every redirect hop again. Decisions: docs/decisions.md "Issue 37 — feed addresses".
 */
export interface FeedNetworkPolicy {
  /** 127/8 and ::1 — the tests' fake agencies, or a feed proxy on the server's own machine (WIRES_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  /** RFC 1918, 100.64/10 (carrier NAT) and fc00::/7 (ULA): intranet feeds (WIRES_ALLOW_PRIVATE_NETWORKS). */
  allowPrivate: boolean;
  /** The server's own ports: never read on one of this machine's addresses, whatever the above allow. */
  ownPorts: number[];
}

/** The default: public addresses only. */
export const PUBLIC_ONLY: FeedNetworkPolicy = { allowLoopback: false, allowPrivate: false, ownPorts: [] };

type Range = [address: string, prefix: number, family: 'ipv4' | 'ipv6'];

function blockList(ranges: Range[]): BlockList {
  const list = new BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return list;
}

/** Never a feed: unspecified ("this host" — 0.0.0.0 connects to the server itself), link-local (cloud metadata), multicast, reserved. */
const NEVER = blockList([
  ['0.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);
const LOOPBACK = blockList([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);
const PRIVATE = blockList([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
]);

export type AddressClass = 'public' | 'private' | 'loopback' | 'never';

/** IPv6 spellings that carry an IPv4 address (mapped, compatible, NAT64, 6to4): judged as that IPv4 address. */
const EMBEDS_IPV4 = [
  /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/,
  /^::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/,
  /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/,
  /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/,
];

/** An IPv6 address in its one canonical spelling (WHATWG URL's), without a zone; null if it is none. */
function canonicalIpv6(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!net.isIPv6(bare)) return null;
  return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
}

function embeddedIpv4(ipv6: string): string | null {
  for (const pattern of EMBEDS_IPV4) {
    const m = pattern.exec(ipv6);
    if (!m) continue;
    const n = (parseInt(m[1]!, 16) << 16) | parseInt(m[2]!, 16);
    return [24, 16, 8, 0].map((shift) => (n >>> shift) & 0xff).join('.');
  }
  return null;
}

/** What kind of address `ip` is; anything that is not an IP address at all is `never`. */
export function classifyAddress(ip: string): AddressClass {
  const v6 = canonicalIpv6(ip);
  const v4 = v6 ? embeddedIpv4(v6) : net.isIPv4(ip) ? ip : null;
  const [address, family] = v4 ? [v4, 'ipv4' as const] : [v6, 'ipv6' as const];
  if (!address) return 'never';
  if (NEVER.check(address, family)) return 'never';
  if (LOOPBACK.check(address, family)) return 'loopback';
  if (PRIVATE.check(address, family)) return 'private';
  return 'public';
}

/** One of this machine's own addresses (a request there on the server's port reaches the server). */
function isOwnAddress(ip: string, kind: AddressClass): boolean {
  if (kind === 'loopback' || kind === 'never') return true;
  const canonical = canonicalIpv6(ip) ?? ip;
  return Object.values(os.networkInterfaces()).some((list) =>
    list?.some((i) => (canonicalIpv6(i.address) ?? i.address) === canonical),
  );
}

/** `ok`, or why a connection to `ip`:`port` is refused: `local` (this server, loopback, link-local …) or `private` (not allowed here). */
export type AddressVerdict = 'ok' | 'local' | 'private';

export function judgeAddress(ip: string, port: number, policy: FeedNetworkPolicy): AddressVerdict {
  const kind = classifyAddress(ip);
  if (policy.ownPorts.includes(port) && isOwnAddress(ip, kind)) return 'local';
  if (kind === 'never' || (kind === 'loopback' && !policy.allowLoopback)) return 'local';
  if (kind === 'private' && !policy.allowPrivate) return 'private';
  return 'ok';
}

/** The port a URL connects to. */
export const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** The host of a URL when it is an IP address (the URL parser already turned `127.1`, `0x7f000001` … into dotted form). */
export function ipLiteral(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) ? host : null;
}

/** What the URL itself tells, before any DNS: scheme, credentials, an IP literal's verdict. */
export type UrlVerdict = AddressVerdict | 'not-http' | 'credentials';

export function judgeUrl(url: URL, policy: FeedNetworkPolicy): UrlVerdict {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not-http';
  if (url.username || url.password) return 'credentials';
  const literal = ipLiteral(url);
  return literal ? judgeAddress(literal, portOf(url), policy) : 'ok';
}

/** The socket's DNS lookup found only addresses the policy refuses. */
export class AddressRefusedError extends Error {
  readonly code = 'ERR_FEED_ADDRESS_REFUSED';
}

/**
 * The lookup a feed's socket resolves its host with: Node's own, with the refused addresses taken
 * out (a name with a public and a private address connects to the public one). The check is on the
 * addresses the socket then connects to — a second lookup of our own could be answered differently
 * (DNS rebinding). IP literals never reach a lookup: judgeUrl checks them.
 */
export function guardedLookup(port: number, policy: FeedNetworkPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const allowed = addresses.filter((a) => judgeAddress(a.address, port, policy) === 'ok');
      const first = allowed[0];
      if (!first)
        return callback(
          new AddressRefusedError(
            `${hostname} resolves only to refused addresses (${addresses.map((a) => a.address).join(', ')})`,
          ),
          '',
        );
      if (options.all) return callback(null, allowed);
      callback(null, first.address, first.family);
    });
  };
}
