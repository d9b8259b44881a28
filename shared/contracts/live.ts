import { z } from 'zod';
import type { CgFileUpdatedEvent } from './cg-files';
import type { CgNext } from './cg-next';
import type { HaStatus } from './ha';
import type { AppVersion } from './app-versions';
import type { Bulletin } from './bulletins';
import type { Equipment, EquipmentRequest } from './equipment';
import type { News } from './news';
import type { OverlayLayout } from './overlay';
import type { OutputStatusEntry } from './outputs';
import {
  prompterCommandSchema,
  prompterPositionSchema,
  type Prompter,
  type PrompterCommand,
  type RelayedPrompterPosition,
} from './prompters';
import type { Branding } from './settings';
import type { User } from './users';

/**
 * The live channel's typed event map: message type → data. Names are the spec's (000 §7);
 * later features add their events here so server and client share one list.
 */
export interface ServerEvents {
  user_updated: { user: User; change: 'created' | 'updated' | 'deleted' };
  news_created: News;
  news_updated: News;
  news_deleted: { id: number; permanent: boolean };
  /** A story was sent back to its writer with a reason (issue 26): the writer's bell and Telegram. */
  news_returned: { news: News; writerId: number | null; by: { userId: number; fullName: string } };
  /** A breaking or urgent article was created (or raised to breaking/urgent). */
  breaking_news: News;
  /**
   * The host station's last off-PC backup copy is older than two intervals (issue 41): its owners'
   * bell and Telegram, once per copy missed. No folder or path inside (editors hear events too).
   */
  backup_offsite_stale: { lastCopyAt: string | null; intervalMinutes: number };
  cg_file_updated: CgFileUpdatedEvent;
  /** A CG file could not be replaced (e.g. held open on Windows): the operator must know. */
  cg_write_failed: { types: string[]; message: string };
  /** The company's Next slot changed (staged, taken, cleared) or take mode was switched (issue 25). */
  cg_next_updated: CgNext;
  /** Settings changed (owner/admin screens refetch GET /api/settings). */
  /** timeZone: the station's zone after the save (the overlay's clock follows it at once). */
  settings_updated: { cgOutputFolder: string; timeZone: string };
  /** Branding colours changed: every client of the company restyles. */
  branding_updated: Branding;
  /** The company's app version was created, updated or deleted (null). */
  app_version_updated: { version: AppVersion | null };
  /** A bulletin was created, edited (or an article it uses changed), or deleted. */
  bulletin_created: Bulletin;
  bulletin_updated: Bulletin;
  bulletin_deleted: { id: number };
  /** A prompter was created or edited (the whole prompter). */
  prompter_updated: Prompter;
  prompter_deleted: { id: number };
  /** Follower screens: an operator's reading position, relayed to the company (from = sender). */
  prompter_position: RelayedPrompterPosition;
  /** The last screen reading a prompter closed (issue 38): followers say nobody reads it now. */
  prompter_reader_left: { prompterId: number };
  /** Follower screens: a remote's command for the operator's screen, relayed to the company. */
  prompter_command: PrompterCommand & { from: { userId: number } };
  /** Equipment (issue 12): the item as it is now (stock, status) after any change. */
  equipment_created: Equipment;
  equipment_updated: Equipment;
  equipment_deleted: { id: number };
  /** A bulk upload finished: counts only (10 000 items are refetched, not pushed). */
  equipment_bulk_imported: { success: number; failed: number };
  /** A loan request was made / moved (docs/product.md §API names both). */
  equipment_requested: EquipmentRequest;
  equipment_request_updated: EquipmentRequest;
  /**
   * A loan is past its expected return date (once per request per reminder interval).
   * equipmentName / userName are what the dashboard toast of docs/product.md §Screens and routes reads.
   */
  equipment_overdue: { request: EquipmentRequest; equipmentName: string; userName: string; overdueMinutes: number };
  /** Stock fell to or below the item's minimum. */
  equipment_low_stock: Equipment;
  /** A user's first live socket authenticated or last one closed (issue 13): dashboards refetch stats. */
  presence_changed: { online: number; onlineMcr: number };
  /** Who has a story, bulletin or prompter open for editing now (empty: nobody). */
  editing_changed: EditingEntry;
  /** Someone took a record over: `from` are the users who had it open (they are told at once). */
  editing_taken_over: { kind: EditingKind; id: number; by: { userId: number; fullName: string }; from: number[] };
  /** An API key's lastUsed was recorded (at most once a minute per key, issue 22): the keys table refetches. */
  api_key_used: { id: number; lastUsed: string };
  /** Wires (issue 26): a feed was added, changed, removed or polled; lists refetch. */
  wires_updated: { feedId: number; added: number };
  /** The HTML overlay's layout was saved (issue 25): overlays restyle, /outputs refetches. */
  overlay_layout_updated: OverlayLayout;
  /** The overlay key was rotated (issue 25): overlays on the old key are cut off; /outputs refetches. No key inside. */
  overlay_key_rotated: { createdAt: string };
  /** An output's status moved (issue 25): the header and /outputs update. No config inside. */
  output_status: OutputStatusEntry;
  /** An output was added, changed or removed (issue 25): /outputs and the header refetch. */
  outputs_changed: { id: number };
}
export type ServerEventType = keyof ServerEvents;

