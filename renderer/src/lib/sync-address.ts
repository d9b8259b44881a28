import { isLoopbackOrigin } from '@/lib/label-url';

/**
 * Where a graphics PC reaches this server (issue 22 point 21). The page's own origin when it is
 * not loopback (this browser reached the server by it, over the network), then the server's LAN
 * addresses; `localhost` means the graphics PC itself, so it is offered only when nothing else is
 * known — and then the dialog warns.
 */
export function syncOrigins(
  pageOrigin: string,
  lanAddresses: readonly string[],
): { origins: string[]; onlyLoopback: boolean } {
  const usable = [
    ...(isLoopbackOrigin(pageOrigin) ? [] : [pageOrigin]),
    ...lanAddresses.filter((a) => !isLoopbackOrigin(a)),
  ];
  const origins = [...new Set(usable)];
  return origins.length ? { origins, onlyLoopback: false } : { origins: [pageOrigin], onlyLoopback: true };
}

/** The sync URL a graphics machine polls with this key (docs/product.md §Roles). */
export function syncUrl(key: string, origin: string): string {
  return `${origin}/api/cg-files/sync?apiKey=${encodeURIComponent(key)}`;
}
