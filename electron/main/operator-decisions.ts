/**
 * What the MCR operator is asked when closing the window or quitting. Pure (no Electron), so the
 * wording and defaults are unit-tested. The server serves every LAN browser, phone and prompter:
 * closing the window must not stop it unless the operator says so.
 */

export type CloseAction = 'ask' | 'keep-running' | 'quit';

export interface Question {
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
  checkboxLabel?: string;
}

/** What the window's close button does: hide (server keeps running), ask, or let the app quit. */
export function onWindowClose(saved: CloseAction, quitting: boolean): 'hide' | 'ask' | 'close' {
  if (quitting || saved === 'quit') return 'close';
  return saved === 'keep-running' ? 'hide' : 'ask';
}

export const CLOSE_QUESTION: Question = {
  message: 'Keep the CG Bridge server running?',
  detail:
    'Newsroom browsers, phones and prompters connect to this PC. Keep running hides the window; the server stays on and CG Bridge stays in the tray (right-click it to quit).',
  buttons: ['Keep running for the LAN', 'Quit CG Bridge'],
  defaultId: 0, // Enter keeps air running
  cancelId: 0, // so does Esc or closing the box
  checkboxLabel: 'Do not ask again',
};

/** The operator's answer to CLOSE_QUESTION: what to do now and what to remember. */
export function closeAnswer(
  response: number,
  remember: boolean,
): { action: 'hide' | 'close'; save: CloseAction | null } {
  const action = response === 1 ? 'close' : 'hide';
  return { action, save: remember ? (action === 'hide' ? 'keep-running' : 'quit') : null };
}

/**
 * Quit with others still connected asks first. `connections` counts every live socket the server
 * has; the open window has one of its own, so it is not counted as "others".
 */
export function quitQuestion(connections: number, windowOpen: boolean): Question | null {
  const others = connections - (windowOpen ? 1 : 0);
  if (others <= 0) return null;
  const screens = others === 1 ? '1 other screen is' : `${others} other screens are`;
  return {
    message: `${screens} connected to this server`,
    detail:
      'Quitting stops the server: their pages stop updating and CG changes from them stop until CG Bridge is started again.',
    buttons: ['Cancel', `Quit and disconnect ${others}`],
    defaultId: 0,
    cancelId: 0,
  };
}

/** The question when the configured port is taken by another program. */
export function portQuestion(port: number, nextFree: number | null): Question {
  if (nextFree === null) {
    return {
      message: `Port ${port} is used by another program`,
      detail:
        'No free port was found near it. Close the other program, or change the port, then start CG Bridge again.',
      buttons: ['Quit'],
      defaultId: 0,
      cancelId: 0,
    };
  }
  return {
    message: `Port ${port} is used by another program`,
    detail: `CG Bridge can use port ${nextFree} instead (remembered for next time). Browsers, phones and bookmarks that use port ${port} must switch to the new address.`,
    buttons: [`Use port ${nextFree}`, 'Quit'],
    defaultId: 0,
    cancelId: 1,
  };
}
