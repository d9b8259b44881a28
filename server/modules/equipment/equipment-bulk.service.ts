import type { AppContext } from '../../context';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';

/** POST /api/equipment/bulk: CSV rows → equipment, per-row results (issue 12). */
export class EquipmentBulkService {
  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
  ) {}
}
