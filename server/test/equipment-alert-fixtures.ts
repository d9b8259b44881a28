import { asc, eq } from 'drizzle-orm';
import { equipment, equipmentAlerts, equipmentRequests, type EquipmentRow } from '../db/schema';
import type { CompanyEvent } from '../lib/event-bus';
import type { TestServer } from './test-server';

/**
 * Rows the alert tests need, written straight to the store: the catalogue and request endpoints
 * are another module's, and the jobs only read rows (how a loan got there does not matter to them).
 */
const dbOf = (server: TestServer) => server.services.equipmentAlerts.ctx.db;

let codes = 0;

export function insertItem(
  server: TestServer,
  companyId: number,
  values: Partial<typeof equipment.$inferInsert> = {},
): EquipmentRow {
  codes += 1;
  return dbOf(server)
    .insert(equipment)
    .values({ companyId, name: `Camera ${codes}`, code: `CAM-${codes}`, location: 'Store', ...values })
    .returning()
    .get();
}

export function setStock(server: TestServer, id: number, currentStock: number): EquipmentRow {
  const row = dbOf(server).update(equipment).set({ currentStock }).where(eq(equipment.id, id)).returning().get();
  if (!row) throw new Error(`no equipment ${id}`);
  return row;
}

export interface LoanInput {
  companyId: number;
  equipmentId: number;
  requestedBy: number;
  status: string;
  /** Minutes from the server clock's now (negative: in the past). */
  dueInMinutes: number;
}

export function insertLoan(server: TestServer, loan: LoanInput): number {
  const due = new Date(server.clock.now().getTime() + loan.dueInMinutes * 60_000).toISOString();
  const { dueInMinutes: _ignored, ...rest } = loan;
  return dbOf(server)
    .insert(equipmentRequests)
    .values({ ...rest, purpose: 'Evening news live shot', expectedReturnDate: due })
    .returning({ id: equipmentRequests.id })
    .get().id;
}

export function setLoanStatus(server: TestServer, id: number, status: string): void {
  dbOf(server).update(equipmentRequests).set({ status }).where(eq(equipmentRequests.id, id)).run();
}

export function alertsOf(server: TestServer, companyId: number) {
  return dbOf(server)
    .select()
    .from(equipmentAlerts)
    .where(eq(equipmentAlerts.companyId, companyId))
    .orderBy(asc(equipmentAlerts.id))
    .all();
}

/** Records the company's live events of the given types until `stop()`. */
export function recordEvents(server: TestServer, companyId: number, types: string[]) {
  const events: CompanyEvent[] = [];
  const stop = server.services.equipmentAlerts.ctx.bus.subscribe((e) => {
    if (e.companyId === companyId && types.includes(e.type)) events.push(e);
  });
  return { events, stop };
}
