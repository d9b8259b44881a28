import net from 'node:net';

/** True when nothing listens on host:port (binding it briefly is the only reliable check). */
export function isPortFree(port: number, host = '0.0.0.0'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The first free port after `taken` (at most `tries` looked at), or null. */
export async function nextFreePort(taken: number, host = '0.0.0.0', tries = 20): Promise<number | null> {
  for (let port = taken + 1; port <= Math.min(taken + tries, 65535); port++) {
    if (await isPortFree(port, host)) return port;
  }
  return null;
}
