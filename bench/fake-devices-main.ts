import { startFakeCasparcg } from '../server/test/fake-casparcg';
import { startFakeObs } from '../server/test/fake-obs';
import { startFakeVmix } from '../server/test/fake-vmix';

/**
 * The outputs bench's playout devices in a process of their own: CasparCG, OBS and vMix run on
 * other machines in a station, and in the bench's process their parsing took CPU from the client
 * that times the writes. Prints the addresses as one JSON line, then serves until stdin closes.
 */
const caspar = await startFakeCasparcg();
const obs = await startFakeObs('bench-pass');
const vmix = await startFakeVmix();
const hanging = await startFakeVmix();
hanging.mode = 'hang';
process.stdout.write(
  `${JSON.stringify({ casparPort: caspar.port, obsUrl: obs.url, vmixUrl: vmix.url, hangingUrl: hanging.url })}\n`,
);
const stop = () =>
  void Promise.all([caspar.close(), obs.close(), vmix.close(), hanging.close()]).then(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
