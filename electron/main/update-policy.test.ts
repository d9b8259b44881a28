import { expect, test } from 'vitest';
import { installDecision, installQuestion, offerQuestion } from './update-policy';

test('install now only when no screen but this window is connected', () => {
  expect(installDecision(0, false)).toEqual({ now: true });
  expect(installDecision(1, true)).toEqual({ now: true }); // the window's own socket
  expect(installDecision(0, true)).toEqual({ now: true });
});

test('clients on CG pages (any other connected screen) → not now, and the reason says how many', () => {
  const reason = (d: ReturnType<typeof installDecision>) => (d.now ? null : d.reason);
  expect(reason(installDecision(2, true))).toMatch(/^1 other screen is connected/);
  expect(reason(installDecision(1, false))).toMatch(/^1 other screen is connected/);
  const many = installDecision(5, true);
  expect(many.now).toBe(false);
  expect(!many.now && many.reason).toMatch(/^4 other screens are connected .*waits until they have closed/);
});

test('the offer and the install question default to Later: Enter, Esc or closing never start an update', () => {
  for (const q of [offerQuestion('2.5.0', '2.4.0', 'Faster CG'), installQuestion('2.5.0')]) {
    expect(q.buttons[q.defaultId]).toBe('Later');
    expect(q.buttons[q.cancelId]).toBe('Later');
  }
  const offer = offerQuestion('2.5.0', '2.4.0', 'Faster CG');
  expect(offer.message).toBe('CG Bridge 2.5.0 is available');
  expect(offer.detail).toContain('This PC runs 2.4.0');
  expect(offer.detail).toContain('Faster CG');
  expect(offerQuestion('2.5.0', '2.4.0', '  ').detail).not.toContain('What is new');
});
