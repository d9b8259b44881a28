// `npm start`: build the web UI if missing or stale, then run the headless server (server/cli.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildWeb } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await buildWeb({ ifStale: true });
// One process for the server (`node --import tsx`), not the tsx wrapper: a signal sent to it
// reaches the server itself, and nothing survives as an orphan holding the port.
const loader = pathToFileURL(path.join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const child = spawn(process.execPath, ['--import', loader, path.join(root, 'server', 'cli.ts')], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