export interface LiveEnvelope<K extends ServerEventType = ServerEventType> {
  type: K;
  data: ServerEvents[K];
}

/** Messages the server sends outside the event map. */
export type ControlMessage =
  /**
   * bootId changes at every server start; restoredAt is when the store was last restored from a
   * backup (issue 41): a client that saw another restoredAt before reloads, its data are gone.
   */
  | { type: 'auth_ok'; data: { userId: number; bootId: string; restoredAt: string | null } }
  /** A restore from a backup is starting (issue 41): the server goes away and comes back on the backup. */
  | { type: 'server_restoring'; data: { name: string; createdAt: string } }
  /** The server is moving every station to PostgreSQL (issue 42): it goes away and comes back on the new store. */
  | { type: 'server_moving_store'; data: { to: string } }
  /** Main and backup (issue 43): the pair's state changed (shared/contracts/ha.ts). */
  | { type: 'ha_status'; data: HaStatus }
  /**
   * A server of the store left without a word (issue 43): its last change may not have been
   * announced, so the page reads everything again (as after a reconnect, without one).
   */
  | { type: 'read_again'; data: null }
  | { type: 'pong'; data: null }
  /** A prompter_position / prompter_command named a prompter the sender's company does not have. */
  | { type: 'prompter_error'; data: { prompterId: number; message: string } }
  /** Right after auth_ok: where each prompter of the company is read now (issue 38, late followers). */
  | { type: 'prompter_snapshot'; data: { positions: RelayedPrompterPosition[] } }
  /** Right after auth_ok: every record of the company open for editing now. */
  | { type: 'editing_snapshot'; data: { entries: EditingEntry[] } }
  /** An `editing` message the sender may not send (role, or a record the company does not have). */
  | { type: 'editing_error'; data: { kind: EditingKind; id: number; message: string } };

/** What a dialog may be open on for editing (issue 26: presence, a soft lock). */
export const EDITING_KINDS = ['news', 'bulletin', 'prompter'] as const;
export type EditingKind = (typeof EDITING_KINDS)[number];

/** open / closed as a dialog opens and closes; take_over tells the others at once. */
export const editingMessageSchema = z.object({
  kind: z.enum(EDITING_KINDS),
  id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31),
  state: z.enum(['open', 'closed', 'take_over']),
});
export type EditingMessage = z.infer<typeof editingMessageSchema>;

export interface Editor {
  userId: number;
  fullName: string;
  /** When this user opened it (ISO). */
  since: string;
}

export interface EditingEntry {
  kind: EditingKind;
  id: number;
  editors: Editor[];
}

/** Messages a client may send. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), userId: z.coerce.number().optional(), token: z.string().max(512) }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('prompter_position'), data: prompterPositionSchema }),
  z.object({ type: z.literal('prompter_command'), data: prompterCommandSchema }),
  z.object({ type: z.literal('editing'), data: editingMessageSchema }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
