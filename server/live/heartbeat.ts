import type { WebSocket } from 'ws';

/** A socket the heartbeat watches: `alive` is set again by its pong. */
export interface Heartbeating {
  alive: boolean;
  socket: WebSocket;
}

/**
 * One heartbeat tick for the live and overlay hubs: a socket that did not answer the last ping
 * is terminated (a vanished phone or a frozen playout PC), every other one is pinged again.
 */
export function heartbeat(clients: Iterable<Heartbeating>): void {
  for (const client of clients) {
    if (!client.alive) {
      client.socket.terminate();
      continue;
    }
    client.alive = false;
    client.socket.ping();
  }
}
