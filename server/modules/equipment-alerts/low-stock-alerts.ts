import type { Equipment } from '../../../shared/contracts/equipment';
import type { AppContext } from '../../context';
import type { EquipmentAlertsRepo } from './equipment-alerts.repo';
import { presentEquipment } from '../equipment/equipment.presenter';
import { itemLabel } from './equipment-alerts.presenter';
import type { RaisedAlert } from './raised-alert';

/**
 * Low stock: an item with a minimum (minStock > 0) at or below it raises equipment_low_stock once;
 * it raises again only after it was restocked above the minimum. The open alert is a low_stock
 * row in equipment_alerts (deleted on restock), so "once" survives a restart.
 *
 * Two triggers, one rule: the bus's equipment_created / equipment_updated events (every check-out
 * publishes the item with its new stock) alert at once; the job's sweep catches changes no event
 * announced (a bulk import, a later module that forgets to publish, a restore from backup).
 */
export class LowStockAlerts {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: EquipmentAlertsRepo,
    private readonly raise: (alert: RaisedAlert) => Promise<unknown>,
  ) {
    ctx.bus.subscribe(({ type, companyId, data }) => {
      if (type !== 'equipment_created' && type !== 'equipment_updated') return;
      this.check(companyId, data as Equipment).catch((err: unknown) =>
        ctx.logger.error('low-stock check failed', { err }),
      );
    });
  }

  /** Claims synchronously (no await before the row exists), so the event and the sweep cannot both alert. */
  async check(companyId: number, item: Equipment): Promise<void> {
    const low = item.minStock > 0 && item.currentStock <= item.minStock;
    if (!low) {
      this.repo.closeLowStock(companyId, item.id);
      return;
    }
    if (this.repo.hasOpenLowStock(companyId, item.id)) return;
    await this.raise({
      companyId,
      kind: 'low_stock',
      equipmentId: item.id,
      recipient: null,
      createdBy: null,
      action: 'equipment_low_stock',
      text: `Low stock: ${itemLabel(item.name, item.code)}, ${item.currentStock} left, minimum ${item.minStock}`,
      live: () => this.ctx.bus.publish(companyId, 'equipment_low_stock', item),
    });
  }

  async sweep(companyIds: number[]): Promise<void> {
    for (const companyId of companyIds) {
      for (const id of this.repo.restockedItemIds(companyId)) this.repo.closeLowStock(companyId, id);
      for (const row of this.repo.lowItems(companyId)) await this.check(companyId, presentEquipment(row));
    }
  }
}
