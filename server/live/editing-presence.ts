import type { ClientMessage, ControlMessage, EditingEntry, EditingKind, Editor } from '../../shared/contracts/live';
import { can, type Permission } from '../../shared/roles';
import type { Q, Store } from '../db/store';
import type { Actor } from '../lib/auth';
import type { EventBus } from '../lib/event-bus';
import { addHold, allHolds, holdsOf, removeGoneServers, removeHolds, type EditingHold } from './editing-records';
import type { ClientMessageHandler, HandlerResult } from './message-handlers';

export interface EditingPresenceOptions {
  bus: EventBus;
  store: Store;
  /** This server's id in the holds it writes (the relay's, so other servers can tell it is alive). */
  serverId: string;
  /** The ids of every server on the store now (this one alone on SQLite): the others' holds are removed. */
  livingServers(): Promise<string[]>;
  /** Whether the record is the company's own (a DB lookup). */
  recordExists(companyId: number, kind: EditingKind, id: number): Promise<boolean>;
  now(): Date;
}

/** Who may announce editing a kind: whoever may save it (shared/roles.ts). */
const EDIT_PERMISSION: Record<EditingKind, Permission> = {
  news: 'news.create',
  bulletin: 'bulletins.manage',
  prompter: 'prompters.manage',
};

/** A tab edits one or two records at a time; this bounds what one socket can make us hold. */
const MAX_OPEN_PER_SOCKET = 8;
/** How often the holds of servers that are gone (killed, lost) are cleared. */
const SWEEP_EVERY_MS = 10_000;

/**
 * Presence while editing (issue 26): who has a story, bulletin or prompter open, per company. A soft
 * lock only — anyone may still save; the version check keeps saves safe. Each socket's holds are
 * rows in the store (issue 43), so every server of a station shows the same editors; each change is
 * published with the record's editors on every server, and every server mirrors those entries for the
 * snapshot a joining socket gets. A socket's holds go when it closes; a dead server's, at the next sweep.
 */
