import type { EquipmentRequest } from '../../../shared/contracts/equipment';
import type { ExtensionRequestRow } from '../../db/schema';
import { presentRequest } from '../equipment-requests/equipment-requests.presenter';
import type { LoanRow } from './equipment-alerts.repo';

/**
 * A loan as the alerts' live events carry it (equipment_overdue): the requests module's own
 * presenter, so an alert and the requests list can never show a loan differently.
 */
export function presentAlertLoan(loan: LoanRow, extension: ExtensionRequestRow | undefined): EquipmentRequest {
  const { request, ...joined } = loan;
  return presentRequest({ row: request, ...joined }, extension ? { ext: extension, requestedByName: null } : undefined);
}

/** "Sony PXW-Z280 (CAM-001)": how activity entries and messages name an item. */
export const itemLabel = (name: string, code: string) => `${name} (${code})`;
