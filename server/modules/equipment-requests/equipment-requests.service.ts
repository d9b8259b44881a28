import type { AppContext } from '../../context';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';

/** Loan requests through shared/equipment-transitions.ts; stock; extensions (issue 12). */
export class EquipmentRequestsService {
  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
  ) {}
}
