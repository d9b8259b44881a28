import fsp from 'node:fs/promises';
import path from 'node:path';
import { removeLeftoverTemps } from './atomic-write';
import type { CgFileThread } from './cg-file-thread';
import { CG_FILE_NAMES, readManifestSync, writeManifest } from './cg-manifest';

/** The whole set of a company's CG texts, by type (written to cg.json for vMix data sources). */
export type CgSnapshot = Record<string, string>;

interface SnapshotSlot {
  next: CgSnapshot | null;
  done: Promise<void>;
}

/**
 * Writes a company's CG output folder: `<type>.txt` per changed type, and `cg.json` with every
 * type. Type-file writes for one folder run one after another (a later text can never be
 * overtaken by an earlier one).
 */
export class CgWriter {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly snapshots = new Map<string, SnapshotSlot>();
  /** Folders already created; saves a syscall on the hot path. Cleared for a folder on failure. */
  private readonly ensured = new Set<string>();
  private readonly swept = new Set<string>();
  /** Per folder: the names we wrote there (its manifest, cg-manifest.ts), and the manifest write in flight. */
  private readonly owned = new Map<string, Set<string>>();
  private readonly manifestWrites = new Map<string, Promise<void>>();

  /** `thread`: where the files are replaced (the server's CG files thread). */
  constructor(private readonly thread: CgFileThread) {}

  /**
   * Runs `task` after every earlier task of the same queue; errors do not block later tasks. The
   * CG service keys queues by company (its folder can move; a company's folder is its own).
   */
  serialize<T>(queue: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(queue) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(queue, tail);
    void tail.then(() => {
      if (this.queues.get(queue) === tail) this.queues.delete(queue);
    });
    return run;
  }

  /** Creates the folder once (cached: it saves a syscall on the hot path). */
  async ensureFolder(folder: string): Promise<void> {
    if (this.ensured.has(folder)) return;
    await fsp.mkdir(folder, { recursive: true });
    // First use of the folder in this process: nothing of ours is mid-write yet, so any temp
    // file is a crash's leftover. Only once: later a cg.json write may be in progress.
    if (!this.swept.has(folder)) await removeLeftoverTemps(folder);
    this.swept.add(folder);
    this.ensured.add(folder);
  }

  /** Forgets a folder we stopped using (it may be removed; if used again it is created again). */
  forget(folder: string): void {
    this.ensured.delete(folder);
    this.owned.delete(folder);
  }

  /** True when we wrote `name` in `folder` (it is in the folder's manifest). */
  owns(folder: string, name: string): boolean {
    return this.ownedIn(folder).has(name);
  }

  /**
   * Makes sure `folder` has a manifest. A folder without one that already holds CG names is a
   * folder of ours from before manifests (`adoptExisting`, the company's current folder at
   * start-up): those names are listed as ours. Otherwise an empty list: nothing there is ours.
   */
  async claimFolder(folder: string, adoptExisting: boolean): Promise<void> {
    if (readManifestSync(folder)) return;
    const set = this.ownedIn(folder);
    if (adoptExisting) for (const name of CG_FILE_NAMES) if (await exists(path.join(folder, name))) set.add(name);
    await this.saveManifest(folder);
  }

  private ownedIn(folder: string): Set<string> {
    let set = this.owned.get(folder);
    if (!set) this.owned.set(folder, (set = readManifestSync(folder) ?? new Set()));
    return set;
  }

  /** Lists names before their first write; null (no wait) when all are listed — the hot path. */
  private own(folder: string, names: string[]): Promise<void> | null {
    const set = this.ownedIn(folder);
    const fresh = names.filter((n) => !set.has(n));
    if (!fresh.length) return null;
    fresh.forEach((n) => set.add(n));
    return this.saveManifest(folder).catch((err: unknown) => {
      // Not listed on disk: the write fails now (503) and the next one tries the list again.
      fresh.forEach((n) => set.delete(n));
      throw err;
    });
  }

  /** Manifest writes of one folder run in order; each writes the whole current set. */
  private saveManifest(folder: string): Promise<void> {
    const previous = this.manifestWrites.get(folder) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => writeManifest(folder, this.ownedIn(folder)));
    this.manifestWrites.set(folder, next);
    void next
      .catch(() => undefined)
      .then(() => {
        if (this.manifestWrites.get(folder) === next) this.manifestWrites.delete(folder);
      });
    return next;
  }

  /** Replaces the given types' files in parallel; must run inside `serialize`. */
  async write(folder: string, changed: Record<string, string>): Promise<void> {
    await this.ensureFolder(folder);
    const listing = this.own(
      folder,
      Object.keys(changed).map((type) => `${type}.txt`),
    );
    if (listing) await listing;
    try {
      await this.thread.replace(
        Object.entries(changed).map(([type, text]) => ({
          path: path.join(folder, `${type}.txt`),
          content: text,
          durable: true,
        })),
      );
    } catch (err) {
      this.ensured.delete(folder); // the folder may have gone: create it again next time
      throw err;
    }
  }

  /**
   * Replaces cg.json (atomically too). It serves vMix data sources beside the per-type files, so
   * it is written after the commit, off the on-air path, and coalesced: while one write runs,
   * later snapshots replace each other and only the newest is written next. No fsync: it is
   * derived from the DB and rewritten at every start, and a third fsync per CG write queued
   * behind the on-air file's in the disk journal (p50 +3 ms in `npm run bench`).
   */
  writeSnapshot(folder: string, snapshot: CgSnapshot): Promise<void> {
    const slot = this.snapshots.get(folder);
    if (slot) {
      slot.next = snapshot;
      return slot.done;
    }
    const state: SnapshotSlot = { next: snapshot, done: Promise.resolve() };
    state.done = this.drainSnapshots(folder, state);
    this.snapshots.set(folder, state);
    return state.done;
  }

  private async drainSnapshots(folder: string, state: SnapshotSlot): Promise<void> {
    let failure: Error | null = null;
    try {
      while (state.next) {
        const snapshot = state.next;
        state.next = null;
        const listing = this.own(folder, ['cg.json']);
        failure = await (listing ?? Promise.resolve())
          .then(() =>
            this.thread.replace([
              { path: path.join(folder, 'cg.json'), content: JSON.stringify(snapshot, null, 2), durable: false },
            ]),
          )
          .then(
            () => null,
            (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
          );
      }
    } finally {
      this.snapshots.delete(folder);
    }
    if (failure) throw failure;
  }

  /** Resolves when every pending cg.json write has finished (used on shutdown and in tests). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.snapshots.values()].map((s) => s.done));
    await Promise.allSettled([...this.manifestWrites.values()]);
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

const exists = (p: string) =>
  fsp.access(p).then(
    () => true,
    () => false,
  );
