import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The one renderer build config: used by `npm run build:web` (the web UI the server serves) and
 * by electron.vite.config.ts (the desktop build), so both hosts ship the same UI.
 */
export const rendererConfig: UserConfig = {
  root,
  base: '/',
  plugins: [react()],
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
