import http from 'node:http';

/**
 * A load generator, run as its own process: each token loops the given read paths back to back,
 * reading and discarding every body (a heavy user, not a slow one). Prints a JSON tally to stdout
 * when told to stop (SIGTERM). Usage: reader-loop.ts <baseUrl> <token,token,…> <path> [path…]
 */
const [baseUrl = '', tokens = '', ...paths] = process.argv.slice(2);
const tally: Record<string, number> = {};
let running = true;

function get(path: string, token: string): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      tally[res.statusCode ?? 0] = (tally[res.statusCode ?? 0] ?? 0) + 1;
      res.resume();
      res.once('end', () => resolve());
      res.once('error', () => resolve());
    });
    req.once('error', () => resolve());
  });
}

async function loop(token: string): Promise<void> {
  for (let i = 0; running; i++) await get(paths[i % paths.length] ?? '/api/health', token);
}

const loops = tokens.split(',').map((t) => loop(t));
process.once('SIGTERM', () => {
  running = false;
  void Promise.all(loops).then(() => {
    process.stdout.write(JSON.stringify(tally) + '\n');
    process.exit(0);
  });
});
process.stdout.write('ready\n');
