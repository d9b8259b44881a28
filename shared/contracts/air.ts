import type { OutputKind, OutputState } from './outputs';

/**
 * Tally and alarms (issue 38): what each output did with one write, and what each output last
 * confirmed on program. The text files are air (written before anything else); the overlay and
 * the direct outputs (CasparCG, OBS, vMix) follow them and answer for themselves.
 */

/** 'sending': the output had not answered when the write's answer left (it still may). */
export const AIR_RESULTS = ['ok', 'error', 'timeout', 'skipped', 'sending'] as const;
export type AirResult = (typeof AIR_RESULTS)[number];

/** One output's result for one write. `output` is 'files', 'overlay' or a direct output's name. */
export interface AirOutcome {
  output: string;
  result: AirResult;
  message: string | null;
}

/** `air` of a send's or Take's answer when it reached air (absent when it was only staged). */
export interface AirAnswer {
  /** The commit's time (ISO). */
  at: string;
  /** Files first, then the overlay when one heard it, then each enabled direct output. */
  outputs: AirOutcome[];
}

export interface TallyText {
  type: string;
  /** Cut to TALLY_TEXT_MAX characters (a crawler can be long). */
  content: string;
}

/** Characters of one text a tally row carries: enough to recognise it, never a whole crawler. */
export const TALLY_TEXT_MAX = 160;

/** One output's tally: what it last confirmed on program, and whether that is program now. */
export interface TallyRow {
  output: string;
  kind: 'files' | 'overlay' | OutputKind;
  /** The direct output's id (null for files and overlay). */
  id: number | null;
  state: OutputState;
  /** Its last confirmed texts (those that changed in that send) and when; null: nothing yet. */
  confirmed: { at: string; texts: TallyText[] } | null;
  /** Every type it shows holds program's text now (confirmed by the device, not assumed). */
  current: boolean;
  /** A word on the row: "2 overlays connected", the failure's reason, "Disabled". */
  note: string | null;
}

/** GET /api/outputs/tally (everyone signed in). */
export interface AirTally {
  outputs: TallyRow[];
}
