import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startProcess, type TaskHost } from './task-host';

const ENTRY = pathToFileURL(path.join(import.meta.dirname, '..', 'test', 'nice-at-start-worker.ts'));
const hosts: TaskHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.stop()));
});

/** Runs one task in a task process started with `workerData` and answers its value. */
function ask(workerData: unknown, name: string): Promise<unknown> {
  const host = startProcess(ENTRY, workerData);
  hosts.push(host);
  return new Promise((resolve, reject) => {
    host.listen((reply) => resolve((reply as { value: unknown }).value), reject);
    host.post({ id: 1, name, payload: undefined }, []);
  });
}

describe('a task process (the wires reader) and its priority', () => {
  it('is at nice 10 from its first instruction: its start-up (module loading, V8 compiling) never runs beside air at normal priority', async () => {
    // Before the fix the process lowered only itself, once its modules had loaded: 0 here.
    expect(await ask(null, 'niceAtStart')).toBe(10);
    expect(await ask(null, 'niceNow')).toBe(10);
  });

  it('a process of air keeps normal priority', async () => {
    expect(await ask({ air: true }, 'niceAtStart')).toBe(0);
  });
});
