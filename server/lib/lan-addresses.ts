/**
 * The server's addresses other machines on the station network can open (issue 22 point 21): the
 * API-key dialog shows the sync URL with one of them, since `localhost` on the graphics PC is the
 * graphics PC. Pure: the caller passes os.networkInterfaces() and the listening port.
 */

/** The fields of os.NetworkInterfaceInfo this needs (family was the number 4 in Node 18.0–18.3). */
export interface InterfaceAddress {
  address: string;
  family: string | number;
  internal: boolean;
}
export type InterfaceTable = Record<string, readonly InterfaceAddress[] | undefined>;

/** Docker, VM, VPN and WSL adapters: reachable from this PC only, or from a tunnel, not the studio LAN. */
const VIRTUAL_INTERFACE =
  /^(docker|br-|veth|virbr|vmnet|vboxnet|vethernet|tun|tap|utun|wg|zt|tailscale|lxc|lxd|podman|cni|flannel|ham)/i;

const isIpv4 = (a: InterfaceAddress) => a.family === 'IPv4' || a.family === 4;

/** Private ranges first (192.168, 10, 172.16–31: where studio LANs live), then the rest. */
function rangeRank(address: string): number {
  const [a = 0, b = 0] = address.split('.').map(Number);
  if (a === 192 && b === 168) return 0;
  if (a === 10) return 1;
  if (a === 172 && b >= 16 && b <= 31) return 2;
  return 3;
}

const numeric = (address: string) => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);

interface Candidate {
  name: string;
  address: string;
  rank: number;
}

const ALL_INTERFACES = new Set(['', '0.0.0.0', '::', '::0']);
const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/**
 * `http://<ipv4>:<port>` for every non-internal IPv4 address, most likely LAN address first:
 * physical adapters before virtual ones, private ranges before public, then by interface name
 * and address (a stable order, so the dialog's first choice does not change between opens).
 * Link-local 169.254.x.x (no DHCP answer) is left out: nobody else can reach it.
 * `boundHost` is the address the server listens on (HOST): on loopback nobody else can connect, so
 * nothing is listed; on one address, only that one.
 */
export function lanAddresses(interfaces: InterfaceTable, port: number, boundHost = '0.0.0.0'): string[] {
  const host = boundHost.trim().toLowerCase();
  if (isLoopbackHost(host)) return [];
  const found: Candidate[] = [];
  for (const [name, addresses] of Object.entries(interfaces)) {
    for (const a of addresses ?? []) {
      if (!isIpv4(a) || a.internal || a.address.startsWith('127.') || a.address.startsWith('169.254.')) continue;
      found.push({ name, address: a.address, rank: (VIRTUAL_INTERFACE.test(name) ? 10 : 0) + rangeRank(a.address) });
    }
  }
  found.sort((x, y) => x.rank - y.rank || x.name.localeCompare(y.name) || numeric(x.address) - numeric(y.address));
  const listed = ALL_INTERFACES.has(host) ? found : found.filter((c) => c.address === host || !/^[\d.]+$/.test(host));
  return [...new Set(listed.map((c) => `http://${c.address}:${port}`))];
}
