import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv, withStoreLocation } from './config';
import { STORE_LOCATION_FILE, writeStoreLocation } from './modules/store-move/store-location';

const MOVED = 'postgres://cgbridge:secret@db.station.lan:5432/cgbridge';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A base folder with an empty data folder, and the configuration `env` gives there. */
function configIn(env: NodeJS.ProcessEnv = {}) {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-config-'));
  dirs.push(base);
  fs.mkdirSync(path.join(base, 'data'));
  return configFromEnv({ DATA_DIR: 'data', ...env }, base);
}

const lastMove = { at: '2026-11-29T10:00:00.000Z', ok: true, message: 'Moved' };

describe('the store a start opens (issue 42)', () => {
  it('is the SQLite file when nothing says otherwise', () => {
    expect(withStoreLocation(configIn()).databaseUrl).toBeNull();
  });

  it('is the PostgreSQL database a move from Settings recorded in the data folder', () => {
    const config = configIn();
    writeStoreLocation(config.dataDir, { databaseUrl: MOVED, lastMove });
    expect(withStoreLocation(config).databaseUrl).toBe(MOVED);
  });

  it('stays SQLite when the recorded move failed', () => {
    const config = configIn();
    writeStoreLocation(config.dataDir, { databaseUrl: null, lastMove: { ...lastMove, ok: false } });
    expect(withStoreLocation(config).databaseUrl).toBeNull();
  });

  it('is DATABASE_URL when it is set, whatever the data folder records', () => {
    const config = configIn({ DATABASE_URL: 'postgres://other@127.0.0.1/elsewhere' });
    writeStoreLocation(config.dataDir, { databaseUrl: MOVED, lastMove });
    expect(withStoreLocation(config).databaseUrl).toBe('postgres://other@127.0.0.1/elsewhere');
  });

  it('is a main and backup pair when the file names both (a desktop PC: issue 43), or the environment does', () => {
    const BACKUP = 'postgres://cgbridge:secret@pc-b.station.lan:5432/cgbridge';
    const config = configIn();
    writeStoreLocation(config.dataDir, { databaseUrl: MOVED, haDatabaseUrl: BACKUP, lastMove: null });
    expect(withStoreLocation(config)).toMatchObject({ databaseUrl: MOVED, haPair: [MOVED, BACKUP] });
    expect(configIn({ DATABASE_URL: MOVED, HA_DATABASE_URL: BACKUP }).haPair).toEqual([MOVED, BACKUP]);
    expect(configIn({ HA_DATABASE_URL: BACKUP }).haPair).toBeNull();
  });

  it('refuses to start on a record it cannot read, naming the file, rather than fall back to stale SQLite data', () => {
    const config = configIn();
    fs.writeFileSync(path.join(config.dataDir, STORE_LOCATION_FILE), '{"databaseUrl": "postgres://cut-off');
    expect(() => withStoreLocation(config)).toThrow(STORE_LOCATION_FILE);
  });

  it('writes the record for the server account only (it holds the password)', () => {
    const config = configIn();
    writeStoreLocation(config.dataDir, { databaseUrl: MOVED, lastMove });
    const file = path.join(config.dataDir, STORE_LOCATION_FILE);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(config.dataDir)).toEqual([STORE_LOCATION_FILE]);
  });
});
