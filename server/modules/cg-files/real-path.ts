import fs from 'node:fs';
import path from 'node:path';

/** How many symlinks one path may pass through before we give up (Linux's own limit is 40). */
const MAX_LINKS = 40;

/**
 * The real location of `p` (absolute), even when it does not exist yet: the realpath of its
 * nearest existing ancestor plus the rest. Folder rules compare these, never the text entered —
 * a symlink, `/proc/self/cwd/…` or `/proc/self/root/…` names the same folder as its target.
 * A dangling symlink on the way is followed by hand (realpath refuses it, but mkdir and open
 * would follow it). Synchronous on purpose: the clash check runs inside the folder-move queue
 * and must see the file system as it is at that moment.
 */
export function realPathOf(p: string, depth = 0): string {
  const missing: string[] = [];
  let current = path.resolve(p);
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(current), ...missing.reverse());
    } catch {
      const link = readLinkOrNull(current);
      if (link !== null && depth < MAX_LINKS) {
        return realPathOf(path.join(path.resolve(path.dirname(current), link), ...missing.reverse()), depth + 1);
      }
      const parent = path.dirname(current);
      if (parent === current) return path.join(current, ...missing.reverse());
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

function readLinkOrNull(p: string): string | null {
  try {
    return fs.readlinkSync(p);
  } catch {
    return null;
  }
}

export type Platform = NodeJS.Platform;

/** The form two folders are compared in: Windows paths ignore case and slash direction. */
export function comparable(p: string, platform: Platform = process.platform): string {
  if (platform !== 'win32') return path.posix.resolve(p);
  return path.win32.resolve(p).toLowerCase();
}

/** True when `child` lies strictly inside `parent` (both absolute, in the platform's rules). */
export function isInside(child: string, parent: string, platform: Platform = process.platform): boolean {
  const lib = platform === 'win32' ? path.win32 : path.posix;
  const rel = lib.relative(comparable(parent, platform), comparable(child, platform));
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${lib.sep}`) && !lib.isAbsolute(rel);
}

/** Same folder, inside it, or around it: the three ways two folders can overlap. */
export type Overlap = 'same' | 'inside' | 'contains' | null;

export function overlap(a: string, b: string, platform: Platform = process.platform): Overlap {
  if (comparable(a, platform) === comparable(b, platform)) return 'same';
  if (isInside(a, b, platform)) return 'inside';
  if (isInside(b, a, platform)) return 'contains';
  return null;
}
