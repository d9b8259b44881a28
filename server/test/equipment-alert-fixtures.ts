import { and, asc, eq } from 'drizzle-orm';
import { first } from '../db/dialect';
import type { EquipmentRow } from '../db/schema';
import { type Tables, tablesOf } from '../db/store';
import type { CompanyEvent } from '../lib/event-bus';
import type { TestServer } from './test-server';

/**
 * Rows the alert tests need, written straight to the store: the catalogue and request endpoints
 * are another module's, and the jobs only read rows (how a loan got there does not matter to them).
 */
const storeOf = (server: TestServer) => server.services.equipmentAlerts.ctx.store;

let codes = 0;

export async function insertItem(
  server: TestServer,
  companyId: number,
  values: Partial<Tables['equipment']['$inferInsert']> = {},
): Promise<EquipmentRow> {
  codes += 1;
  const code = codes;
  return storeOf(server).write(companyId, async (tx) => {
    const { equipment } = tablesOf(tx);
    const rows = await tx
      .insert(equipment)
      .values({ companyId, name: `Camera ${code}`, code: `CAM-${code}`, location: 'Store', ...values })
      .returning();
    return first(rows)!;
  });
}

export async function setStock(
  server: TestServer,
  companyId: number,
  id: number,
  currentStock: number,
): Promise<EquipmentRow> {
  const row = await storeOf(server).write(companyId, async (tx) => {
    const { equipment } = tablesOf(tx);
    const where = and(eq(equipment.companyId, companyId), eq(equipment.id, id));
    return first(await tx.update(equipment).set({ currentStock }).where(where).returning());
  });
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

export async function insertLoan(server: TestServer, loan: LoanInput): Promise<number> {
  const due = new Date(server.clock.now().getTime() + loan.dueInMinutes * 60_000).toISOString();
  const { dueInMinutes: _ignored, ...rest } = loan;
  return storeOf(server).write(loan.companyId, async (tx) => {
    const { equipmentRequests } = tablesOf(tx);
    const rows = await tx
      .insert(equipmentRequests)
      .values({ ...rest, purpose: 'Evening news live shot', expectedReturnDate: due })
      .returning({ id: equipmentRequests.id });
    return first(rows)!.id;
  });
}

export async function setLoanStatus(server: TestServer, companyId: number, id: number, status: string): Promise<void> {
  await storeOf(server).write(companyId, async (tx) => {
    const { equipmentRequests } = tablesOf(tx);
    const where = and(eq(equipmentRequests.companyId, companyId), eq(equipmentRequests.id, id));
    await tx.update(equipmentRequests).set({ status }).where(where);
  });
}

/**
 * The company's alerts. Read in a write of the company's: it runs after the writes already queued
 * for it — an alert claimed for an event the last response published (claims are writes of their
 * own now, no longer made before the response went out).
 */
export function alertsOf(server: TestServer, companyId: number) {
  return storeOf(server).write(companyId, async (tx) => {
    const { equipmentAlerts } = tablesOf(tx);
    return tx
      .select()
      .from(equipmentAlerts)
      .where(eq(equipmentAlerts.companyId, companyId))
      .orderBy(asc(equipmentAlerts.id));
  });
}

/** Records the company's live events of the given types until `stop()`. */
export function recordEvents(server: TestServer, companyId: number, types: string[]) {
  const events: CompanyEvent[] = [];
  const stop = server.services.equipmentAlerts.ctx.bus.subscribe((e) => {
    if (e.companyId === companyId && types.includes(e.type)) events.push(e);
  });
  return { events, stop };
}
