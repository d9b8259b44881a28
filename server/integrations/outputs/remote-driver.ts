import type { StoredOutput } from '../../../shared/contracts/outputs';
import type { HeavyPool } from '../../workers/heavy-pool';
import type { OutputIoResult } from '../../workers/output-io';
import { driverTypes } from './create-driver';
import { OutputFault, type OutputDriver, type OutputUpdate, type SendOutcome } from './output-driver';

/** Numbers the outputs thread keys its drivers by: one per RemoteDriver, never reused. */
let nextKey = 1;

/**
 * A device driver that runs on the outputs thread (server/workers/output-io.ts): the lane on the
 * air thread keeps its state (latest wins, timeouts, retries) and only posts texts; the device's
 * connection, protocol encoding and replies cost the air thread nothing (bench/outputs.ts). The
 * same contract as a driver in-thread: one connection until close(), faults keep their kind.
 */
export class RemoteDriver implements OutputDriver {
  readonly types: readonly string[];
  private readonly key = nextKey++;
  private closed = false;

  constructor(
    private readonly thread: HeavyPool,
    private readonly output: StoredOutput,
  ) {
    this.types = driverTypes(output);
  }

  async send(update: OutputUpdate): Promise<SendOutcome> {
    return answer(await this.thread.task('outputs.send', { key: this.key, output: this.output, update }));
  }

  async probe(): Promise<string> {
    return answer(await this.thread.task('outputs.probe', { key: this.key, output: this.output }));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // After this driver's sends in the thread's queue; a thread stopped meanwhile has closed it anyway.
    this.thread.task('outputs.close', this.key).catch(() => undefined);
  }
}

function answer<T>(result: OutputIoResult<T>): T {
  if (result.ok) return result.value;
  throw new OutputFault(result.message, result.kind);
}
