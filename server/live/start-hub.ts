import { OVERLAY_WS_PATH } from '../../shared/contracts/overlay';
import type { AppContext } from '../context';
import type { Services } from '../services';
import { EditingPresence } from './editing-presence';
import { editingRecordExists } from './editing-records';
import { LiveHub } from './hub';
import { combineHandlers } from './message-handlers';
import type { OverlayHub } from './overlay-hub';
import { PrompterRelay } from './prompter-relay';

export interface LiveHubOptions {
  /** This server's id in the editing holds it writes (its relay connections'). */
  serverId: string;
  /** The ids of every server on the store now: the holds of the others are swept. */
  livingServers: () => Promise<string[]>;
  overlayHub: OverlayHub;
  /** When the store was last restored from a backup: pages that saw an older one reload. */
  restoredAt: string | null;
  pingIntervalMs?: number;
  expiryCheckMs?: number;
}

/**
 * The live channel at /ws (and the overlays' path beside it): who edits what, in the store so
 * every server of a station shows the same editors (issue 43), and the prompter's positions.
 */
export async function startLiveHub(ctx: AppContext, services: Services, options: LiveHubOptions): Promise<LiveHub> {
  const { serverId, livingServers, overlayHub, restoredAt } = options;
  const editing = new EditingPresence({
    bus: ctx.bus,
    store: ctx.store,
    serverId,
    livingServers,
    now: () => ctx.clock.now(),
    recordExists: (companyId, kind, id) => ctx.store.read((q) => editingRecordExists(q, companyId, kind, id)),
  });
  await editing.start();
  return new LiveHub({
    bus: ctx.bus,
    logger: ctx.logger,
    // While the main is silent (issue 43) a page still joins, from the backup's copy of the
    // sessions, to hear the pair's status and the takeover; its session is read again in a minute.
    authenticate: (token) =>
      services.ha.mainSilent() ? services.ha.authenticateOnBackup(token) : services.auth.authenticate(token),
    sessionDeadline: (tokenHash) =>
      services.ha.mainSilent()
        ? Promise.resolve(ctx.clock.now().getTime() + 60_000)
        : services.auth.sessionDeadline(tokenHash),
    now: () => ctx.clock.now().getTime(),
    pingIntervalMs: options.pingIntervalMs,
    expiryCheckMs: options.expiryCheckMs,
    relay: combineHandlers(
      new PrompterRelay({
        bus: ctx.bus,
        prompterExists: (companyId, id) => services.prompters.exists(companyId, id),
      }),
      editing,
    ),
    otherPaths: { [OVERLAY_WS_PATH]: (req, socket, head) => overlayHub.handleUpgrade(req, socket, head) },
    identity: () => ({ bootId: services.backups.bootId, restoredAt }),
  });
}
