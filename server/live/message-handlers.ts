import type { ClientMessage, ControlMessage } from '../../shared/contracts/live';
import type { Actor } from '../lib/auth';

export interface HandlerResult {
  handled: boolean;
  reply?: ControlMessage;
}

/** What the hub does with a client message it does not know itself. */
export interface ClientMessageHandler {
  /**
   * `handled: false` means "not mine, or over my rate": the hub counts the message against the
   * socket's general budget (so a flood still closes the socket). `reply` goes back to the sender.
   */
  handle(socket: object, actor: Actor, message: ClientMessage): HandlerResult;
  /** Messages for a socket that just authenticated (e.g. the state it joins into). */
  onJoin?(socket: object, actor: Actor): ControlMessage[];
  /** The socket closed: forget what it held. */
  onLeave?(socket: object, actor: Actor): void;
  close?(): void;
}

/** Several handlers as one: the first that handles a message wins; joins and leaves reach all. */
export function combineHandlers(...handlers: ClientMessageHandler[]): ClientMessageHandler {
  return {
    handle(socket, actor, message) {
      for (const handler of handlers) {
        const result = handler.handle(socket, actor, message);
        if (result.handled || result.reply) return result;
      }
      return { handled: false };
    },
    onJoin: (socket, actor) => handlers.flatMap((h) => h.onJoin?.(socket, actor) ?? []),
    onLeave: (socket, actor) => handlers.forEach((h) => h.onLeave?.(socket, actor)),
    close: () => handlers.forEach((h) => h.close?.()),
  };
}
