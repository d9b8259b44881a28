import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from '../server/config';

/**
 * docs/design-rules.md §7 "initial web UI JavaScript ≤ 400 kB gzip": the JavaScript a browser must load
 * before the first screen — the built index.html's module entry and everything it imports
 * statically, transitively. Dynamic import() chunks (the routes) are not initial. Each file is
 * gzipped on its own at zlib's default level, as a server compresses each response.
 */
export interface BundleSize {
  files: string[];
  rawKb: number;
  gzipKb: number;
  cssGzipKb: number;
}

export const RENDERER_DIR = path.join(REPO_ROOT, 'out', 'renderer');

/** Builds the UI when renderer/ or shared/ changed since the last build (the script decides). */
export function ensureRendererBuilt(): void {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-web.mjs'), '--if-stale'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}

/** `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; not `import("./x.js")`. */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'`](\.{1,2}\/[^"'`]+?\.js)["'`]/g;

export function staticImports(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
}

/** Files (relative to the renderer dir) the entry needs before it runs, entry first. */
export function initialFiles(rendererDir: string): { js: string[]; css: string[] } {
  const html = fs.readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const entry = /<script[^>]*type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module entry in the built index.html');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(path.join(rendererDir, file), 'utf8');
    for (const spec of staticImports(source)) visit(path.posix.join(path.posix.dirname(file), spec));
  };
  visit(entry);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1]!);
  return { js: [...seen], css };
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

function sizes(rendererDir: string, files: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(rendererDir, file));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes).length;
  }
  return { raw, gzip };
}

export function bundleSize(rendererDir = RENDERER_DIR): BundleSize {
  const { js, css } = initialFiles(rendererDir);
  const j = sizes(rendererDir, js);
  return { files: js, rawKb: kb(j.raw), gzipKb: kb(j.gzip), cssGzipKb: kb(sizes(rendererDir, css).gzip) };
}
