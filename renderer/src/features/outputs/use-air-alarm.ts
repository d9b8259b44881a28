import { useEffect, useRef } from 'react';
import type { OutputStatusEntry } from '@shared/contracts/outputs';
import { beep, useAlarmSound } from './alarm-sound';
import { alarmKeys, newAlarms } from './air-state';

/**
 * The optional sound of issue 38: one beep per output that turns Error while this screen is open
 * (not per failed send, and not for what was already failing when the page loaded — the header
 * shows that at once). Mounted once, in the header.
 */
export function useAirAlarm(statuses: readonly OutputStatusEntry[] | undefined, userId: number): void {
  const seen = useRef<Set<string> | null>(null);
  const soundOn = useAlarmSound(userId);
  useEffect(() => {
    if (!statuses) return;
    const now = alarmKeys(statuses);
    const raised = newAlarms(seen.current, now);
    seen.current = now;
    if (raised.length && soundOn) beep();
  }, [statuses, soundOn]);
}
