import { describe, expect, test } from 'vitest';
import { CLOSE_QUESTION, closeAnswer, onWindowClose, portQuestion, quitQuestion } from './operator-decisions';

describe('closing the window', () => {
  test('asks by default; keeps the server when the operator chose so; closes while quitting', () => {
    expect(onWindowClose('ask', false)).toBe('ask');
    expect(onWindowClose('keep-running', false)).toBe('hide');
    expect(onWindowClose('quit', false)).toBe('close');
    expect(onWindowClose('keep-running', true)).toBe('close');
  });

  test('Enter, Esc and closing the box all keep the server running', () => {
    expect(CLOSE_QUESTION.buttons[CLOSE_QUESTION.defaultId]).toBe('Keep running for the LAN');
    expect(CLOSE_QUESTION.cancelId).toBe(CLOSE_QUESTION.defaultId);
  });

  test('the answer is remembered only when asked to', () => {
    expect(closeAnswer(0, false)).toEqual({ action: 'hide', save: null });
    expect(closeAnswer(0, true)).toEqual({ action: 'hide', save: 'keep-running' });
    expect(closeAnswer(1, true)).toEqual({ action: 'close', save: 'quit' });
  });
});

describe('quitting with screens connected', () => {
  test('no question when only this window is connected, or nobody', () => {
    expect(quitQuestion(1, true)).toBeNull();
    expect(quitQuestion(0, false)).toBeNull();
  });

  test('says how many others, and Cancel is the default', () => {
    const q = quitQuestion(4, true);
    expect(q?.message).toBe('3 other screens are connected to this server');
    expect(q?.buttons).toEqual(['Cancel', 'Quit and disconnect 3']);
    expect(q?.defaultId).toBe(0);
    expect(quitQuestion(1, false)?.message).toBe('1 other screen is connected to this server');
  });
});

describe('port in use', () => {
  test('offers the next free port, or only Quit when there is none', () => {
    expect(portQuestion(3000, 3001).buttons).toEqual(['Use port 3001', 'Quit']);
    expect(portQuestion(3000, 3001).detail).toContain('port 3000 must switch');
    expect(portQuestion(3000, null).buttons).toEqual(['Quit']);
  });
});
