import type { AppContext } from '../../context';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';

/** Equipment catalogue (spec 001 §7 Equipment): CRUD, status, stock. Built in issue 12. */
export class EquipmentService {
  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
  ) {}
}
