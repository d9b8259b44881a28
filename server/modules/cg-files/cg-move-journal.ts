import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isOurTempName, writeFileAtomic } from '../../integrations/cg-writer/atomic-write';
import { removeOurFiles } from '../../integrations/cg-writer/cg-manifest';
import type { Logger } from '../../lib/logger';
import { cgFolderClash } from './cg-folders';

/**
 * The CG folder move's journal (issue 22 point 7): one file per company in DATA_DIR, written
 * (fsynced) before the first file is copied and removed after the old folder is cleaned. A file
 * still there at start-up means the server died mid-move; CgFilesService.recoverFolderMoves then
 * keeps whichever folder the database names and removes our files from the other.
 */
const entrySchema = z.object({ companyId: z.number().int(), from: z.string(), to: z.string() });
export type MoveJournalEntry = z.infer<typeof entrySchema>;

const PREFIX = 'cg-folder-move-';
const NAME = /^cg-folder-move-(\d+)\.json$/;

export class CgMoveJournal {
  constructor(private readonly dataDir: string) {}

  begin(entry: MoveJournalEntry): Promise<void> {
    return writeFileAtomic(this.file(entry.companyId), JSON.stringify(entry));
  }

  end(companyId: number): Promise<void> {
    return fs.promises.rm(this.file(companyId), { force: true });
  }

  endSync(companyId: number): void {
    fs.rmSync(this.file(companyId), { force: true });
  }

  /** Moves a crash interrupted (unreadable entries are dropped: nothing can be done with them). */
  pending(): MoveJournalEntry[] {
    const names = safeReaddir(this.dataDir);
    // A crash while the journal itself was written leaves only our temp file: the move never began.
    for (const n of names)
      if (n.startsWith(`.${PREFIX}`) && isOurTempName(n)) fs.rmSync(path.join(this.dataDir, n), { force: true });
    const entries: MoveJournalEntry[] = [];
    for (const name of names.filter((n) => NAME.test(n))) {
      const parsed = entrySchema.safeParse(readJson(path.join(this.dataDir, name)));
      if (parsed.success) entries.push(parsed.data);
      else fs.rmSync(path.join(this.dataDir, name), { force: true });
    }
    return entries;
  }

  private file(companyId: number): string {
    return path.join(this.dataDir, `${PREFIX}${companyId}.json`);
  }
}

/**
 * Start-up, before the resync: finishes or rolls back every move a crash interrupted. The folder
 * the database names (`folders`: company → current folder) is kept — the commit decides: before
 * it the move is rolled back, after it the move is finished. Our files (cg-manifest.ts) leave the
 * entry's other folder, unless that is, or overlaps, a company's current folder.
 */
export function recoverFolderMoves(journal: CgMoveJournal, folders: Map<number, string>, logger: Logger): void {
  for (const entry of journal.pending()) {
    const current = folders.get(entry.companyId);
    const inUse = [...folders.values()];
    for (const folder of [entry.from, entry.to]) {
      if (current === undefined || cgFolderClash(folder, inUse)) continue;
      // `from` was the company's folder (a manifest since start-up); `to` is ours only where listed.
      removeOurFiles(folder, { legacy: folder === entry.from });
    }
    logger.warn('Completed a CG folder move a crash interrupted', { ...entry, current });
    journal.endSync(entry.companyId);
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
