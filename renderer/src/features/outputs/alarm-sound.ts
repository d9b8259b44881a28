import { useSyncExternalStore } from 'react';

/**
 * The alarm sound of issue 38: a short WebAudio beep when an output turns Error. Off by default;
 * each user switches it on for themselves on the desk they work at (the speaker is the desk's:
 * kept in this browser, per user, like the colour scheme).
 */
const keyOf = (userId: number) => `cg-bridge:air-alarm-sound:${userId}`;
const listeners = new Set<() => void>();

export function alarmSoundOn(userId: number): boolean {
  try {
    return localStorage.getItem(keyOf(userId)) === 'on';
  } catch {
    return false;
  }
}

export function setAlarmSound(userId: number, on: boolean): void {
  try {
    if (on) localStorage.setItem(keyOf(userId), 'on');
    else localStorage.removeItem(keyOf(userId));
  } catch {
    // Storage refused (private mode): the setting lasts for this page only.
  }
  listeners.forEach((l) => l());
  // Switched on by a click: the browser lets this page's audio start now, and a test beep says it works.
  if (on) beep();
}

export function useAlarmSound(userId: number): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => alarmSoundOn(userId),
  );
}

let audio: AudioContext | null = null;

/** Two short tones (880 Hz), no file to load. Silent when the browser has no audio or has not allowed it yet. */
export function beep(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
    const start = audio.currentTime + 0.02;
    for (const offset of [0, 0.3]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.2, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.2);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + offset);
      osc.stop(start + offset + 0.2);
    }
  } catch {
    // No WebAudio here: the header and the bell still say it.
  }
}
