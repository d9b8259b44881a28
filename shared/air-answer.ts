import type { AirAnswer, AirOutcome } from './contracts/air';

/**
 * The words of a write's air answer (issue 38), for the toast: "On air: files, overlay ·
 * CasparCG failed: connection refused · vMix: no answer yet". Green only when every output that
 * shows the change confirmed it; red when any failed; amber when none failed but one has not
 * answered yet. An output that shows none of the changed types ('skipped') is not named.
 */
export type AirLevel = 'ok' | 'sending' | 'failed';

export interface AirVerdict {
  level: AirLevel;
  line: string;
  failed: string[];
  sending: string[];
}

const failedResult = (o: AirOutcome) => o.result === 'error' || o.result === 'timeout';

export function describeAir(answer: AirAnswer): AirVerdict {
  const ok = answer.outputs.filter((o) => o.result === 'ok').map((o) => o.output);
  const failed = answer.outputs.filter(failedResult);
  const sending = answer.outputs.filter((o) => o.result === 'sending');
  const parts: string[] = [];
  if (ok.length) parts.push(`On air: ${ok.join(', ')}`);
  for (const o of failed) parts.push(`${o.output} failed${o.message ? `: ${o.message}` : ''}`);
  for (const o of sending) parts.push(`${o.output}: no answer yet`);
  const level: AirLevel = failed.length ? 'failed' : sending.length ? 'sending' : 'ok';
  return { level, line: parts.join(' · '), failed: failed.map((o) => o.output), sending: sending.map((o) => o.output) };
}

/** The toast's title for a verdict: the caller's own words when all is well. */
export function airTitle(verdict: AirVerdict, okTitle: string): string {
  if (verdict.level === 'failed') return `Not on every output — failed: ${verdict.failed.join(', ')}`;
  if (verdict.level === 'sending') return `${okTitle} — still sending to ${verdict.sending.join(', ')}`;
  return okTitle;
}
