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
 * In-process bus between services and the live hub. Services say what happened in which company;
 * the hub decides who hears it. Swapping this for Redis pub/sub is the multi-process growth path.
 */
export class EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(100);

  /** Inside a store write, the event goes out once that write commits (db/store.ts afterCommit). */
  publish<K extends ServerEventType>(companyId: number, type: K, data: ServerEvents[K]): void {
    afterCommit(() => this.publishNow(companyId, type, data));
  }

  private publishNow<K extends ServerEventType>(companyId: number, type: K, data: ServerEvents[K]): void {
    const event: CompanyEvent<K> = { companyId, type, data };
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: CompanyEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  revoke(revocation: Revocation): void {
    afterCommit(() => this.emitter.emit('revoke', revocation));
  }

  onRevoke(listener: (revocation: Revocation) => void): () => void {
    this.emitter.on('revoke', listener);
    return () => this.emitter.off('revoke', listener);
  }
}
