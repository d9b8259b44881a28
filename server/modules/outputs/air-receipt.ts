import type { Request } from 'express';
import type { AirAnswer, AirOutcome } from '../../../shared/contracts/air';
import { OUTPUTS } from '../../../shared/contracts/outputs';
import type { Writer } from '../cg-files/cg-files.service';
import type { OnAirChange, OnAirChanges, OutputResult } from './on-air-changes';

/**
 * One write's results from every output (issue 38). The write path hands the receipt its change
 * (Writer.onAir) before the change is emitted, so no result can pass unseen; `settle` then waits,
 * at most `waitMs`, until every output expected at that moment has answered. The text files are
 * air and answer at once; a direct output that has not answered by then is reported 'sending'.
 */
export class AirReceipt {
  private change: OnAirChange | null = null;
  private expected: string[] = [];
  private readonly results = new Map<string, OutputResult>();
  private stop: (() => void) | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly changes: OnAirChanges) {}

  /** Writer.onAir: the first change of the write is the one answered for. */
  readonly note = (change: OnAirChange): void => {
    if (this.change) return;
    this.change = change;
    this.expected = this.changes.expectedOutputs(change.companyId);
    this.stop = this.changes.onResult((result) => {
      if (result.change.seq !== change.seq) return;
      this.results.set(result.output, result);
      if (this.complete()) this.wake?.();
    });
  };

  /** The answer, once every expected output answered or `waitMs` passed; null when nothing aired. */
  async settle(waitMs: number): Promise<AirAnswer | null> {
    const change = this.change;
    if (!change) return null;
    if (waitMs > 0 && !this.complete()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.stop?.();
    return { at: change.at, outputs: this.outcomes() };
  }

  private complete(): boolean {
    return this.expected.every((output) => this.results.has(output));
  }

  /** Files first, the overlay (it reports only when one is connected), then the direct outputs. */
  private outcomes(): AirOutcome[] {
    const names = [
      ...new Set([
        'files',
        ...(this.results.has('overlay') ? ['overlay'] : []),
        ...this.expected,
        ...this.results.keys(),
      ]),
    ];
    return names.map((output) => {
      const r = this.results.get(output);
      return r
        ? { output, result: r.result, message: r.message ?? null }
        : { output, result: 'sending', message: null };
    });
  }
}

/**
 * Runs a CG write with a receipt: its result and what each output did with it (`air` null when the
 * write aired nothing, e.g. it was staged in NEXT). The write itself is never delayed.
 */
export async function withAirAnswer<W extends Writer, T>(
  changes: OnAirChanges,
  writer: W,
  waitMs: number,
  write: (writer: W) => Promise<T>,
): Promise<[T, AirAnswer | null]> {
  const receipt = new AirReceipt(changes);
  const result = await write({ ...writer, onAir: receipt.note });
  return [result, await receipt.settle(waitMs)];
}

/**
 * How long a request asked to wait for the outputs: `?outputs=wait` (the operator's screens) waits
 * up to OUTPUTS.answerWaitMs; without it the answer goes at once with what has answered (API
 * callers and automation keep today's speed: a hanging device never delays their answer).
 */
export function airWaitOf(req: Request): number {
  return req.query.outputs === 'wait' ? OUTPUTS.answerWaitMs : 0;
}
