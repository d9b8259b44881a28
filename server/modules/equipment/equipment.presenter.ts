import type { Equipment } from '../../../shared/contracts/equipment';
import type { EquipmentRow } from '../../db/schema';

/** The catalogue item as every client sees it (createdBy stays on the server). */
export function presentEquipment(row: EquipmentRow): Equipment {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    code: row.code,
    description: row.description,
    category: row.category,
    condition: row.condition as Equipment['condition'],
    location: row.location,
    quantity: row.quantity,
    currentStock: row.currentStock,
    minStock: row.minStock,
    status: row.status as Equipment['status'],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}
