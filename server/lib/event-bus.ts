import { afterCommit } from '../db/store';
import { EventEmitter } from 'node:events';
import type { ServerEventType, ServerEvents } from '../../shared/contracts/live';

export interface CompanyEvent<K extends ServerEventType = ServerEventType> {
  companyId: number;
  type: K;
  data: ServerEvents[K];
}

/** Which live connections must be closed because their session ended. */
export interface Revocation {
  userId?: number;
  tokenHash?: string;
  /** The session still holds but the user changed (role…): the socket rejoins as the user is now. */
  rejoin?: boolean;
}

/**
 * Why messages from other servers may be missing: 'lost', this server's relay connection dropped
 * (anything may have been missed); 'peer', a server left the store without a word (its last
 * announcement may not have been sent). Pages are reconnected after the first, told to read
 * again after the second.
 */
export type GapKind = 'lost' | 'peer';

/** What crosses to the other servers on the same store (server/live/pg-relay.ts). */
export type BusMessage = { kind: 'event'; event: CompanyEvent } | { kind: 'revoke'; revocation: Revocation };

/**
 * The bus between services and the live hub. Services say what happened in which company; the
 * hub decides who hears it. With several servers on one PostgreSQL store (issue 43) a relay carries
 * every message to the other servers and hands theirs in (`receive`): `subscribe` hears both, for
 * what each server shows or caches; `subscribeLocal` hears this server's changes only, for work
 * done once where the change was made (re-announced bulletins, the Sheets push); `subscribeRemote`
 * the other servers' only (what this server catches up with: its CG folders). Work only one server
 * of the store may do (Telegram messages, alerts) hears `subscribe` and checks ctx.duty.
 */
export class EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(100);
  private relay: ((message: BusMessage) => void) | null = null;

  /** Inside a store write, the event goes out once that write commits (db/store.ts afterCommit). */
  publish<K extends ServerEventType>(companyId: number, type: K, data: ServerEvents[K]): void {
    afterCommit(() => this.publishNow(companyId, type, data));
  }

  private publishNow<K extends ServerEventType>(companyId: number, type: K, data: ServerEvents[K]): void {
    const event: CompanyEvent<K> = { companyId, type, data };
    // The clients and caches first, then the other servers, then the once-per-change work.
    this.emitter.emit('event', event);
    this.relay?.({ kind: 'event', event });
    this.emitter.emit('local', event);
  }

  /** Every event: this server's and, with a relay, the other servers'. */
  subscribe(listener: (event: CompanyEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  /** The events of changes made on the other servers (what this server must catch up with: its CG folder). */
  subscribeRemote(listener: (event: CompanyEvent) => void): () => void {
    this.emitter.on('remote', listener);
    return () => this.emitter.off('remote', listener);
  }

  /** The events of this server's own changes. */
  subscribeLocal(listener: (event: CompanyEvent) => void): () => void {
    this.emitter.on('local', listener);
    return () => this.emitter.off('local', listener);
  }

  revoke(revocation: Revocation): void {
    afterCommit(() => {
      this.emitter.emit('revoke', revocation);
      this.relay?.({ kind: 'revoke', revocation });
    });
  }

  onRevoke(listener: (revocation: Revocation) => void): () => void {
    this.emitter.on('revoke', listener);
    return () => this.emitter.off('revoke', listener);
  }

  /** Sends every message published from now on to the other servers too; returns the detach. */
  relayTo(send: (message: BusMessage) => void): () => void {
    this.relay = send;
    return () => {
      if (this.relay === send) this.relay = null;
    };
  }

  /**
   * Messages from the other servers may have been lost (the relay's connection dropped and is
   * back): whatever was cached or shown from them is read again.
   */
  receiveGap(kind: GapKind = 'lost'): void {
    this.emitter.emit('gap', kind);
  }

  onGap(listener: (kind: GapKind) => void): () => void {
    this.emitter.on('gap', listener);
    return () => this.emitter.off('gap', listener);
  }

  /** A message another server published: heard as its own by `subscribe` and `onRevoke`, never relayed back. */
  receive(message: BusMessage): void {
    if (message.kind === 'revoke') this.emitter.emit('revoke', message.revocation);
    else {
      this.emitter.emit('event', message.event);
      this.emitter.emit('remote', message.event);
    }
  }
}
