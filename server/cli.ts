import { startServer } from './index';
import { watchLoopBlocks } from './lib/loop-watch';

/** Headless host: `npm start`. Prints where to open the UI and, on first run, the owner login. */
async function main(): Promise<void> {
  const started = Date.now();
  // Benchmark diagnostics only (bench/loop-blocks.ts).
  if (process.env.CGB_LOOP_WATCH_FILE) watchLoopBlocks(process.env.CGB_LOOP_WATCH_FILE);
  const server = await startServer();
  process.stdout.write(`CG Bridge is running on ${server.url} (ready in ${Date.now() - started} ms)\n`);
  const first = server.firstRun;
  if (first) {
    process.stdout.write(
      `\nFirst run: created company "${first.company.name}" and its owner.\n` +
        `  Username: ${first.owner.username}\n` +
        (first.generatedPassword
          ? `  Password: ${first.generatedPassword}   (shown once — change it under Users)\n\n`
          : '  Password: the OWNER_PASSWORD you set\n\n'),
    );
  }
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`CG Bridge failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
