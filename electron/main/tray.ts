import { clipboard, Menu, nativeImage, Tray } from 'electron';

export interface TrayActions {
  open: () => void;
  quit: () => void;
  /** The address other staff open (first LAN address), read when the menu is used. */
  address: () => string;
}

/** Tray icon: the app stays reachable (and quittable) while its window is hidden. */
export function createTray(iconPath: string, actions: TrayActions): Tray {
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  const refresh = () => {
    tray.setToolTip(`CG Bridge — ${actions.address()}`);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: 'Open CG Bridge', click: actions.open },
        { label: `Copy address (${actions.address()})`, click: () => clipboard.writeText(actions.address()) },
        { type: 'separator' },
        { label: 'Quit CG Bridge', click: actions.quit },
      ]),
    );
  };
  refresh();
  tray.on('click', actions.open);
  // The address can change (Wi-Fi joined, port changed): rebuild the menu before it opens.
  tray.on('mouse-enter', refresh);
  return tray;
}
