import type { StoredOutput } from '../../shared/contracts/outputs';
import { createDriver } from '../integrations/outputs/create-driver';
import {
  messageOf,
  OutputFault,
  type OutputDriver,
  type OutputUpdate,
  type SendOutcome,
} from '../integrations/outputs/output-driver';

/**
 * The device drivers' side of the outputs thread (issue 25): each driver (one connection to one
 * CasparCG, OBS or vMix) lives here, keyed by the number the air thread gave it
 * (integrations/outputs/remote-driver.ts). Encoding AMCP, obs-websocket JSON and vMix HTTP, and
 * reading the devices' replies, happen on this thread; the air thread only posts the texts.
 */
const drivers = new Map<number, OutputDriver>();

/** A device's answer, or its fault with the kind the lane's status needs ('refused' → error, else retrying). */
export type OutputIoResult<T> = { ok: true; value: T } | { ok: false; message: string; kind: OutputFault['kind'] };

export interface OutputIoInput {
  /** The air thread's driver number: one connection, until closed. */
  key: number;
  output: StoredOutput;
}

function driverFor({ key, output }: OutputIoInput): OutputDriver {
  let driver = drivers.get(key);
  if (!driver) drivers.set(key, (driver = createDriver(output)));
  return driver;
}

async function settle<T>(work: () => Promise<T>): Promise<OutputIoResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    return { ok: false, message: messageOf(err), kind: err instanceof OutputFault ? err.kind : 'unreachable' };
  }
}

export function outputSend(input: OutputIoInput & { update: OutputUpdate }): Promise<OutputIoResult<SendOutcome>> {
  return settle(() => driverFor(input).send(input.update));
}

export function outputProbe(input: OutputIoInput): Promise<OutputIoResult<string>> {
  return settle(() => driverFor(input).probe());
}

/** Drops the connection for good; a send still waiting on it fails (its answer is no longer awaited). */
export function outputClose(key: number): boolean {
  drivers.get(key)?.close();
  return drivers.delete(key);
}

/** The outputs thread's tasks (outputs-worker.ts): a driver's send, Test probe and close. */
export const OUTPUT_TASKS = {
  'outputs.send': outputSend,
  'outputs.probe': outputProbe,
  'outputs.close': outputClose,
};

export type OutputTasks = typeof OUTPUT_TASKS;
