/**
 * What the dispatcher asks of a device driver (issue 25). A driver owns one connection; when a
 * send fails or times out the dispatcher closes it and makes a new driver for the next attempt, so
 * nothing a dead connection held (a library's own queue, a half-read reply) can ever reach air late.
 */
export interface OutputUpdate {
  /** The types this send sets and their texts ('' clears one). */
  changed: Record<string, string>;
  /** Every type's text now (what cg.json holds). */
  snapshot: Record<string, string>;
  /** First send on a new connection: set every type the output shows from the snapshot. */
  full: boolean;
}

/** 'sent': the device confirmed; 'nothing': no type this output shows was touched. */
export type SendOutcome = 'sent' | 'nothing';

export interface OutputDriver {
  /** The CG types this output shows. */
  readonly types: readonly string[];
  send(update: OutputUpdate): Promise<SendOutcome>;
  /** Connects and asks the device who it is: the Test button's answer. */
  probe(): Promise<string>;
  /** Drops the connection for good (no reconnect of its own). */
  close(): void;
}

/**
 * A failure with the words the operator sees. `refused`: the device answered no (bad password,
 * unknown template, HTTP 500) — status "error"; `unreachable`: no answer or connection lost —
 * status "retrying".
 */
export class OutputFault extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'unreachable',
  ) {
    super(message);
  }
}

/** The texts of `types` to set in one send: the changed ones, or all of them on a full send. */
export function textsToSet(update: OutputUpdate, types: readonly string[]): Array<[string, string]> {
  const source = update.full ? update.snapshot : update.changed;
  return types.filter((t) => update.full || t in update.changed).map((t) => [t, source[t] ?? '']);
}

/** A message from anything thrown, for the status line. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)) || 'Unknown error';
