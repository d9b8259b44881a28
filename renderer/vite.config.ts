import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, UserConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const BASE = '/';

/**
 * electron-vite's renderer preset (electron.vite.config.ts, `npm run build`) sets `base: './'`
 * in production, for a window that loads index.html from disk. Ours loads the UI over HTTP from
 * the server, which serves it at every depth: relative paths made /prompter/1/follow ask for
 * /prompter/1/assets/… and stay blank (issue 22 point 14). The preset's hook runs first ('pre');
 * this one puts '/' back. In the plain Vite build it changes nothing.
 */
function absoluteBase(): Plugin {
  return {
    name: 'cg-bridge:absolute-base',
    config(config) {
      config.base = BASE;
    },
  };
}

/**
 * The pages of the build: the app, and the HTML overlay (issue 25) — its own small entry so
 * OBS / vMix / CasparCG load a few kB, not the app shell. The desktop build uses the same list.
 */
export const RENDERER_INPUT = {
  index: path.resolve(root, 'index.html'),
  overlay: path.resolve(root, 'overlay.html'),
};

/**
 * The one renderer build config: used by `npm run build:web` (the web UI the server serves) and
 * by electron.vite.config.ts (the desktop build), so both hosts ship the same UI. `base: '/'`:
 * the server serves this build at every depth (/prompter/1/follow, /field/equipment/CAM-007),
 * in a LAN browser and in the desktop window alike (it loads http://127.0.0.1:<port>/).
 */
export const rendererConfig: UserConfig = {
  root,
  base: BASE,
  plugins: [react(), absoluteBase()],
  resolve: {
    alias: {
      '@shared': path.resolve(root, '../shared'),
      '@': path.resolve(root, 'src'),
    },
  },
  build: {
    outDir: path.resolve(root, '../out/renderer'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // Spelled out although they are Vite's defaults: electron-vite's renderer preset would otherwise
    // put in its own (Electron's Chrome only, unminified, no modulepreload polyfill), and this one
    // build is also what LAN browsers and phones load.
    target: 'baseline-widely-available',
    minify: 'oxc',
    modulePreload: { polyfill: true },
    rollupOptions: { input: RENDERER_INPUT },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
};

export default rendererConfig;
