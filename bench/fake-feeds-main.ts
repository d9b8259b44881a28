import { startFakeFeeds } from '../server/test/fake-feeds';

/**
 * The station's internet link, which every agency's answer shares: 1 Gbit/s, the fastest an MCR
 * PC has. Over loopback, unpaced, the 8 × 2.4 MB answers crossed at memory speed in this helper's
 * kernel time, which its nice 19 does not cover: a thread of nice 0 waking on that core waited up
 * to 4 ms (docs/performance.md, "Wires reader", "Agencies through a link") — a cost of the stand-in, not of the MCR PC.
 */
const LINK_BYTES_PER_MS = 125_000;

/**
 * The fake feed server as its own process for the bench: building and sending 8 × 2.4 MB bodies
 * in the bench's process stalled the bench's own clock reads (its CG write timings). Prints the
 * URL, then serves until stdin closes or a signal. An argument sets the link's bytes per ms
 * instead (0: loopback speed; bench/agency-link.ts compares them).
 */
const rate = process.argv[2] === undefined ? LINK_BYTES_PER_MS : Number(process.argv[2]);
const feeds = await startFakeFeeds({ lineBytesPerMs: rate || undefined });
process.stdout.write(`${feeds.url}\n`);
const stop = () => void feeds.close().then(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
