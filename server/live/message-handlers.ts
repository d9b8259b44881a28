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
  handle(socket: object, actor: Actor, message: ClientMessage): HandlerResult | Promise<HandlerResult>;
  /** Messages for a socket that just authenticated (e.g. the state it joins into). */
  onJoin?(socket: object, actor: Actor): ControlMessage[];
  /** The socket closed: forget what it held. */
  onLeave?(socket: object, actor: Actor): void;
  close?(): void;
}

/** Several handlers as one: the first that handles a message wins; joins and leaves reach all. */
export function combineHandlers(...handlers: ClientMessageHandler[]): ClientMessageHandler {
  return {
    // Synchronous while every handler answers at once (prompter positions, ten a second per
    // screen); a handler that must ask the store makes the rest of the chain wait for it.
    handle(socket, actor, message) {
      const from = (i: number): HandlerResult | Promise<HandlerResult> => {
        for (; i < handlers.length; i++) {
          const result = handlers[i]!.handle(socket, actor, message);
          if (result instanceof Promise) return result.then((r) => (r.handled || r.reply ? r : from(i + 1)));
          if (result.handled || result.reply) return result;
        }
        return { handled: false };
      };
      return from(0);
    },
    onJoin: (socket, actor) => handlers.flatMap((h) => h.onJoin?.(socket, actor) ?? []),
    onLeave: (socket, actor) => handlers.forEach((h) => h.onLeave?.(socket, actor)),
    close: () => handlers.forEach((h) => h.close?.()),
  };
}
