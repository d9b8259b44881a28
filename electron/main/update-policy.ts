import type { Question } from './operator-decisions';

/**
 * What the self-update asks and decides (issue 23). Pure, so the wording and the "not during
 * air" rule are unit-tested. An update is offered, never forced: Enter, Esc and closing a box
 * all mean "Later", and installing waits while other screens are connected to this server.
 */

/** How often the host looks at the station's feed after the check at start. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** While a verified update waits for the screens to go, how often the host looks again. */
export const UPDATE_RETRY_INTERVAL_MS = 10 * 60 * 1000;

export type InstallDecision = { now: true } | { now: false; reason: string };

/**
 * May the downloaded update be installed now? Installing restarts the app and so the server:
 * every prompter, CG control page and phone connected to it would stop updating mid-bulletin.
 * `connections` is the server's live socket count; the open window has one of its own. The
 * server cannot tell a CG page from another page, so every other screen counts (the safe side).
 */
export function installDecision(connections: number, windowOpen: boolean): InstallDecision {
  const others = connections - (windowOpen ? 1 : 0);
  if (others <= 0) return { now: true };
  const screens = others === 1 ? '1 other screen is' : `${others} other screens are`;
  return {
    now: false,
    reason: `${screens} connected to this server (CG control, prompters, phones): the update waits until they have closed.`,
  };
}

export function offerQuestion(version: string, current: string, releaseNotes?: string): Question {
  const notes = releaseNotes?.trim() ? `\n\nWhat is new:\n${releaseNotes.trim().slice(0, 600)}` : '';
  return {
    message: `CG Bridge ${version} is available`,
    detail:
      `This PC runs ${current}. Downloading does not interrupt anything; CG Bridge asks again before installing, ` +
      `and installs only when no other screen is connected.${notes}`,
    buttons: ['Later', 'Download'],
    defaultId: 0,
    cancelId: 0,
  };
}

export function installQuestion(version: string): Question {
  return {
    message: `CG Bridge ${version} is downloaded and checked`,
    detail:
      'Installing closes CG Bridge and its server for about a minute, then starts the new version. ' +
      'Choose a moment when nothing is on air from this PC.',
    buttons: ['Later', 'Install and restart'],
    defaultId: 0,
    cancelId: 0,
  };
}
