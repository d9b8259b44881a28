import { DEFAULT_TIME_ZONE } from '../../../shared/time-zones';
import type { CompanySettingsRow } from '../../db/schema';
import type { Q } from '../../db/store';
import { SettingsRepo } from './settings.repo';

/**
 * The station's time zone (issue 22 point 20), kept apart from the CG folder rules in
 * settings.service.ts. The zone arrives already checked by the shared contract (Intl knows it).
 */

/** The zone a station runs on: UTC (docs/product.md §Data's default) until an owner or admin sets one. */
export function presentTimeZone(row: CompanySettingsRow | undefined): string {
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The new zone when the update names one that differs from the stored zone; null = no change. */
export function timeZoneChange(requested: string | undefined, row: CompanySettingsRow | undefined): string | null {
  return requested === undefined || requested === presentTimeZone(row) ? null : requested;
}

/** Reads a company's zone for other modules (notification preferences default to it). */
export class StationTimeZones {
  private readonly repo: SettingsRepo;

  constructor(db: Q) {
    this.repo = new SettingsRepo(db);
  }

  async of(companyId: number): Promise<string> {
    return presentTimeZone(await this.repo.find(companyId));
  }
}
