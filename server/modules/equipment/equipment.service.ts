import type { z } from 'zod';
import type {
  Equipment,
  createEquipmentSchema,
  equipmentStatusBodySchema,
  updateEquipmentSchema,
} from '../../../shared/contracts/equipment';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import { isStale, versionConflict } from '../../lib/version-conflict';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { constraintConflict, statusForStock } from './equipment-stock';
import { EquipmentRepo, type EquipmentPatch } from './equipment.repo';
import { presentEquipment } from './equipment.presenter';

type Who = Pick<Actor, 'companyId' | 'userId'>;
export type CreateEquipment = z.output<typeof createEquipmentSchema>;
export type UpdateEquipment = z.output<typeof updateEquipmentSchema>;
export type EquipmentStatus = z.output<typeof equipmentStatusBodySchema>['status'];

const duplicateCode = (code: string) => `Equipment code ${code} already exists`;

/** Equipment catalogue (docs/product.md §API Equipment): CRUD, status, stock. Logged in the transaction, then announced. */
export class EquipmentService {
  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
  ) {}

  /** Newest first. */
  list(actor: Pick<Actor, 'companyId'>): Equipment[] {
    return new EquipmentRepo(this.ctx.db).list(actor.companyId).map(presentEquipment);
  }

  get(actor: Pick<Actor, 'companyId'>, id: number): Equipment {
    const row = new EquipmentRepo(this.ctx.db).find(actor.companyId, id);
    if (!row) throw notFound('Equipment');
    return presentEquipment(row);
  }

  /** Every unit starts on the shelf (currentStock = quantity). */
  create(actor: Who, input: CreateEquipment): Equipment {
    const at = this.now();
    const { companyId: _c, createdBy: _b, ...fields } = input;
    const row = this.write(duplicateCode(input.code), () =>
      this.ctx.db.transaction((tx) => {
        const repo = new EquipmentRepo(tx);
        if (repo.codeTaken(actor.companyId, input.code)) throw conflict(duplicateCode(input.code));
        const made = repo.insert({
          ...fields,
          companyId: actor.companyId,
          currentStock: input.quantity,
          createdBy: actor.userId,
          createdAt: at,
          updatedAt: at,
        });
        this.activity.record(actor, 'equipment_created', `Added equipment "${made.name}" (${made.code})`, tx);
        return made;
      }),
    );
    const dto = presentEquipment(row);
    this.ctx.bus.publish(actor.companyId, 'equipment_created', dto);
    return dto;
  }

  /**
   * Partial edit. A quantity change keeps the units that are out: the shelf moves by the same
   * difference, and a quantity below the units on loan is refused.
   */
  update(actor: Who, id: number, input: UpdateEquipment): Equipment {
    const { companyId: _c, createdBy: _b, version, ...fields } = input;
    if (Object.keys(fields).length === 0) return this.get(actor, id);
    const row = this.write(duplicateCode(fields.code ?? ''), () =>
      this.ctx.db.transaction((tx) => {
        const repo = new EquipmentRepo(tx);
        const item = repo.find(actor.companyId, id);
        if (!item) throw notFound('Equipment');
        // Read and write in one synchronous transaction: no other write can come between them.
        if (isStale(version, item))
          throw versionConflict(tx, 'equipment item', presentEquipment(item), item, this.ctx.clock.now());
        if (fields.code !== undefined && repo.codeTaken(actor.companyId, fields.code, id))
          throw conflict(duplicateCode(fields.code));
        const patch: EquipmentPatch = { ...fields, updatedAt: this.now(), updatedBy: actor.userId };
        if (fields.quantity !== undefined && fields.quantity !== item.quantity) {
          const out = item.quantity - item.currentStock;
          const stock = item.currentStock + (fields.quantity - item.quantity);
          if (stock < 0)
            throw conflict(
              `${out} ${item.name} ${out === 1 ? 'is' : 'are'} out on loan: the quantity cannot be less than ${out}`,
            );
          patch.currentStock = stock;
          if (fields.status === undefined) patch.status = statusForStock(item.status, stock);
        }
        const updated = repo.update(actor.companyId, id, patch, version)!;
        this.activity.record(actor, 'equipment_updated', `Updated equipment "${updated.name}" (${updated.code})`, tx);
        return updated;
      }),
    );
    return this.announce(actor.companyId, presentEquipment(row));
  }

  setStatus(actor: Who, id: number, status: EquipmentStatus): Equipment {
    const row = this.ctx.db.transaction((tx) => {
      const repo = new EquipmentRepo(tx);
      const item = repo.find(actor.companyId, id);
      if (!item) throw notFound('Equipment');
      const updated = repo.update(actor.companyId, id, { status, updatedAt: this.now(), updatedBy: actor.userId })!;
      this.activity.record(
        actor,
        'equipment_updated',
        `Set "${item.name}" (${item.code}) from ${item.status} to ${status}`,
        tx,
      );
      return updated;
    });
    return this.announce(actor.companyId, presentEquipment(row));
  }

  /** Refused while a loan still holds the item; otherwise its requests go with it. */
  remove(actor: Who, id: number): void {
    this.ctx.db.transaction((tx) => {
      const repo = new EquipmentRepo(tx);
      const item = repo.find(actor.companyId, id);
      if (!item) throw notFound('Equipment');
      const open = repo.openLoans(actor.companyId, id);
      if (open > 0)
        throw conflict(
          `${item.name} is out on loan (${open} open ${open === 1 ? 'request' : 'requests'}); it can be deleted once returned`,
        );
      repo.delete(actor.companyId, id);
      this.activity.record(actor, 'equipment_deleted', `Deleted equipment "${item.name}" (${item.code})`, tx);
    });
    this.ctx.bus.publish(actor.companyId, 'equipment_deleted', { id });
  }

  /** Announces the item as it is now (other paths, e.g. Check Out, call this after their commit). */
  announce(companyId: number, dto: Equipment): Equipment {
    this.ctx.bus.publish(companyId, 'equipment_updated', dto);
    return dto;
  }

  /** Two creates with one code can both pass the check only across processes; the index then answers the same 409. */
  private write<T>(uniqueMessage: string, run: () => T): T {
    try {
      return run();
    } catch (err) {
      throw constraintConflict(
        err,
        (err as { code?: string }).code === 'SQLITE_CONSTRAINT_CHECK'
          ? 'The stock must stay between 0 and the quantity'
          : uniqueMessage,
      );
    }
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
