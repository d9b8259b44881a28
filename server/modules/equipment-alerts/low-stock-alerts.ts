import type { Equipment } from '../../../shared/contracts/equipment';
import type { AppContext } from '../../context';
import { EquipmentAlertsRepo } from './equipment-alerts.repo';
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
    private readonly raise: (alert: RaisedAlert) => Promise<unknown>,
  ) {
    // Every server's changes, checked by the one carrying the jobs duty: its alerts go out through its bots.
    ctx.bus.subscribe(({ type, companyId, data }) => {
      if (type !== 'equipment_created' && type !== 'equipment_updated') return;
      if (!ctx.duty.holds()) return;
      this.check(companyId, data as Equipment).catch((err: unknown) =>
        ctx.logger.error('low-stock check failed', { err }),
      );
    });
  }

  /**
   * "No open alert yet" is asked in the claim's write body, which inserts the row: the event and
   * the sweep cannot both alert.
   */
  async check(companyId: number, item: Equipment): Promise<void> {
    const low = item.minStock > 0 && item.currentStock <= item.minStock;
    if (!low) {
      await this.ctx.store.write(companyId, (tx) => new EquipmentAlertsRepo(tx).closeLowStock(companyId, item.id));
      return;
    }
    await this.raise({
      companyId,
      kind: 'low_stock',
      equipmentId: item.id,
      recipient: null,
      createdBy: null,
      action: 'equipment_low_stock',
      text: `Low stock: ${itemLabel(item.name, item.code)}, ${item.currentStock} left, minimum ${item.minStock}`,
      live: () => this.ctx.bus.publish(companyId, 'equipment_low_stock', item),
      claimIf: async (tx) => !(await new EquipmentAlertsRepo(tx).hasOpenLowStock(companyId, item.id)),
    });
  }

  async sweep(companyIds: number[]): Promise<void> {
    for (const companyId of companyIds) {
      await this.ctx.store.write(companyId, async (tx) => {
        const repo = new EquipmentAlertsRepo(tx);
        for (const id of await repo.restockedItemIds(companyId)) await repo.closeLowStock(companyId, id);
      });
      const low = await this.ctx.store.read((q) => new EquipmentAlertsRepo(q).lowItems(companyId));
      for (const row of low) await this.check(companyId, presentEquipment(row));
    }
  }
}
