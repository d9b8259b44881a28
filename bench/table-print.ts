import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../server/config';
import type { Results } from './results';
import { markdown } from './table';

/** `npx tsx bench/table-print.ts [results.json]`: the table of a finished run again, e.g. for the README. */
const file = process.argv[2] ?? path.join(REPO_ROOT, 'bench', 'results.json');
process.stdout.write(markdown(JSON.parse(fs.readFileSync(file, 'utf8')) as Results) + '\n');
