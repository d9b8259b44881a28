import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCompany, loginDevOwner } from '../../test/factories';
import { storeSql } from '../../test/store-sql';
import { startTestServer, testDatabase } from '../../test/test-server';
import { cgFolderClash, defaultCgOutputPath, foldersClash } from './cg-folders';
import { systemFolderProblem } from './cg-folder-rules';

/** A store that outlives a server's close (unit-pg: a database of its own; SQLite: the data folder's file). */
async function lastingDatabase(): Promise<{ databaseUrl: string | null; drop(): Promise<void> }> {
  const db = await testDatabase('cgb_folders');
  return { databaseUrl: db?.url ?? null, drop: () => db?.drop() ?? Promise.resolve() };
}

describe('CG folders of different companies', () => {
  it('defaults are siblings, never nested', () => {
    const first = path.resolve('/srv', defaultCgOutputPath(1, true));
    const second = path.resolve('/srv', defaultCgOutputPath(2, false));
    expect(cgFolderClash(second, [first])).toBeNull();
    expect(cgFolderClash(first, [second])).toBeNull();
  });

  it('refuses a folder shared with, inside, or around another company’s', () => {
    expect(cgFolderClash('/srv/cg_output', ['/srv/cg_output/'])).toBe(
      'This CG folder is already used by another company',
    );
    expect(cgFolderClash('/srv/cg_output/company-2', ['/srv/cg_output'])).toBe(
      "This CG folder is inside another company's CG folder",
    );
    expect(cgFolderClash('/srv', ['/srv/cg_output'])).toBe("This CG folder contains another company's CG folder");
    expect(cgFolderClash('/srv/cg_output-b', ['/srv/cg_output'])).toBeNull();
  });

  it('moves a station created by an earlier version out of the first station’s folder at start', async () => {
    const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-folders-'));
    const store = { dataDir: path.join(baseDir, 'data'), ...(await lastingDatabase()) };
    const options = {
      baseDir,
      dataDir: store.dataDir,
      ...(store.databaseUrl ? { databaseUrl: store.databaseUrl } : {}),
    };
    const first = await startTestServer(options);
    const dev = await loginDevOwner(first);
    const { companyId, owner } = await createCompany(dev, first);
    await owner.post('/api/cg-files/update-direct', { type: 'timer', content: '00:42' });
    await first.close();
    // What an earlier version left: the row points inside ./cg_output, and B's files are there.
    const legacy = path.join(baseDir, 'cg_output', `company-${companyId}`);
    fs.mkdirSync(legacy, { recursive: true });
    fs.writeFileSync(path.join(legacy, 'timer.txt'), '00:42');
    await storeSql(store, 'update companies set cg_output_path = ? where id = ?', [
      `./cg_output/company-${companyId}`,
      companyId,
    ]);

    const again = await startTestServer(options);
    expect(fs.existsSync(legacy)).toBe(false);
    expect(fs.readFileSync(path.join(baseDir, `cg_output-company-${companyId}`, 'timer.txt'), 'utf8')).toBe('00:42');
    await again.close();
    await store.drop();
    fs.rmSync(baseDir, { recursive: true, force: true });
  });
});

describe('comparing folders on Windows (issue 22)', () => {
  it('ignores case and slash direction: C:\\CG is c:/cg', () => {
    expect(foldersClash('C:\\CG', ['c:\\cg'], 'win32')).toBe('This CG folder is already used by another company');
    expect(foldersClash('c:/cg/sub', ['C:\\CG'], 'win32')).toBe("This CG folder is inside another company's CG folder");
    expect(foldersClash('C:\\', ['c:\\Cg'], 'win32')).toBe("This CG folder contains another company's CG folder");
    expect(foldersClash('C:\\CG-b', ['c:\\cg'], 'win32')).toBeNull();
    // Linux keeps case: two folders.
    expect(foldersClash('/srv/CG', ['/srv/cg'], 'linux')).toBeNull();
    expect(foldersClash('/srv/..cg', ['/srv'], 'linux')).toBe("This CG folder is inside another company's CG folder");
  });
});

describe('system folders (issue 22)', () => {
  const env = { SystemRoot: 'C:\\WINDOWS', ProgramFiles: 'C:\\Program Files', SystemDrive: 'C:' };
  it('refuses Windows system folders in any case, a drive root, and the Users folder itself', () => {
    for (const p of [
      'c:\\windows\\cg',
      'C:\\Program Files\\CG Bridge\\cg',
      'C:\\Program Files (x86)\\x',
      'D:\\',
      'c:\\users',
    ]) {
      expect(systemFolderProblem(p, 'win32', env), p).toContain('system folder');
    }
    for (const p of ['C:\\CG', 'C:\\Users\\mcr\\Documents\\cg', 'D:\\graphics'])
      expect(systemFolderProblem(p, 'win32', env), p).toBeNull();
  });

  it('refuses POSIX system trees and roots; a folder of its own under /srv or /home is fine', () => {
    for (const p of ['/', '/etc', '/etc/cg', '/usr/share/cg', '/proc/self/cg', '/dev/shm/cg', '/home'])
      expect(systemFolderProblem(p, 'linux'), p).toContain('system folder');
    for (const p of ['/srv/cg', '/home/mcr/cg', '/opt/cgbridge/cg'])
      expect(systemFolderProblem(p, 'linux'), p).toBeNull();
  });
});
