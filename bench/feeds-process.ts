import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../server/config';

export interface FeedsProcess {
  url: string;
  close(): Promise<void>;
}

/** bench/fake-feeds-main.ts in a child process (node --import tsx, one process); close() waits for its exit. */
export async function startFeedsProcess(): Promise<FeedsProcess> {
  const loader = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', loader, path.join(REPO_ROOT, 'bench', 'fake-feeds-main.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  // The agencies' servers are not on the MCR PC: the fake's CPU is not the station's, so on a 2-core
  // machine it runs at the lowest priority instead of taking a core from the server under test.
  if (child.pid) os.setPriority(child.pid, 19);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`fake feeds exited (${code})`)));
  });
  return {
    url,
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
