import { startFakeFeeds } from '../server/test/fake-feeds';

/**
 * The fake feed server as its own process for the bench: building and sending 8 × 2.4 MB bodies
 * in the bench's process stalled the bench's own clock reads (its CG write timings). Prints the
 * URL, then serves until stdin closes or a signal.
 */
const feeds = await startFakeFeeds();
process.stdout.write(`${feeds.url}\n`);
const stop = () => void feeds.close().then(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
