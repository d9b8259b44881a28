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
import { constraintConflict, refusedConstraint, statusForStock } from './equipment-stock';
import { EquipmentRepo, type EquipmentPatch } from './equipment.repo';
import { presentEquipment } from './equipment.presenter';

type Who = Pick<Actor, 'companyId' | 'userId'>;
export type CreateEquipment = z.output<typeof createEquipmentSchema>;
export type UpdateEquipment = z.output<typeof updateEquipmentSchema>;
export type EquipmentStatus = z.output<typeof equipmentStatusBodySchema>['status'];

const duplicateCode = (code: string) => `Equipment code ${code} already exists`;

/** An item written and not yet announced: `announce` once the write that holds it has committed. */
export interface Written {
  item: Equipment;
  announce: () => void;
}

/** Equipment catalogue (docs/product.md §API Equipment): CRUD, status, stock. Logged in the transaction, then announced. */
export class EquipmentService {
  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
  ) {}

  /** Newest first. */
  async list(actor: Pick<Actor, 'companyId'>): Promise<Equipment[]> {
    const rows = await this.ctx.store.read((q) => new EquipmentRepo(q).list(actor.companyId));
    return rows.map(presentEquipment);
  }

  async get(actor: Pick<Actor, 'companyId'>, id: number): Promise<Equipment> {
    const row = await this.ctx.store.read((q) => new EquipmentRepo(q).find(actor.companyId, id));
    if (!row) throw notFound('Equipment');
    return presentEquipment(row);
  }

  /** Every unit starts on the shelf (currentStock = quantity). */
  async create(actor: Who, input: CreateEquipment): Promise<Equipment> {
    const { item, announce } = await this.add(actor, input);
    announce();
    return item;
  }

  /**
   * `create` without the event: called inside another write (the Sheets pull's slice) it joins
   * that write, and the caller announces once its own commit is done.
   */
  async add(actor: Who, input: CreateEquipment): Promise<Written> {
    const at = this.now();
    const { companyId: _c, createdBy: _b, ...fields } = input;
    const row = await this.write(duplicateCode(input.code), () =>
      this.ctx.store.write(actor.companyId, async (tx) => {
        const repo = new EquipmentRepo(tx);
        if (await repo.codeTaken(actor.companyId, input.code)) throw conflict(duplicateCode(input.code));
        const made = await repo.insert({
          ...fields,
          companyId: actor.companyId,
          currentStock: input.quantity,
          createdBy: actor.userId,
          createdAt: at,
          updatedAt: at,
        });
        await this.activity.record(actor, 'equipment_created', `Added equipment "${made.name}" (${made.code})`, tx);
        return made;
      }),
    );
    const item = presentEquipment(row);
    return { item, announce: () => this.ctx.bus.publish(actor.companyId, 'equipment_created', item) };
  }

  /**
   * Partial edit. A quantity change keeps the units that are out: the shelf moves by the same
   * difference, and a quantity below the units on loan is refused.
   */
  async update(actor: Who, id: number, input: UpdateEquipment): Promise<Equipment> {
    const { item, announce } = await this.edit(actor, id, input);
    announce();
    return item;
  }

  /** `update` without the event, as `add` is to `create`; nothing to announce when nothing was sent. */
  async edit(actor: Who, id: number, input: UpdateEquipment): Promise<Written> {
    const { companyId: _c, createdBy: _b, version, ...fields } = input;
    if (Object.keys(fields).length === 0) return { item: await this.get(actor, id), announce: () => undefined };
    const row = await this.write(duplicateCode(fields.code ?? ''), () =>
      this.ctx.store.write(actor.companyId, async (tx) => {
        const repo = new EquipmentRepo(tx);
        const item = await repo.find(actor.companyId, id);
        if (!item) throw notFound('Equipment');
        // Read and write in one write body: the station's writes run one at a time, so no other
        // write can come between them.
        if (isStale(version, item))
          throw await versionConflict(tx, 'equipment item', presentEquipment(item), item, this.ctx.clock.now());
        if (fields.code !== undefined && (await repo.codeTaken(actor.companyId, fields.code, id)))
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
        const updated = (await repo.update(actor.companyId, id, patch, version))!;
        await this.activity.record(
          actor,
          'equipment_updated',
          `Updated equipment "${updated.name}" (${updated.code})`,
          tx,
        );
        return updated;
      }),
    );
    const item = presentEquipment(row);
    return { item, announce: () => this.announce(actor.companyId, item) };
  }

  async setStatus(actor: Who, id: number, status: EquipmentStatus): Promise<Equipment> {
    const row = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new EquipmentRepo(tx);
      const item = await repo.find(actor.companyId, id);
      if (!item) throw notFound('Equipment');
      const updated = (await repo.update(actor.companyId, id, {
        status,
        updatedAt: this.now(),
        updatedBy: actor.userId,
      }))!;
      await this.activity.record(
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
  async remove(actor: Who, id: number): Promise<void> {
    await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new EquipmentRepo(tx);
      const item = await repo.find(actor.companyId, id);
      if (!item) throw notFound('Equipment');
      const open = await repo.openLoans(actor.companyId, id);
      if (open > 0)
        throw conflict(
          `${item.name} is out on loan (${open} open ${open === 1 ? 'request' : 'requests'}); it can be deleted once returned`,
        );
      await repo.delete(actor.companyId, id);
      await this.activity.record(actor, 'equipment_deleted', `Deleted equipment "${item.name}" (${item.code})`, tx);
    });
    this.ctx.bus.publish(actor.companyId, 'equipment_deleted', { id });
  }

  /** Announces the item as it is now (other paths, e.g. Check Out, call this after their commit). */
  announce(companyId: number, dto: Equipment): Equipment {
    this.ctx.bus.publish(companyId, 'equipment_updated', dto);
    return dto;
  }

  /** Two creates with one code can both pass the check only across processes; the index then answers the same 409. */
  private async write<T>(uniqueMessage: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw constraintConflict(
        err,
        refusedConstraint(err) === 'check' ? 'The stock must stay between 0 and the quantity' : uniqueMessage,
      );
    }
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
