import type { AppContext } from '../../context';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';

/** Overdue detection, reminders, low-stock alerts and the manual reminder (issue 12). */
export class EquipmentAlertsService {
  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
  ) {}
}
