import type { StoredOutput } from '../../../shared/contracts/outputs';
import type { OutputsPool } from '../../workers/heavy-pool';
import type { OutputIoResult } from '../../workers/output-io';
import { driverTypes } from './create-driver';
import { messageOf, OutputFault, type OutputDriver, type OutputUpdate, type SendOutcome } from './output-driver';

/** Numbers the outputs thread keys its drivers by: one per RemoteDriver, never reused. */
let nextKey = 1;

/**
 * A device driver that runs on the outputs thread (server/workers/output-io.ts): the lane on the
 * air thread keeps its state (latest wins, timeouts, retries) and only posts texts; the device's
 * connection, protocol encoding and replies cost the air thread nothing (bench/outputs.ts). The
 * same contract as a driver in-thread: one connection until close(), faults keep their kind.
 * The thread is shared by every station: each task carries the output's station, so one station's
 * dead devices use up its own share of the thread only (heavy-pool.ts, issue 37).
 */
export class RemoteDriver implements OutputDriver {
  readonly types: readonly string[];
  private readonly key = nextKey++;
  private closed = false;

  constructor(
    private readonly thread: OutputsPool,
    private readonly output: StoredOutput,
    /** The output's station: its tasks count against that station's share of the thread. */
    private readonly companyId: number,
  ) {
    this.types = driverTypes(output);
  }

  async send(update: OutputUpdate): Promise<SendOutcome> {
    return answer(
      this.thread.task('outputs.send', { key: this.key, output: this.output, update }, [], { station: this.companyId }),
    );
  }

  async probe(): Promise<string> {
    return answer(
      this.thread.task('outputs.probe', { key: this.key, output: this.output }, [], { station: this.companyId }),
    );
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // After this driver's sends in the thread's queue; a thread stopped meanwhile has closed it anyway.
    // Not counted against the station: a close ends a hung call, so it must get through when the
    // station is at its share (that is when it matters most).
    this.thread.task('outputs.close', this.key).catch(() => undefined);
  }
}

/** The device's answer, or its fault; the thread refusing or giving up (busy, limit) is the output not reached. */
async function answer<T>(task: Promise<OutputIoResult<T>>): Promise<T> {
  let result: OutputIoResult<T>;
  try {
    result = await task;
  } catch (err) {
    throw new OutputFault(messageOf(err), 'unreachable');
  }
  if (result.ok) return result.value;
  throw new OutputFault(result.message, result.kind);
}
