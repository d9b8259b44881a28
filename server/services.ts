import type { AppContext } from './context';
import { ActivityLogsService } from './modules/activity-logs/activity-logs.service';
import { ApiKeysService } from './modules/api-keys/api-keys.service';
import { AppVersionsService } from './modules/app-versions/app-versions.service';
import { AuthService } from './modules/auth/auth.service';
import { BulletinsService } from './modules/bulletins/bulletins.service';
import { CgFilesService } from './modules/cg-files/cg-files.service';
import { CgNextService } from './modules/cg-files/cg-next.service';
import { CompaniesService } from './modules/companies/companies.service';
import { CrawlerService } from './modules/crawler/crawler.service';
import { EquipmentService } from './modules/equipment/equipment.service';
import { EquipmentBulkService } from './modules/equipment/equipment-bulk.service';
import { EquipmentAlertsService } from './modules/equipment-alerts/equipment-alerts.service';
import { EquipmentRequestsService } from './modules/equipment-requests/equipment-requests.service';
import { NewsService } from './modules/news/news.service';
import { NewsSendBack } from './modules/news/news-send-back';
import { NewsRevisions } from './modules/news/news-revisions';
import { NotificationsService } from './modules/notifications/notifications.service';
import { NotificationPreferencesService } from './modules/notification-preferences/notification-preferences.service';
import { PromptersService } from './modules/prompters/prompters.service';
import { SettingsService } from './modules/settings/settings.service';
import { RecycleBinService } from './modules/recycle-bin/recycle-bin.service';
import { UsersService } from './modules/users/users.service';
import { TelegramBots } from './modules/telegram/telegram-bots';
import { TelegramNotifications } from './modules/telegram/telegram-notifications';
import { TelegramOutbox } from './modules/telegram/telegram-outbox';
import { TelegramService } from './modules/telegram/telegram.service';
import { GoogleSheetsService } from './modules/google-sheets/google-sheets.service';
import { SheetSync } from './modules/google-sheets/sheet-sync';
import { WirePoller } from './modules/wires/wires.poller';
import { WiresService } from './modules/wires/wires.service';
import { OverlayService } from './modules/outputs/overlay.service';
import { OnAirChanges } from './modules/outputs/on-air-changes';
import { AsRunService } from './modules/as-run/as-run.service';
import { RemoteDriver } from './integrations/outputs/remote-driver';
import { OutputsService } from './modules/outputs/outputs.service';
import { BackupsService } from './modules/backups/backups.service';
import { HaService } from './modules/ha/ha.service';
import { StoreMoveService } from './modules/store-move/store-move.service';

/** Every feature service, wired once. Later features add theirs here. */
export interface Services {
  auth: AuthService;
  users: UsersService;
  companies: CompaniesService;
  activity: ActivityLogsService;
  news: NewsService;
  newsSendBack: NewsSendBack;
  newsRevisions: NewsRevisions;
  recycleBin: RecycleBinService;
  cgFiles: CgFilesService;
  /** Preview and take (issue 25): the Next slot; `take(writer, version)` is what a Stream Deck calls. */
  cgNext: CgNextService;
  apiKeys: ApiKeysService;
  crawler: CrawlerService;
  bulletins: BulletinsService;
  settings: SettingsService;
  appVersions: AppVersionsService;
  prompters: PromptersService;
  equipment: EquipmentService;
  equipmentBulk: EquipmentBulkService;
  equipmentRequests: EquipmentRequestsService;
  equipmentAlerts: EquipmentAlertsService;
  notifications: NotificationsService;
  notificationPreferences: NotificationPreferencesService;
  telegramBots: TelegramBots;
  telegramOutbox: TelegramOutbox;
  telegramNotifications: TelegramNotifications;
  telegram: TelegramService;
  googleSheets: GoogleSheetsService;
  sheetSync: SheetSync;
  wirePoller: WirePoller;
  wires: WiresService;
  overlay: OverlayService;
  asRun: AsRunService;
  outputs: OutputsService;
  /** Backups of the whole server (issue 41). */
  backups: BackupsService;
  /** Where the data are kept, and the move to PostgreSQL from Settings (issue 42). */
  storeMove: StoreMoveService;
  /** Main and backup (issue 43): the pair's status and the takeover; its monitor is set by startServer. */
  ha: HaService;
}

