import fs from 'node:fs';
import path from 'node:path';

/** A type's text in a server's CG folder (the first station's: ./cg_output under its base folder), or null. */
export function readCgFile(baseDir: string, type: string, folder = 'cg_output'): string | null {
  const file = path.join(baseDir, folder, `${type}.txt`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}
