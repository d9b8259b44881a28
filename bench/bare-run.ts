import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../server/config';

export interface BareModel {
  url: string;
  dir: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the bare model (bench/bare-model.ts) as one process (no tsx wrapper to orphan it). */
export async function startBareModel(): Promise<BareModel> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bare-'));
  const loader = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const child: ChildProcess = spawn(process.execPath, [
    '--import',
    loader,
    path.join(REPO_ROOT, 'bench', 'bare-model.ts'),
    dir,
  ]);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      const m = /on (http:\/\/\S+)/.exec(c.toString());
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', () => reject(new Error('bare model exited')));
  });
  return {
    url,
    dir,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