export function createServices(ctx: AppContext): Services {
  const auth = new AuthService(ctx);
  const activity = new ActivityLogsService(ctx);
  const news = new NewsService(ctx, activity);
  const cgFiles = new CgFilesService(
    ctx,
    activity,
    new OnAirChanges((err) => ctx.logger.error('on-air listener failed', { err })),
  );
  const cgNext = new CgNextService(ctx, cgFiles);
  // Loans move stock and announce the item: the requests service works through the catalogue's.
  const equipment = new EquipmentService(ctx, activity);
  const notificationPreferences = new NotificationPreferencesService(ctx, activity);
  // The bot: one per company with a token; commands are installed in startServer (they need every service).
  const telegramBots = new TelegramBots(ctx);
  const telegramOutbox = new TelegramOutbox(ctx, telegramBots, activity);
  const telegramNotifications = new TelegramNotifications(ctx, telegramOutbox, notificationPreferences);
  const equipmentRequests = new EquipmentRequestsService(ctx, activity, equipment);
  // Sheet rows go through the same equipment service as the web form.
  const sheetSync = new SheetSync(ctx, equipment, equipmentRequests, activity);
  const wirePoller = new WirePoller(ctx);
  const backups = new BackupsService(ctx, activity);
  const storeMove = new StoreMoveService(ctx, backups, activity);
  backups.storeMoving = () => storeMove.moving;
  return {
    auth,
    activity,
    users: new UsersService(ctx, auth, activity),
    companies: new CompaniesService(ctx),
    news,
    newsSendBack: new NewsSendBack(ctx, news),
    newsRevisions: new NewsRevisions(ctx, news),
    recycleBin: new RecycleBinService(ctx, news, activity),
    cgFiles,
    cgNext,
    apiKeys: new ApiKeysService(ctx),
    crawler: new CrawlerService(ctx, cgFiles, cgNext),
    bulletins: new BulletinsService(ctx, activity),
    settings: new SettingsService(ctx, cgFiles, activity, cgNext),
    appVersions: new AppVersionsService(ctx, activity),
    prompters: new PromptersService(ctx, activity),
    equipment,
    equipmentBulk: new EquipmentBulkService(ctx, activity),
    equipmentRequests,
    equipmentAlerts: new EquipmentAlertsService(ctx, activity, [telegramNotifications]),
    // The bell honours each user's switches (docs/product.md §Data).
    notifications: new NotificationsService(ctx, notificationPreferences, (companyId) =>
      Promise.resolve(backups.lateOffsite(companyId)),
    ),
    notificationPreferences,
    telegramBots,
    telegramOutbox,
    telegramNotifications,
    telegram: new TelegramService(ctx, telegramBots, activity),
    googleSheets: new GoogleSheetsService(ctx, sheetSync, activity),
    sheetSync,
    wirePoller,
    // Wire items become stories only through the news service (every news rule applies).
    wires: new WiresService(ctx, news, wirePoller, activity),
    // The HTML overlay reads CG state through the CG service; it never writes CG text.
    overlay: new OverlayService(ctx, cgFiles, activity),
    asRun: new AsRunService(ctx),
    // CasparCG / OBS / vMix: fed by the CG engine's committed changes, after the files (issue 25).
    outputs: new OutputsService(
      ctx,
      cgFiles,
      activity,
      (output, companyId) => new RemoteDriver(ctx.outputsIo, output, companyId),
      () => ctx.outputsIo.warm(),
    ),
    backups,
    storeMove,
    ha: new HaService(auth),
  };
}
