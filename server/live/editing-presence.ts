import type { ClientMessage, ControlMessage, EditingEntry, EditingKind, Editor } from '../../shared/contracts/live';
import { can, type Permission } from '../../shared/roles';
import type { Actor } from '../lib/auth';
import type { EventBus } from '../lib/event-bus';
import type { ClientMessageHandler, HandlerResult } from './message-handlers';

export interface EditingPresenceOptions {
  bus: EventBus;
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

type Holders = Map<object, Editor>;

/**
 * Presence while editing (issue 26): who has a story, bulletin or prompter open, per company,
 * per socket. A soft lock only — anyone may still save; the version check keeps saves safe.
 * A socket's entries go when it closes (dialog closed, tab gone, browser offline, ping missed).
 */
export class EditingPresence implements ClientMessageHandler {
  /** companyId → "kind:id" → socket → editor. */
  private readonly companies = new Map<number, Map<string, Holders>>();
  private readonly openBySocket = new Map<object, Set<string>>();
  /** Sockets that closed: a record check that answers after the close holds nothing for them. */
  private readonly gone = new WeakSet<object>();

  constructor(private readonly options: EditingPresenceOptions) {}

  handle(socket: object, actor: Actor, message: ClientMessage): HandlerResult | Promise<HandlerResult> {
    if (message.type !== 'editing') return { handled: false };
    const { kind, id, state } = message.data;
    if (state === 'closed') {
      this.release(socket, actor.companyId, keyOf(kind, id));
      return { handled: true };
    }
    return this.refusal(socket, actor, kind, id).then((refused): HandlerResult => {
      if (refused) return { handled: true, reply: { type: 'editing_error', data: { kind, id, message: refused } } };
      if (this.gone.has(socket)) return { handled: true };
      this.hold(socket, actor, kind, id);
      if (state === 'take_over') this.announceTakeOver(actor, kind, id);
      return { handled: true };
    });
  }

  /** A socket that just authenticated learns every record of its company open now. */
  onJoin(_socket: object, actor: Actor): ControlMessage[] {
    return [{ type: 'editing_snapshot', data: { entries: this.entries(actor.companyId) } }];
  }

  onLeave(socket: object, actor: Actor): void {
    this.gone.add(socket);
    for (const key of [...(this.openBySocket.get(socket) ?? [])]) this.release(socket, actor.companyId, key);
    this.openBySocket.delete(socket);
  }

  entries(companyId: number): EditingEntry[] {
    const records = this.companies.get(companyId);
    if (!records) return [];
    return [...records.keys()].map((key) => this.entryOf(companyId, key));
  }

  private async refusal(socket: object, actor: Actor, kind: EditingKind, id: number): Promise<string | null> {
    if (!can(actor, EDIT_PERMISSION[kind])) return 'Your role may not edit this';
    const open = this.openBySocket.get(socket);
    if (open && !open.has(keyOf(kind, id)) && open.size >= MAX_OPEN_PER_SOCKET)
      return 'Too many records open in this window';
    if (!(await this.options.recordExists(actor.companyId, kind, id))) return 'Not found';
    return null;
  }

  private hold(socket: object, actor: Actor, kind: EditingKind, id: number): void {
    const key = keyOf(kind, id);
    const records = this.companies.get(actor.companyId) ?? new Map<string, Holders>();
    this.companies.set(actor.companyId, records);
    const holders = records.get(key) ?? new Map<object, Editor>();
    records.set(key, holders);
    const open = this.openBySocket.get(socket) ?? new Set<string>();
    this.openBySocket.set(socket, open);
    open.add(key);
    if (holders.has(socket)) return;
    const before = distinctUsers(holders);
    holders.set(socket, { userId: actor.userId, fullName: actor.fullName, since: this.options.now().toISOString() });
    if (distinctUsers(holders) !== before) this.publish(actor.companyId, key);
  }

  private release(socket: object, companyId: number, key: string): void {
    this.openBySocket.get(socket)?.delete(key);
    const records = this.companies.get(companyId);
    const holders = records?.get(key);
    if (!records || !holders?.has(socket)) return;
    const before = distinctUsers(holders);
    holders.delete(socket);
    if (holders.size === 0) records.delete(key);
    if (records.size === 0) this.companies.delete(companyId);
    if (distinctUsers(holders) !== before) this.publish(companyId, key);
  }

  private announceTakeOver(actor: Actor, kind: EditingKind, id: number): void {
    const holders = this.companies.get(actor.companyId)?.get(keyOf(kind, id));
    const from = [...new Set([...(holders?.values() ?? [])].map((e) => e.userId))].filter((u) => u !== actor.userId);
    this.options.bus.publish(actor.companyId, 'editing_taken_over', {
      kind,
      id,
      by: { userId: actor.userId, fullName: actor.fullName },
      from,
    });
  }

  private publish(companyId: number, key: string): void {
    this.options.bus.publish(companyId, 'editing_changed', this.entryOf(companyId, key));
  }

  /** One line per user (two tabs of one user are one editor), earliest first. */
  private entryOf(companyId: number, key: string): EditingEntry {
    const [kind, id] = parseKey(key);
    const byUser = new Map<number, Editor>();
    for (const editor of this.companies.get(companyId)?.get(key)?.values() ?? []) {
      const seen = byUser.get(editor.userId);
      if (!seen || editor.since < seen.since) byUser.set(editor.userId, editor);
    }
    return { kind, id, editors: [...byUser.values()].sort((a, b) => a.since.localeCompare(b.since)) };
  }
}

const keyOf = (kind: EditingKind, id: number) => `${kind}:${id}`;

function parseKey(key: string): [EditingKind, number] {
  const [kind, id] = key.split(':');
  return [kind as EditingKind, Number(id)];
}

function distinctUsers(holders: Holders | undefined): string {
  return [...new Set([...(holders?.values() ?? [])].map((e) => e.userId))].sort((a, b) => a - b).join(',');
}
