import type { OutputStatusEntry } from '@shared/contracts/outputs';

/**
 * The state of air next to LIVE (issue 38): LIVE is the spec's and always lit, so beside it the
 * header says whether air is what the screen claims. Files that cannot be written are worst (air
 * is stale everywhere); then outputs in Error; outputs still retrying; else AIR OK. Without the
 * live connection this desk cannot know, and says so instead of showing a stale "OK".
 */
export type AirLevel = 'ok' | 'warn' | 'fail' | 'unknown';

export interface AirState {
  level: AirLevel;
  /** The badge: "AIR OK", "AIR: 2 outputs failing". */
  text: string;
  /** The tooltip and screen-reader words: which outputs and why. */
  detail: string;
}

export interface AirInputs {
  statuses: readonly OutputStatusEntry[];
  /** The CG files could not be written (the write-failure alert is up). */
  filesFailing: boolean;
  connected: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const named = (list: readonly OutputStatusEntry[]) =>
  list.map((s) => (s.status.message ? `${s.name}: ${s.status.message}` : s.name)).join('; ');

export function airState({ statuses, filesFailing, connected }: AirInputs): AirState {
  if (!connected)
    return {
      level: 'unknown',
      text: 'AIR ?',
      detail: 'Not connected to the server: the state of air is unknown on this screen.',
    };
  if (filesFailing)
    return {
      level: 'fail',
      text: 'AIR: files not written',
      detail: 'The CG text files could not be written: air shows older text.',
    };
  const failing = statuses.filter((s) => s.status.state === 'error');
  if (failing.length)
    return { level: 'fail', text: `AIR: ${plural(failing.length, 'output')} failing`, detail: named(failing) };
  const retrying = statuses.filter((s) => s.status.state === 'retrying');
  if (retrying.length)
    return { level: 'warn', text: `AIR: ${plural(retrying.length, 'output')} retrying`, detail: named(retrying) };
  return {
    level: 'ok',
    text: 'AIR OK',
    detail: 'The text files are written and every enabled output confirmed its last send.',
  };
}

/** The ids of outputs in Error now, each with the start of its failure (one alarm per transition). */
export function alarmKeys(statuses: readonly OutputStatusEntry[]): Set<string> {
  return new Set(
    statuses.filter((s) => s.status.state === 'error').map((s) => `${s.id}@${s.status.failingSince ?? s.status.at}`),
  );
}

/** Alarms raised since `before`: transitions to Error this screen had not seen. */
export function newAlarms(before: ReadonlySet<string> | null, now: ReadonlySet<string>): string[] {
  if (!before) return [];
  return [...now].filter((key) => !before.has(key));
}
