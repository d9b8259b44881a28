import os from 'node:os';

/**
 * The addresses other staff open to reach this PC: one per IPv4 interface (Wi-Fi, Ethernet,
 * VPN). The server's own listing (GET /api/system/addresses) is for pages; the tray needs one
 * without a round trip.
 */
export function lanUrls(
  port: number,
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): string[] {
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal)
    .map((i) => `http://${i.address}:${port}`);
}
