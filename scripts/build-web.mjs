// Builds the web UI into out/renderer. `--if-stale` skips the build when out/ is newer than
// every source file of the UI (renderer/, shared/) — `npm start` and `npm run bench` use that.
// `--out-dir DIR` builds elsewhere (a test compares it with the desktop build's renderer).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'out', 'renderer', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    newest = Math.max(newest, t);
  }
  return newest;
}

export function webBuildIsStale() {
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  const sources = ['renderer', 'shared'].map((d) => newestMtime(path.join(root, d)));
  return Math.max(...sources, fs.statSync(path.join(root, 'package-lock.json')).mtimeMs) > built;
}

export async function buildWeb({ ifStale = false, outDir = undefined } = {}) {
  if (ifStale && !webBuildIsStale()) return false;
  process.stdout.write('Building the web UI...\n');
  const elsewhere = outDir ? { build: { outDir: path.resolve(outDir), emptyOutDir: true } } : {};
  await build({ configFile: path.join(root, 'renderer', 'vite.config.ts'), logLevel: 'warn', ...elsewhere });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDirAt = process.argv.indexOf('--out-dir');
  await buildWeb({
    ifStale: process.argv.includes('--if-stale'),
    outDir: outDirAt > 0 ? process.argv[outDirAt + 1] : undefined,
  });
}
