import { app } from 'electron';
import electronUpdater, { type AppUpdater, type UpdateDownloadedEvent, type UpdateInfo } from 'electron-updater';
import { parseUpdateFeed, type UpdateFeed } from '../../shared/update-feed';
import type { Question } from './operator-decisions';
import {
  installDecision,
  installQuestion,
  offerQuestion,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_RETRY_INTERVAL_MS,
} from './update-policy';
import { verifyDownloadedUpdate } from './update-verify';

export interface UpdaterHost {
  /** The station's feed folder URL on this PC's own server (server/…/app-version-feed.ts). */
  feedUrl(): string | null;
  log(level: 'INFO' | 'WARN' | 'ERROR', message: string): void;
  /** Shows a question; resolves with the button index. */
  ask(question: Question): Promise<number>;
  /** Live connections on the server now (the supervisor's status message). */
  connections(): Promise<number>;
  windowOpen(): boolean;
  /** Asks about connected screens and stops the server; false when the operator cancelled. */
  stopForInstall(): Promise<boolean>;
  /** The installer could not be started after the server was stopped for it: bring the server back. */
  installFailed(): void;
}

type State = { step: 'idle' } | { step: 'offered' | 'downloading' | 'waiting' | 'installing'; feed: UpdateFeed };

/**
 * Self-update from the station's App Version (issue 23) through electron-updater's generic
 * provider. Checks at start and every few hours, OFFERS a newer version (never downloads or
 * installs unasked), checks the download's SHA-256 against App Version, and installs only when
 * no other screen is connected to this server and the operator says so.
 */
export class DesktopUpdater {
  private state: State = { step: 'idle' };
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private updater: AppUpdater | null = null;

  /** `updater`: electron-updater's autoUpdater unless given (tests give an NsisUpdater of their own). */
  constructor(
    private readonly host: UpdaterHost,
    private readonly given?: AppUpdater,
  ) {}

  start(): void {
    try {
      this.updater = configure(this.given ?? electronUpdater.autoUpdater, this.host);
    } catch (err) {
      // Without the updater the app still serves air; the operator updates by hand.
      this.host.log('ERROR', `updater unavailable: ${(err as Error).message}`);
      return;
    }
    this.updater.on('error', (err: Error) => this.failed(err));
    this.updater.on('update-available', (info: UpdateInfo) => void this.offer(info));
    this.updater.on('update-downloaded', (event: UpdateDownloadedEvent) => void this.downloaded(event));
    void this.check();
    this.timer = setInterval(() => void this.check(), UPDATE_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
  }

  private async check(): Promise<void> {
    const url = this.host.feedUrl();
    if (!this.updater || !url || this.state.step !== 'idle') return;
    this.updater.setFeedURL({ provider: 'generic', url });
    // The key stays out of the log file (a log shared for support must not open the feed).
    this.host.log('INFO', `update check: ${url.replace(/\/[0-9a-f]{48}\//, '/…/')}`);
    // Errors (server unreachable, no version yet: 404) arrive on 'error' as well; one log line is enough.
    await this.updater.checkForUpdates().catch(() => undefined);
  }

  private failed(err: Error): void {
    if (this.state.step === 'installing') {
      this.state = { step: 'idle' };
      this.host.log('ERROR', `the installer could not be started: ${firstLine(err.message)}`);
      return this.host.installFailed();
    }
    this.host.log('WARN', `update check failed: ${firstLine(err.message)}`);
    if (this.state.step !== 'waiting') this.state = { step: 'idle' };
  }

  private async offer(info: UpdateInfo): Promise<void> {
    const parsed = parseUpdateFeed(info);
    if (!parsed.ok) return this.host.log('ERROR', parsed.error);
    const { feed } = parsed;
    this.state = { step: 'offered', feed };
    this.host.log('INFO', `update ${feed.version} available (this PC runs ${app.getVersion()})`);
    const answer = await this.host.ask(offerQuestion(feed.version, app.getVersion(), feed.releaseNotes));
    if (answer !== 1 || !this.updater) {
      this.state = { step: 'idle' };
      return this.host.log('INFO', `update ${feed.version}: operator chose later`);
    }
    this.state = { step: 'downloading', feed };
    await this.updater.downloadUpdate().catch(() => undefined);
  }

  private async downloaded(event: UpdateDownloadedEvent): Promise<void> {
    if (this.state.step !== 'downloading') return;
    const { feed } = this.state;
    const verified = await verifyDownloadedUpdate(event.downloadedFile, feed.sha256);
    if (!verified.ok) {
      this.state = { step: 'idle' };
      this.host.log('ERROR', verified.error);
      await this.host.ask({
        message: 'The CG Bridge update was refused',
        detail: verified.error,
        buttons: ['OK'],
        defaultId: 0,
        cancelId: 0,
      });
      return;
    }
    this.host.log('INFO', `update ${feed.version} downloaded; SHA-256 matches App Version`);
    this.state = { step: 'waiting', feed };
    await this.tryInstall();
  }

  /** Installs when no other screen is connected and the operator agrees; otherwise looks again later. */
  private async tryInstall(): Promise<void> {
    if (this.state.step !== 'waiting' || !this.updater) return;
    const { feed } = this.state;
    const decision = installDecision(await this.host.connections(), this.host.windowOpen());
    // Screens connected: looked at again quietly in a few minutes. "Later": asked again in hours.
    const again = (ms: number) => (this.retry = setTimeout(() => void this.tryInstall(), ms).unref());
    if (!decision.now) {
      this.host.log('INFO', `update ${feed.version} waits: ${decision.reason}`);
      return void again(UPDATE_RETRY_INTERVAL_MS);
    }
    if ((await this.host.ask(installQuestion(feed.version))) !== 1) return void again(UPDATE_CHECK_INTERVAL_MS);
    if (!(await this.host.stopForInstall())) return void again(UPDATE_CHECK_INTERVAL_MS);
    this.host.log('INFO', `installing update ${feed.version}`);
    // electron-updater reports an installer that cannot start on 'error' (failed() above).
    this.state = { step: 'installing', feed };
    this.updater.quitAndInstall(false, true);
  }
}

function configure(updater: AppUpdater, host: UpdaterHost): AppUpdater {
  updater.autoDownload = false; // offered first
  updater.autoInstallOnAppQuit = false; // never behind the operator's back at quit
  updater.allowDowngrade = false;
  // Only for trying the updater from an unpackaged build (tests, development): packaged apps check anyway.
  updater.forceDevUpdateConfig = !app.isPackaged && process.env.CGB_UPDATER_UNPACKAGED === '1';
  updater.logger = {
    info: () => undefined, // our own lines say what matters
    warn: (m: unknown) => host.log('WARN', `updater: ${firstLine(m)}`),
    // Failures also arrive on 'error', which logs them: no second copy with a stack trace.
    error: () => undefined,
  };
  return updater;
}

function firstLine(message: unknown): string {
  return String(message).split('\n')[0] ?? '';
}
