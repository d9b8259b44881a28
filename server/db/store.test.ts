import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { startPgCluster, type PgCluster } from '../test/pg-cluster';
import { openDatabase } from './client';
import { openPostgres } from './pg-client';
import { afterCommit, postgresStore, sqliteStore, type Store } from './store';

/**
 * The one async store API (issue 42, step 1 of docs/postgresql.md "What comes next") on a real
 * SQLite file and a throwaway PostgreSQL cluster, with the real schema: a station's writes run one
 * at a time (hundreds in parallel lose no update), a failed body commits nothing, a read never sees
 * a write in progress, a write inside a write joins it.
 */
let cluster: PgCluster;
const stores: Record<'sqlite' | 'postgres', Store> = {} as never;
const dirs: string[] = [];

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-store-'));
  dirs.push(dataDir);
  const sqlite = openDatabase(dataDir, path.join(REPO_ROOT, 'server', 'db', 'migrations'));
  const inner = sqliteStore(dataDir, sqlite);
  stores.sqlite = { ...inner, close: async () => (await inner.close(), sqlite.close()) };
  cluster = await startPgCluster();
  stores.postgres = postgresStore(await openPostgres(await cluster.createDatabase('store_test')));
}, 60_000);

afterAll(async () => {
  await Promise.all(Object.values(stores).map((s) => s.close()));
  await cluster?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function newStation(store: Store, name: string): Promise<number> {
  const { companies } = store.tables;
  const [row] = await store.write('server', (tx) => tx.insert(companies).values({ name }).returning());
  return row!.id;
}

describe.each(['sqlite', 'postgres'] as const)('the store on %s', (engine) => {
  const store = () => stores[engine];

  it('300 parallel read-then-write bodies of one station lose no update', async () => {
    const { companySettings } = store().tables;
    const station = await newStation(store(), `Counter ${engine}`);
    await store().write(station, (tx) => tx.insert(companySettings).values({ companyId: station }));
    const bump = () =>
      store().write(station, async (tx) => {
        const [row] = await tx.select().from(companySettings).where(eq(companySettings.companyId, station));
        await tx
          .update(companySettings)
          .set({ version: row!.version + 1 })
          .where(eq(companySettings.companyId, station));
      });
    await Promise.all(Array.from({ length: 300 }, bump));
    const [row] = await store().read((q) =>
      q.select().from(companySettings).where(eq(companySettings.companyId, station)),
    );
    expect(row!.version).toBe(301);
  });

  it('a body that throws commits nothing, and the next write goes through', async () => {
    const { companies } = store().tables;
    await expect(
      store().write('server', async (tx) => {
        await tx.insert(companies).values({ name: `Half-made ${engine}` });
        throw new Error('refused after the insert');
      }),
    ).rejects.toThrow('refused after the insert');
    const half = await store().read((q) =>
      q
        .select()
        .from(companies)
        .where(eq(companies.name, `Half-made ${engine}`)),
    );
    expect(half).toEqual([]);
    expect(await newStation(store(), `After ${engine}`)).toBeGreaterThan(0);
  });

  it('a write started inside a write joins it: its rows commit with the outer body, a failed inner write undoes only its own', async () => {
    const { companies } = store().tables;
    const name = `Nested ${engine}`;
    await store().write('server', async (tx) => {
      await tx.insert(companies).values({ name });
      await store().write('server', (inner) => inner.insert(companies).values({ name: `${name} inner` }));
      await expect(
        store().write('server', async (inner) => {
          await inner.insert(companies).values({ name: `${name} failed` });
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      // A read inside the body sees the body's own rows (it joins the write, not the committed store).
      const seen = await store().read((q) =>
        q
          .select()
          .from(companies)
          .where(eq(companies.name, `${name} inner`)),
      );
      expect(seen).toHaveLength(1);
    });
    const rows = await store().read((q) => q.select({ name: companies.name }).from(companies));
    const names = rows.map((r) => r.name).filter((n) => n.startsWith(name));
    expect(names.sort()).toEqual([name, `${name} inner`]);
  });

  it('work put after the commit runs once the outermost write commits, and never for a write that rolled back', async () => {
    const { companies } = store().tables;
    const heard: string[] = [];
    await store().write('server', async (tx) => {
      await store().write('server', async (inner) => {
        await inner.insert(companies).values({ name: `Announced ${engine}` });
        afterCommit(() => heard.push('joined write'));
      });
      await expect(
        store().write('server', () => {
          afterCommit(() => heard.push('failed savepoint'));
          return Promise.reject(new Error('refused'));
        }),
      ).rejects.toThrow('refused');
      // Still inside the outer body: nothing is announced before the commit.
      expect(heard).toEqual([]);
      await tx.select().from(companies).limit(1);
    });
    expect(heard).toEqual(['joined write']);
    await expect(
      store().write('server', () => {
        afterCommit(() => heard.push('rolled back'));
        return Promise.reject(new Error('no'));
      }),
    ).rejects.toThrow('no');
    afterCommit(() => heard.push('outside a write'));
    expect(heard).toEqual(['joined write', 'outside a write']);
  });

  it('a read outside a write never sees a write in progress', async () => {
    const { companies } = store().tables;
    const name = `Unseen ${engine}`;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const writing = store().write('server', async (tx) => {
      await tx.insert(companies).values({ name });
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(await store().read((q) => q.select().from(companies).where(eq(companies.name, name)))).toEqual([]);
    release();
    await writing;
    expect(await store().read((q) => q.select().from(companies).where(eq(companies.name, name)))).toHaveLength(1);
  });
});

describe('the store on postgres: stations write side by side', () => {
  it('while one station’s write is held open, another station writes; the first station’s next write waits its turn', async () => {
    const store = stores.postgres;
    const { companySettings } = store.tables;
    const [a, b] = [await newStation(store, 'Held A'), await newStation(store, 'Free B')];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = store.write(a, async (tx) => {
      await tx.insert(companySettings).values({ companyId: a });
      await held;
      order.push('a first');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = store.write(a, () => {
      order.push('a second');
      return Promise.resolve();
    });
    await store.write(b, async (tx) => {
      await tx.insert(companySettings).values({ companyId: b });
      order.push('b');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual(['b']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['b', 'a first', 'a second']);
  });
});
