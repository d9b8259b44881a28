import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';
import { REPO_ROOT } from '../config';
import { startProcess, type TaskHost } from './task-host';

const bundled = new Map<string, Promise<URL>>();

/**
 * A worker thread's TypeScript entry as one plain ES module, for a thread that is always running
 * (the CG files thread) and for the wires reader's process (startPlainProcess). From source
 * (`npm start`, tests, benches) a thread would otherwise boot through tsx, which loads tsx and
 * esbuild into the thread: +30 MB RSS, against +9 MB for this file started without the process's
 * `--import tsx` (measured: docs/performance.md, "Wires reader"). The desktop bundle has its own .js entry and never comes
 * here.
 *
 * Built once per process with esbuild (tsx's own dependency, present wherever a .ts entry can run),
 * packages left as imports. The file is named by its content's hash and written atomically, so
 * servers starting side by side (tests) share it safely; under node_modules/.cache so that a
 * package import resolves from the checkout.
 */
export function plainThreadEntry(entry: URL): Promise<URL> {
  let built = bundled.get(entry.href);
  if (!built) {
    const building = (built = build(entry));
    bundled.set(entry.href, building);
    // A build that failed is tried again by the next start.
    building.catch(() => bundled.get(entry.href) === building && bundled.delete(entry.href));
  }
  return built;
}

/** Asynchronous: esbuild's buildSync would keep a worker thread of its own in the server (~7 MB). */
async function build(entry: URL): Promise<URL> {
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const out = await esbuild.build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const text = out.outputFiles[0]!.text;
  const dir = path.join(REPO_ROOT, 'node_modules', '.cache', 'cg-bridge');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const file = path.join(dir, `${path.basename(fileURLToPath(entry), '.ts')}-${hash}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, text);
    fs.renameSync(temp, file);
  }
  return pathToFileURL(file);
}

/**
 * The wires reader from source (`npm start`, tests, benches) as a process without tsx: its entry
 * built to plain JavaScript first, the process forked when the build is ready. Through tsx the
 * reader compiled every module at its first poll — 0.56 s CPU against 0.23 s for the bundle, and
 * its parse thread booted tsx once more — while the station's first CG writes ran beside it
 * (docs/performance.md, "Wires reader", the plain-build row). Messages posted before the fork wait, in order. A .js entry
 * (the desktop bundle) is started as is.
 */
export function startPlainProcess(entry: URL, workerData: unknown): TaskHost {
  if (!entry.pathname.endsWith('.ts')) return startProcess(entry, workerData);
  return deferredHost(plainThreadEntry(entry).then((plain) => startProcess(plain, workerData)));
}

/** A host that exists once `starting` resolves; a start that fails is reported as the host gone. */
function deferredHost(starting: Promise<TaskHost>): TaskHost {
  let started: TaskHost | undefined;
  starting.then(
    (host) => (started = host),
    () => undefined,
  );
  return {
    get pid() {
      return started?.pid;
    },
    post: (message, transfer) =>
      void starting.then(
        (host) => host.post(message, transfer),
        () => undefined,
      ),
    listen: (onReply, onGone) =>
      void starting.then(
        (host) => host.listen(onReply, onGone),
        (err: unknown) => onGone(err instanceof Error ? err : new Error(String(err))),
      ),
    stop: () =>
      starting.then(
        (host) => host.stop(),
        () => undefined,
      ),
  };
}
