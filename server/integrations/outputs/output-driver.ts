import { LATE, orLate } from '../../lib/time-limit';

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

/**
 * Characters at most of any one text a device sends us (an OBS comment, a version, a CasparCG
 * reply, a vMix body): it reaches the status every user of the station reads, the as-run log kept
 * in the one database every station shares, and the Test answer (issue 37: a hostile OBS's 5 MB
 * comments grew the database by 55 MB in 10 writes).
 */
export const PEER_TEXT_MAX = 200;

/** What a device said, as text of at most PEER_TEXT_MAX characters (cut marked with …). */
export const peerText = (value: unknown): string =>
  cut(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), PEER_TEXT_MAX);

/** `text` within `max` characters, a cut marked with …; by code point, so no half surrogate pair is left. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${Array.from(text.slice(0, max * 2))
    .slice(0, max - 1)
    .join('')}…`;
}

/**
 * Our own words around a device's text stay readable; the whole status line is bounded too, for a
 * library's error that carries what the device sent (its message is not ours to cut at the source).
 */
const MESSAGE_MAX = 2 * PEER_TEXT_MAX;

/** A message from anything thrown, for the status line, the as-run log and the Test answer (bounded). */
export const messageOf = (err: unknown): string =>
  cut((err instanceof Error ? err.message : String(err)) || 'Unknown error', MESSAGE_MAX);

/**
 * How long a driver waits for a device at most: to connect (CasparCG: its VERSION answer too) and
 * for each command's answer. Above the lane's 2 s send limit and the Test's 3 s (their words are
 * what the operator sees), below the outputs thread's task limit (heavy-pool.ts): a device that
 * accepts the connection and never answers can no longer hold a task of the shared thread forever.
 */
export const DEVICE_TIMEOUT_MS = 4_000;

/** A device that did not answer within the driver's limit (DEVICE_TIMEOUT_MS). */
export class DeviceTimeout extends OutputFault {}

/** `work`, or a DeviceTimeout saying `what` did not answer within `ms` (and `hint`, what to check). */
export async function deviceAnswer<T>(work: Promise<T>, ms: number, what: string, hint = ''): Promise<T> {
  const outcome = await orLate(work, ms);
  if (outcome === LATE)
    throw new DeviceTimeout(`${what} did not answer within ${ms / 1000} s${hint && ` ${hint}`}`, 'unreachable');
  return outcome;
}

/**
 * deviceAnswer, and the driver closed when the device did not answer in time: a late answer must
 * never be taken for a later command's, and the lane or the Test makes a new driver anyway.
 */
export async function answerOrClose<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  close: () => void,
  hint?: string,
): Promise<T> {
  try {
    return await deviceAnswer(work, ms, what, hint);
  } catch (err) {
    if (err instanceof DeviceTimeout) close();
    throw err;
  }
}
