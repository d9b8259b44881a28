import { RECYCLE_BIN_HOURS, retentionText } from '../../../shared/recycle-bin-retention';
import { defaultWeekendDays, normaliseWeekendDays, weekendText, type Weekday } from '../../../shared/weekend-days';
import type { CompanySettingsRow } from '../../db/schema';
import type { Q } from '../../db/store';
import { SettingsRepo } from './settings.repo';
import { presentTimeZone } from './settings-time-zone';

/**
 * Issue 39: the station's weekend days and how long its recycle bin keeps deleted stories,
 * kept out of settings.service.ts (already long). Both are nullable columns: null = the default.
 */

/** The weekend a station chose, else the default of its time zone. */
export function presentWeekendDays(row: CompanySettingsRow | undefined): {
  weekendDays: Weekday[];
  weekendDaysFromZone: boolean;
} {
  const chosen = normaliseWeekendDays(row?.weekendDays);
  return chosen
    ? { weekendDays: chosen, weekendDaysFromZone: false }
    : { weekendDays: defaultWeekendDays(presentTimeZone(row)), weekendDaysFromZone: true };
}

export function presentRecycleBinHours(row: CompanySettingsRow | undefined): number {
  return row?.recycleBinHours ?? RECYCLE_BIN_HOURS.default;
}

interface CalendarInput {
  weekendDays?: Weekday[] | null;
  recycleBinHours?: number;
  /** Issue 39 point 2 (newsroom rule, kept with the other issue 39 station settings). */
  secondApprover?: boolean;
}

/** The columns an update changes and the activity words for them; nothing when equal to now. */
export function calendarChanges(
  input: CalendarInput,
  row: CompanySettingsRow | undefined,
): { changes: Partial<CompanySettingsRow>; changed: string[] } {
  const changes: Partial<CompanySettingsRow> = {};
  const changed: string[] = [];
  if (input.weekendDays !== undefined) {
    const now = normaliseWeekendDays(row?.weekendDays);
    const next = input.weekendDays;
    if (JSON.stringify(now) !== JSON.stringify(next)) {
      changes.weekendDays = next;
      changed.push(next ? `weekend ${weekendText(next)}` : 'weekend from the time zone');
    }
  }
  const hours = input.recycleBinHours;
  if (hours !== undefined && hours !== presentRecycleBinHours(row)) {
    changes.recycleBinHours = hours;
    changed.push(`recycle bin keeps ${retentionText(hours)}`);
  }
  const second = input.secondApprover;
  if (second !== undefined && second !== (row?.secondApprover === true)) {
    changes.secondApprover = second;
    changed.push(second ? 'a second person approves stories' : 'editors may approve their own stories');
  }
  return { changes, changed };
}

/** For other modules: the Telegram sender's weekend, the news delete's bin time. */
export class StationCalendar {
  private readonly repo: SettingsRepo;

  constructor(db: Q) {
    this.repo = new SettingsRepo(db);
  }

  async weekendDays(companyId: number): Promise<Weekday[]> {
    return presentWeekendDays(await this.repo.find(companyId)).weekendDays;
  }

  /** Issue 39: on = nobody approves a story they wrote (read inside the approval's transaction). */
  async secondApprover(companyId: number): Promise<boolean> {
    return (await this.repo.find(companyId))?.secondApprover === true;
  }

  async recycleBinMs(companyId: number): Promise<number> {
    return presentRecycleBinHours(await this.repo.find(companyId)) * 3_600_000;
  }
}
