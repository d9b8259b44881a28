import type { Q } from '../../db/store';
import type { EquipmentAlertKind } from './alert-rules';

/** An alert to claim and deliver once (equipment-alerts.service.ts raises; low-stock-alerts.ts asks for it). */
export interface RaisedAlert {
  companyId: number;
  kind: EquipmentAlertKind;
  requestId?: number;
  equipmentId?: number;
  /** Who is told (the borrower), null for the station. */
  recipient: number | null;
  /** Who raised it (the Remind button), null for a job. */
  createdBy: number | null;
  action: string;
  text: string;
  /** The in-app side of the alert (a live event), sent once the alert is claimed. */
  live?: () => void;
  /**
   * Whether it is still to be raised, asked in the claim's write body (the station's writes run
   * one at a time): the event and the sweep, two overlapping runs or two servers on one store
   * cannot both claim it. Without it (the Remind button) the alert is always claimed.
   */
  claimIf?: (tx: Q) => Promise<boolean>;
}
