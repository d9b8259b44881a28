import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from './config';

/**
 * No import circle in server/ (issue 40): a circle, even of `import type`, means two files can only
 * be understood together and that load order decides what is defined. Every relative import of
 * every .ts file is followed; any strongly connected group of more than one file fails, named.
 */
const SERVER = path.join(REPO_ROOT, 'server');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (candidate.startsWith(SERVER) && candidate.endsWith('.ts') && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Tarjan's strongly connected components: each group of files that import each other round. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.map((f) => path.relative(SERVER, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Circles allowed: none (the last, in the wires reader's parse path, went with the one job runner of issue 40). */
const KNOWN_CIRCLES: string[][] = [];

test('server/ has no import circle', () => {
  const graph = new Map<string, string[]>();
  for (const file of files(SERVER)) {
    const text = fs.readFileSync(file, 'utf8');
    const deps = [...text.matchAll(IMPORT)]
      .map((m) => resolve(file, (m[1] ?? m[2])!))
      .filter((d): d is string => d !== null);
    graph.set(file, deps);
  }
  expect(graph.size).toBeGreaterThan(400);
  expect(circles(graph)).toEqual(KNOWN_CIRCLES);
});