export class EditingPresence implements ClientMessageHandler {
  /** companyId → "kind:id" → the record's editors on every server (the snapshot's source). */
  private readonly shown = new Map<number, Map<string, EditingEntry>>();
  private readonly openBySocket = new Map<object, Set<string>>();
  private readonly holders = new WeakMap<object, string>();
  /** Each socket's store work in the order its messages came (a close never overtakes its open). */
  private readonly chains = new WeakMap<object, Promise<unknown>>();
  private readonly gone = new WeakSet<object>();
  private sockets = 0;
  private readonly offs: Array<() => void> = [];
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly options: EditingPresenceOptions) {
    this.offs.push(
      options.bus.subscribe((event) => {
        if (event.type === 'editing_changed') this.mirror(event.companyId, event.data as EditingEntry);
      }),
      // Entries from other servers may have been missed: read them all again.
      options.bus.onGap(() => void this.load().catch(() => undefined)),
    );
  }

  /** Clears the holds of servers that are gone, reads every hold, and sweeps from then on. */
  async start(): Promise<void> {
    await this.sweep();
    await this.load();
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  handle(socket: object, actor: Actor, message: ClientMessage): HandlerResult | Promise<HandlerResult> {
    if (message.type !== 'editing') return { handled: false };
    const { kind, id, state } = message.data;
    if (state === 'closed') {
      this.openBySocket.get(socket)?.delete(keyOf(kind, id));
      void this.inOrder(socket, () => this.release(socket, actor.companyId, { kind, recordId: id }));
      return { handled: true };
    }
    return this.refusal(socket, actor, kind, id).then(async (refused): Promise<HandlerResult> => {
      if (refused) return { handled: true, reply: { type: 'editing_error', data: { kind, id, message: refused } } };
      if (this.gone.has(socket)) return { handled: true };
      const open = this.openBySocket.get(socket) ?? new Set<string>();
      this.openBySocket.set(socket, open.add(keyOf(kind, id)));
      await this.inOrder(socket, () => this.hold(socket, actor, kind, id, state === 'take_over'));
      return { handled: true };
    });
  }

  /** A socket that just authenticated learns every record of its company open now. */
  onJoin(_socket: object, actor: Actor): ControlMessage[] {
    return [{ type: 'editing_snapshot', data: { entries: this.entries(actor.companyId) } }];
  }

  onLeave(socket: object, actor: Actor): void {
    this.gone.add(socket);
    this.openBySocket.delete(socket);
    if (this.holders.has(socket)) void this.inOrder(socket, () => this.release(socket, actor.companyId));
  }

  entries(companyId: number): EditingEntry[] {
    return [...(this.shown.get(companyId)?.values() ?? [])];
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.offs.forEach((off) => off());
  }

  private async refusal(socket: object, actor: Actor, kind: EditingKind, id: number): Promise<string | null> {
    if (!can(actor, EDIT_PERMISSION[kind])) return 'Your role may not edit this';
    const open = this.openBySocket.get(socket);
    if (open && !open.has(keyOf(kind, id)) && open.size >= MAX_OPEN_PER_SOCKET)
      return 'Too many records open in this window';
    if (!(await this.options.recordExists(actor.companyId, kind, id))) return 'Not found';
    return null;
  }

  private inOrder(socket: object, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(socket) ?? Promise.resolve()).then(work).catch(() => undefined);
    this.chains.set(socket, next);
    return next;
  }

  private holderOf(socket: object): string {
    let holder = this.holders.get(socket);
    if (!holder) this.holders.set(socket, (holder = `${this.options.serverId} ${++this.sockets}`));
    return holder;
  }

  /** Written in the station's write, so the editors compared before and after are every server's. */
  private async hold(socket: object, actor: Actor, kind: EditingKind, id: number, takeOver: boolean): Promise<void> {
    const hold: EditingHold = {
      holder: this.holderOf(socket),
      companyId: actor.companyId,
      kind,
      recordId: id,
      userId: actor.userId,
      fullName: actor.fullName,
      since: this.options.now().toISOString(),
    };
    const { changed, from } = await this.options.store.write(
      actor.companyId,
      async (tx) => {
        const before = await holdsOf(tx, actor.companyId, kind, id);
        await addHold(tx, hold);
        const after = await holdsOf(tx, actor.companyId, kind, id);
        return {
          changed: users(after) !== users(before) ? entryOf(kind, id, after) : null,
          from: [...new Set(before.map((h) => h.userId))].filter((u) => u !== actor.userId),
        };
      },
      { durability: 'later' },
    );
    if (changed) this.options.bus.publish(actor.companyId, 'editing_changed', changed);
    if (takeOver)
      this.options.bus.publish(actor.companyId, 'editing_taken_over', {
        kind,
        id,
        by: { userId: actor.userId, fullName: actor.fullName },
        from,
      });
  }

  /** A socket's hold on one record, or all of them (it closed). */
  private async release(
    socket: object,
    companyId: number,
    record?: { kind: EditingKind; recordId: number },
  ): Promise<void> {
    const holder = this.holders.get(socket);
    if (!holder) return;
    const changed = await this.options.store.write(
      companyId,
      async (tx) => changedBy(tx, companyId, await removeHolds(tx, holder, record)),
      { durability: 'later' },
    );
    for (const entry of changed) this.options.bus.publish(companyId, 'editing_changed', entry);
  }

  /** Holds of servers that are gone are removed, and every server hears the records' editors now. */
  private async sweep(): Promise<void> {
    const living = await this.options.livingServers();
    const removed = await this.options.store.write('server', (tx) => removeGoneServers(tx, living), {
      durability: 'later',
    });
    for (const companyId of new Set(removed.map((h) => h.companyId))) {
      const changed = await this.options.store.read((q) =>
        changedBy(
          q,
          companyId,
          removed.filter((h) => h.companyId === companyId),
        ),
      );
      for (const entry of changed) this.options.bus.publish(companyId, 'editing_changed', entry);
    }
  }

  private async load(): Promise<void> {
    const holds = await this.options.store.read((q) => allHolds(q));
    this.shown.clear();
    const byRecord = new Map<string, EditingHold[]>();
    for (const h of holds) {
      const key = `${h.companyId}:${keyOf(h.kind, h.recordId)}`;
      byRecord.set(key, [...(byRecord.get(key) ?? []), h]);
    }
    for (const group of byRecord.values()) {
      const { companyId, kind, recordId } = group[0]!;
      this.mirror(companyId, entryOf(kind, recordId, group));
    }
  }

  private mirror(companyId: number, entry: EditingEntry): void {
    const records = this.shown.get(companyId) ?? new Map<string, EditingEntry>();
    if (entry.editors.length === 0) records.delete(keyOf(entry.kind, entry.id));
    else records.set(keyOf(entry.kind, entry.id), entry);
    if (records.size === 0) this.shown.delete(companyId);
    else this.shown.set(companyId, records);
  }
}

/** The entries of the records whose editors changed when `removed` went. */
async function changedBy(q: Q, companyId: number, removed: EditingHold[]): Promise<EditingEntry[]> {
  const entries: EditingEntry[] = [];
  const records = new Map(removed.map((h) => [keyOf(h.kind, h.recordId), h]));
  for (const { kind, recordId } of records.values()) {
    const after = await holdsOf(q, companyId, kind, recordId);
    const before = [...after, ...removed.filter((h) => h.kind === kind && h.recordId === recordId)];
    if (users(after) !== users(before)) entries.push(entryOf(kind, recordId, after));
  }
  return entries;
}

const keyOf = (kind: EditingKind, id: number) => `${kind}:${id}`;

/** One line per user (two tabs of one user are one editor), earliest first. */
function entryOf(kind: EditingKind, id: number, holds: EditingHold[]): EditingEntry {
  const byUser = new Map<number, Editor>();
  for (const h of holds) {
    const seen = byUser.get(h.userId);
    if (!seen || h.since < seen.since) byUser.set(h.userId, { userId: h.userId, fullName: h.fullName, since: h.since });
  }
  return { kind, id, editors: [...byUser.values()].sort((a, b) => a.since.localeCompare(b.since)) };
}

function users(holds: EditingHold[]): string {
  return [...new Set(holds.map((h) => h.userId))].sort((a, b) => a - b).join(',');
}
