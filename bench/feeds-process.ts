import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../server/config';

export interface FeedsProcess {
  url: string;
  close(): Promise<void>;
}

/**
 * A bench helper script (`bench/<file>`) in a child process (node --import tsx), at the lowest
 * priority: it stands for machines that are not the MCR PC (agencies' servers, playout devices),
 * so on a 2-core machine it must not take a core from the server under test. Its first stdout
 * line is its answer; ask() sends it a line and waits for the line it answers; close() ends it and
 * waits for its exit.
 */
export interface HelperProcess {
  line: string;
  ask(line: string): Promise<string>;
  close(): Promise<void>;
}

/** node's arguments that run `bench/<file>` through tsx's loader. */
export function helperArgs(file: string): string[] {
  const loader = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  return ['--import', loader, path.join(REPO_ROOT, 'bench', file)];
}

export async function startHelperProcess(file: string): Promise<HelperProcess> {
  const child = spawn(process.execPath, helperArgs(file), { stdio: ['pipe', 'pipe', 'inherit'] });
  if (child.pid) os.setPriority(child.pid, 19);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const got = await Promise.race([lines.next(), exited.then(() => ({ done: true, value: '' }))]);
    if (got.done) throw new Error(`${file} exited`);
    return String(got.value).trim();
  };
  const line = await next();
  return {
    line,
    ask: (question) => {
      child.stdin.write(`${question}\n`);
      return next();
    },
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}

/** bench/fake-feeds-main.ts in a child process; its line is the feeds' base URL. */
export async function startFeedsProcess(): Promise<FeedsProcess> {
  const helper = await startHelperProcess('fake-feeds-main.ts');
  return { url: helper.line, close: () => helper.close() };
}
