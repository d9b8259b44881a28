/**
 * The channel to the process that started this one: Electron's `process.parentPort` in a
 * utilityProcess (the desktop host's server and wires reader), or Node's IPC channel when forked by
 * child_process (`npm start`'s wires reader, the Electron stand-in in tests). Null when neither.
 */
export interface ParentChannel<In, Out> {
  post(message: Out): void;
  onMessage(listener: (message: In) => void): void;
  /** Once the parent is gone (Node IPC: the channel closed). Electron ends a utilityProcess with its host itself. */
  onParentGone(listener: () => void): void;
}

interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

export function parentChannel<In, Out>(): ParentChannel<In, Out> | null {
  const electron = (process as NodeJS.Process & { parentPort?: ElectronParentPort }).parentPort;
  if (electron) {
    return {
      post: (m) => electron.postMessage(m),
      onMessage: (l) => electron.on('message', (e) => l(e.data as In)),
      onParentGone: () => undefined,
    };
  }
  const send = process.send?.bind(process);
  if (!send) return null;
  return {
    post: (m) => void send(m),
    onMessage: (l) => process.on('message', (m) => l(m as In)),
    onParentGone: (l) => process.once('disconnect', l),
  };
}
