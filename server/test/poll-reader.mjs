// A graphics program stand-in: reads one CG file in a tight loop (its own process, like vMix)
// until a stop file appears, and reports what it saw.
import fs from 'node:fs';

const [file, stopFile, pattern] = process.argv.slice(2);
const valid = new RegExp(pattern);
const seen = { reads: 0, empty: 0, missing: 0, invalid: 0, distinct: new Set(), samples: [] };
while (!fs.existsSync(stopFile)) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    seen.missing += 1;
    continue;
  }
  seen.reads += 1;
  if (text === '') seen.empty += 1;
  else if (!valid.test(text)) {
    seen.invalid += 1;
    if (seen.samples.length < 3) seen.samples.push(text.slice(0, 80));
  } else seen.distinct.add(text.slice(0, 12));
}
process.stdout.write(JSON.stringify({ ...seen, distinct: seen.distinct.size }));
