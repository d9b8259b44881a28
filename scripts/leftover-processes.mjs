// Finds processes a test run left behind. Every process the run starts (vitest workers, spawned
// servers, Chromium) inherits CGB_TEST_RUN from scripts/test.mjs; an orphan re-parented to init
// still carries it in /proc/<pid>/environ, so it is found wherever it ended up.
import fs from 'node:fs';

export function leftoverProcesses(marker) {
  const needle = `CGB_TEST_RUN=${marker}`;
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const env = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!env.includes(needle)) continue;
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: Number(entry), cmd: cmd.slice(0, 160) });
    } catch {
      // The process ended while we looked, or is not ours to read.
    }
  }
  return found;
}
