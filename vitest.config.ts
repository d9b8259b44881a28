import { defineConfig } from 'vitest/config';
import { rendererConfig } from './renderer/vite.config';

/**
 * Two projects: `server` (unit + API tests against a real server on an ephemeral port) and
 * `e2e` (real Chromium through playwright-core against the built web UI).
 */
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        // Renderer unit tests import through the UI's aliases (@shared, @).
        resolve: rendererConfig.resolve,
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/src/**/*.test.ts', 'electron/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
      {
        // The API suite again on the PostgreSQL store (issue 42): every test server gets its own
        // database on one throwaway cluster (server/test/pg-global-setup.ts).
        test: {
          name: 'unit-pg',
          include: ['server/**/*.test.ts'],
          // What only the SQLite store has or is: its backups and restores, the station export (reads
          // the SQLite file), the move into PostgreSQL (from a SQLite file), SQLite's query plans; and
          // the store's own tests, which run on both engines themselves.
          exclude: [
            'server/modules/backups/**',
            'server/modules/station-export/**',
            // The move from SQLite, run from Settings: its tests start on SQLite and own a cluster.
            'server/modules/store-move/**',
            'server/db/**',
            'server/modules/as-run/as-run-scale.test.ts',
            'server/cli*.test.ts',
            // Spawned servers on SQLite (the crash tests): the same on both runs.
            'server/crash-bursts*.test.ts',
            // Two servers on one store: it starts its own cluster (issue 43).
            'server/live/two-servers*.test.ts',
            // Main and backup: two clusters of its own, one a replica of the other (issue 43).
            'server/modules/ha/main-backup*.test.ts',
          ],
          environment: 'node',
          env: { TZ: 'UTC', CGB_TEST_STORE: 'postgres' },
          globalSetup: ['server/test/pg-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
      {
        // The built desktop main under Node with a stand-in electron module: needs `electron-vite build` first.
        test: {
          name: 'desktop',
          include: ['electron/**/*.smoke.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time: the reference machine has 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
