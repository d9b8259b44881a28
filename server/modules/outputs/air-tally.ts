import { TALLY_TEXT_MAX, type AirTally, type TallyRow, type TallyText } from '../../../shared/contracts/air';
import type { CgFile } from '../../../shared/contracts/cg-files';
import type { OutputRow } from '../../db/schema';
import type { OnAirChanges } from './on-air-changes';
import type { LaneConfirmed } from './output-lane';
import type { OutputDispatcher } from './output-dispatcher';

/** The texts of a tally row: each cut to TALLY_TEXT_MAX (a 250 kB crawler is not a tally). */
const textsOf = (texts: Record<string, string>): TallyText[] =>
  Object.entries(texts).map(([type, content]) => ({
    type,
    content: content.length > TALLY_TEXT_MAX ? `${content.slice(0, TALLY_TEXT_MAX - 1)}…` : content,
  }));

type Program = Record<string, string>;

/**
 * The tally (issue 38): per output, what it last confirmed on program and whether that is program
 * now — what an operator reads before trusting air. The files are program by definition (a write
 * that cannot replace them changes nothing); the overlay hub sends every change and the whole
 * state on connect, so a connected overlay shows program; a direct output shows program only when
 * its last confirmed send carried program's text for every type it shows.
 */
export class AirTallyBook {
  /** The overlay's last result per company: when it was sent, and which texts. */
  private readonly overlaySent = new Map<number, { at: string; texts: Record<string, string>; message: string }>();
  private readonly stop: () => void;

  constructor(
    changes: OnAirChanges,
    private readonly dispatcher: OutputDispatcher,
    /** How many overlays of the station are connected now (set by the server once its hub runs). */
    public overlaysOf: (companyId: number) => number = () => 0,
  ) {
    this.stop = changes.onResult((r) => {
      if (r.output === 'overlay' && r.result === 'ok')
        this.overlaySent.set(r.change.companyId, { at: r.at, texts: r.change.changed, message: r.message ?? '' });
    });
  }

  close(): void {
    this.stop();
  }

  view(companyId: number, files: readonly CgFile[], outputs: readonly OutputRow[]): AirTally {
    const program: Program = Object.fromEntries(files.map((f) => [f.type, f.content]));
    return {
      outputs: [filesRow(files), this.overlayRow(companyId), ...outputs.map((row) => this.outputRow(row, program))],
    };
  }

  private overlayRow(companyId: number): TallyRow {
    const n = this.overlaysOf(companyId);
    const sent = this.overlaySent.get(companyId);
    const note = n ? `${n} overlay${n === 1 ? '' : 's'} connected` : 'No overlay connected';
    return {
      output: 'overlay',
      kind: 'overlay',
      id: null,
      state: n ? 'connected' : 'disabled',
      confirmed: sent ? { at: sent.at, texts: textsOf(sent.texts) } : null,
      current: n > 0,
      note,
    };
  }

  private outputRow(row: OutputRow, program: Program): TallyRow {
    const status = this.dispatcher.status(row.id);
    const confirmed = this.dispatcher.confirmedOf(row.id);
    const base = { output: row.name, kind: row.kind, id: row.id, state: status.state };
    if (!row.enabled) return { ...base, confirmed: null, current: false, note: 'Disabled: gets nothing' };
    return {
      ...base,
      confirmed: confirmed && { at: confirmed.at, texts: textsOf(confirmed.sent) },
      current: showsProgram(confirmed, program),
      note: status.message,
    };
  }
}

/** The files' last change: the types written by the newest write (they share its time). */
function filesRow(files: readonly CgFile[]): TallyRow {
  const at = files.reduce<string | null>((max, f) => (max && max >= f.updatedAt ? max : f.updatedAt), null);
  const last = Object.fromEntries(files.filter((f) => f.updatedAt === at).map((f) => [f.type, f.content]));
  return {
    output: 'files',
    kind: 'files',
    id: null,
    state: 'connected',
    confirmed: at ? { at, texts: textsOf(last) } : null,
    current: true,
    note: null,
  };
}

/** Every type the output shows holds program's text (a type with no file is empty on program). */
function showsProgram(confirmed: LaneConfirmed | null, program: Program): boolean {
  if (!confirmed) return false;
  return Object.entries(confirmed.shows).every(([type, text]) => text === (program[type] ?? ''));
}
