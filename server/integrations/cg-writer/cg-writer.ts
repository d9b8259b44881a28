import fsp from 'node:fs/promises';
import path from 'node:path';
import { realFs, writeFileAtomic, type FsOps } from './atomic-write';

/** The whole set of a company's CG texts, by type (written to cg.json for vMix data sources). */
export type CgSnapshot = Record<string, string>;

/**
 * Writes a company's CG output folder: `<type>.txt` per changed type plus `cg.json`. Calls for
 * one folder run one after another (a later text can never be overtaken by an earlier one).
 */
export class CgWriter {
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Folders already created; saves a syscall on the hot path. Cleared for a folder on failure. */
  private readonly ensured = new Set<string>();

  constructor(private readonly ops: FsOps = realFs) {}

  /** Runs `task` after every earlier task on the same folder; errors do not block later tasks. */
  serialize<T>(folder: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(folder) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(folder, tail);
    void tail.then(() => {
      if (this.queues.get(folder) === tail) this.queues.delete(folder);
    });
    return run;
  }

  /** Replaces the given types' files and cg.json in parallel; must run inside `serialize`. */
  async write(folder: string, changed: Record<string, string>, snapshot: CgSnapshot): Promise<void> {
    if (!this.ensured.has(folder)) {
      await fsp.mkdir(folder, { recursive: true });
      this.ensured.add(folder);
    }
    const writes = Object.entries(changed).map(([type, text]) => writeFileAtomic(path.join(folder, `${type}.txt`), text, this.ops));
    writes.push(writeFileAtomic(path.join(folder, 'cg.json'), JSON.stringify(snapshot, null, 2), this.ops));
    const results = await Promise.allSettled(writes);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      this.ensured.delete(folder); // the folder may have gone: create it again next time
      throw failed.reason;
    }
  }

  /** Text currently in a type's file, or null when missing (used by the start-up resync). */
  async read(folder: string, type: string): Promise<string | null> {
    try {
      return await fsp.readFile(path.join(folder, `${type}.txt`), 'utf8');
    } catch {
      return null;
    }
  }
}
