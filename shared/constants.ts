/** Business constants of the spec (000 §9, 001 §9) and limits we chose (docs/decisions.md). */
export const PRODUCT_NAME = 'CG Bridge';
export const PRODUCT_TAGLINE = 'Real-time broadcast operations control';

export const NEWS_PAGE_SIZE = 20;
export const EQUIPMENT_PAGE_SIZE = 10;
export const BELL_MAX_ITEMS = 5;
export const BELL_BADGE_CAP = 99;
export const TOAST_DURATION_MS = 5000;
export const NEW_NOTIFICATION_TOAST_MS = 3000;
export const LIVE_REFRESH_DELAY_MS = 300;

export const DEFAULT_NEW_USER_ROLE = 'editor';

/** Text limits (the spec does not give any; chosen in docs/decisions.md). */
export const LIMITS = {
  username: { min: 3, max: 64 },
  password: { min: 8, max: 256 },
  fullName: { max: 120 },
  email: { max: 254 },
  companyName: { max: 120 },
  telegramId: { max: 32 },
} as const;

/** Sessions: idle and absolute expiry (docs/decisions.md). */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/** Login rate limit: this many failures per username+IP within the window → 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 60 * 1000;

/** Live channel. */
export const WS_PATH = '/ws';
/** The HTML overlay's read-only channel (issue 25, server/live/overlay-hub.ts). */
export const OVERLAY_WS_PATH = '/overlay-ws';
export const WS_MAX_PAYLOAD = 64 * 1024;
export const WS_PING_INTERVAL_MS = 30_000;
export const WS_MAX_BUFFERED = 1024 * 1024;
export const WS_AUTH_TIMEOUT_MS = 10_000;
/** Close code sent when the auth message carries a bad token. */
export const WS_CLOSE_UNAUTHORIZED = 4401;
/**
 * Close code for a socket whose user's role (or name) changed while it was open (issue 37): the
 * session still holds, so the client reconnects and is let in again as the user is now.
 */
export const WS_CLOSE_REJOIN = 4409;

/** News (docs/product.md §Data, §Limits); text limits are ours (docs/decisions.md). */
export const NEWS_STATUSES = ['draft', 'approved', 'published'] as const;
export const NEWS_PRIORITIES = ['normal', 'breaking', 'urgent'] as const;
export const NEWS_DEFAULT_CATEGORY = 'General';
export const NEWS_LIMITS = { title: 300, subtitle: 300, content: 50_000, category: 60 } as const;
/** The unpaged GET /api/news answers at most this many newest articles. */
export const NEWS_UNPAGED_MAX = 1000;
export const NEWS_MAX_PAGE_SIZE = 100;
/** Deleted news stays in the recycle bin this long. */
export const RECYCLE_BIN_RETENTION_MS = 2 * 60 * 60 * 1000;
/** Breaking-news notifications cover articles younger than this. */
export const BREAKING_NEWS_WINDOW_MS = 2 * 60 * 60 * 1000;
export const ACTIVITY_PAGE_SIZE = 100;

/** CG (docs/product.md §Data): the 13 file types, the control panel's bar types, the add-from-news subset. */
export const CG_TYPES = [
  'headline',
  'subheadline',
  'breakingnews',
  'emergency',
  'infoline',
  'programbar',
  'score1',
  'score2',
  'team1',
  'team2',
  'timer',
  'titlebar',
  'news_crawler',
] as const;
export const CG_BAR_TYPES = ['hashtag_bar', 'program_bar'] as const;
export const CG_WRITABLE_TYPES = [...CG_TYPES, ...CG_BAR_TYPES] as const;
export const CG_FROM_NEWS_TYPES = [
  'headline',
  'subheadline',
  'breakingnews',
  'emergency',
  'infoline',
  'programbar',
  'titlebar',
] as const;
export const CG_CONTENT_SOURCES = ['title', 'subtitle', 'both', 'content', 'custom'] as const;
/** Longest CG text we accept (a crawler of 500 headlines × 500 chars fits). */
export const CG_CONTENT_MAX = 300_000;
export const CG_FILE_NAME_MAX = 120;
export const DEFAULT_CG_OUTPUT_PATH = './cg_output';
/** Headline editor defaults (docs/product.md §States). */
export const DEFAULT_HASHTAG_TEXT = '#Breaking #News';
export const DEFAULT_PROGRAM_LABEL = 'Live Program';
export const BREAKING_FORMAT_HEADLINE = 'BREAKING NEWS';
/** How long a CG file replace may retry while a graphics program holds the file (Windows). */
export const CG_WRITE_RETRY_BUDGET_MS = 1000;

/**
 * Idempotency-Key (docs/design-rules.md §4): how long a key's first answer is kept, and the bounds of that
 * memory (oldest answers are dropped first when either is passed).
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
export const IDEMPOTENCY_TTL_MS = 10 * 60 * 1000;
export const IDEMPOTENCY_MAX_KEYS = 20_000;
export const IDEMPOTENCY_MAX_BYTES = 32 * 1024 * 1024;

/** API keys (docs/product.md §Data). */
/**
 * Stream Deck / Companion control scopes (issue 25), one per kind of button, so a key on a shared
 * panel can be limited to what its buttons do. 'control.take' joins this list with the take route.
 */
export const CONTROL_SCOPES = [
  'control.take',
  'control.clear',
  'control.crawler',
  'control.emergency',
  'control.state',
] as const;
export const API_KEY_PERMISSIONS = ['cg_files', 'equipment', 'news', ...CONTROL_SCOPES] as const;
/** An API key's lastUsed is recorded at most this often (sync is polled several times a second). */
export const API_KEY_LAST_USED_RESOLUTION_MS = 60_000;

/** News crawler (ticker): limits are ours (docs/decisions.md); timings are the spec's (000 §9). */
export const CRAWLER_MAX_HEADLINES = 500;
export const CRAWLER_HEADLINE_MAX = 500;
export const CRAWLER_REFETCH_MS = 5000;
export const CRAWLER_ROTATION_MS = 60_000;
export const CRAWLER_FADE_MS = 300;

/** Bulletins (docs/product.md §Data, §Limits). */
export const BULLETIN_STATUSES = [
  'draft',
  'ready',
  'published',
  'breaking',
  'local_break',
  'live',
  'archived',
] as const;
/** A bulletin in one of these is on air now: taking back a story it uses asks first (issue 26). */
export const ON_AIR_BULLETIN_STATUSES = ['live', 'breaking', 'local_break'] as const;
/** Why a story is sent back to its writer (issue 26). */
export const NEWS_RETURN_REASON_MAX = 500;
export const BULLETIN_ITEM_TYPES = ['news', 'break', 'headline'] as const;
export const BULLETIN_BREAK_TYPES = ['LOCAL BREAK', 'BUSINESS BREAK', 'SPORTS BREAK', 'LUI HABARU'] as const;
export const BULLETIN_DEFAULT_DURATION = 30;
export const BULLETIN_LABEL_CHARS = 30;
/** Our limits (docs/decisions.md, issue 11): text lengths, items per bulletin, slot and item lengths. */
export const BULLETIN_LIMITS = {
  title: 200,
  broadcastTime: 20,
  items: 200,
  durationMinutes: 24 * 60,
  itemSeconds: 6 * 3600,
} as const;
/** Running time: a break defaults to 2 minutes, a headline slot to 30 s; news is read at 3 words/s (180 wpm). */
export const BULLETIN_BREAK_DEFAULT_SECONDS = 120;
export const BULLETIN_HEADLINE_DEFAULT_SECONDS = 30;
export const BULLETIN_READING_WORDS_PER_SECOND = 3;
export const BULLETIN_NEWS_MIN_SECONDS = 10;
/** CG preview (docs/product.md §States, §Limits). */
export const BULLETIN_AUTOPLAY_MS = 5000;
export const CG_PREVIEW_TYPES = [
  'headline',
  'subheadline',
  'breakingnews',
  'emergency',
  'infoline',
  'programbar',
  'titlebar',
] as const;

/** Settings (docs/product.md §Data, §Limits); the lengths are ours (docs/decisions.md). */
export const SETTINGS_LIMITS = { cgOutputPath: 500, secret: 512, telegramId: 32 } as const;
/** Company reminder interval in minutes (docs/product.md §Data: default 240; the wizard's range 30–1440). */
export const TELEGRAM_REMINDER_INTERVAL = { default: 240, min: 30, max: 1440 } as const;

/** App version uploads (docs/product.md §Limits): 500 MB, installers and archives only. */
export const APP_VERSION_MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
export const APP_VERSION_FILE_TYPES = ['.exe', '.msi', '.zip'] as const;
export const APP_VERSION_LIMITS = { version: 50, releaseNotes: 10_000, fileName: 255, url: 2000 } as const;

/** Prompter (docs/product.md §Data, §Validation, §Limits); the text and position limits are ours (docs/decisions.md). */
export const PROMPTER_STATUSES = ['active', 'inactive', 'archived'] as const;
export const PROMPTER_CREATE_FONTS = ['Arial', 'Times New Roman', 'Courier New', 'Georgia', 'Verdana'] as const;
/** Settings and edit add Helvetica (docs/product.md §Validation). */
export const PROMPTER_FONTS = [...PROMPTER_CREATE_FONTS, 'Helvetica'] as const;
export const PROMPTER_DEFAULTS = {
  /**
   * Issue 38: a talent monitor's size (the spec's 16 px read as small print at 2–3 m; real
   * prompters read at 60–120 px). Stored rows keep their own size; migration 0005's column
   * DEFAULT stays 16 (every insert names the size). docs/decisions.md "Issue 38 — prompter".
   */
  fontSize: 72,
  fontFamily: 'Arial',
  backgroundColor: '#000000',
  textColor: '#ffffff',
  scrollSpeed: 50,
  /** The edit form's speed when none is set (docs/product.md §Limits "Edit default speed 100"). */
  editScrollSpeed: 100,
  isAutoScroll: false,
  status: 'active',
  currentPosition: 0,
  lineSpacing: 1.5,
  marginTop: 20,
  marginBottom: 20,
  isHighContrast: false,
  highlightColors: { emphasize: 'red', readSlow: 'yellow', important: 'green' },
  isLockMode: false,
  lockPosition: 0,
  enableLiveEditing: false,
  isManualScroll: true,
} as const;
/** Create: font 12–200 (spec 12–48; issue 38 reads at 60–120+), speed 10–200 step 10 (the form starts at 30, the reader's floor). */
export const PROMPTER_CREATE_RANGES = {
  fontSize: { min: 12, max: 200 },
  scrollSpeed: { min: 10, max: 200, step: 10 },
} as const;
/** Settings/edit: font 10–200 (spec 10–100, issue 38), speed 30–300 ms (lower is faster). */
export const PROMPTER_EDIT_RANGES = { fontSize: { min: 10, max: 200 }, scrollSpeed: { min: 30, max: 300 } } as const;
export const PROMPTER_SPEED_STEP = 20;
export const PROMPTER_MANUAL_SCROLL_STEP_PX = 100;
export const PROMPTER_CONTENT_REFETCH_MS = 30_000;
export const PROMPTER_PANEL_HEIGHT_PX = 700;
export const PROMPTER_WHEEL_MULTIPLIER = 2;
export const PROMPTER_LIMITS = {
  name: 120,
  lineSpacing: { min: 0.5, max: 5 },
  margin: 2000,
  position: 100_000_000,
  selectedBulletins: 50,
  sessionActions: 500,
} as const;
/** Break items read on air as a short section, e.g. "— LOCAL BREAK —". */
export const PROMPTER_BREAK_TITLE = (breakType: string) => `— ${breakType} —`;
/** Follower screens: position updates a socket may send per second (the operator sends ≤ 10). */
export const PROMPTER_POSITION_PER_SECOND = 20;
export const PROMPTER_COMMANDS = ['play', 'pause', 'speed_up', 'speed_down', 'next', 'previous'] as const;
/**
 * Reader pace: the spec's speed is "milliseconds, lower is faster" (a legacy interval per step);
 * the reader moves PROMPTER_PX_PER_STEP pixels per `speed` ms, by elapsed time, not per frame:
 * speed 100 → 20 px/s, 30 → 67 px/s, 300 → 6.7 px/s.
 */
export const PROMPTER_PX_PER_STEP = 2;
/** The reading line sits this far down the screen (the talent reads there, not at the top edge). */
export const PROMPTER_READING_LINE = 0.3;
/** The operator publishes its position to follower screens this often while the script moves. */
export const PROMPTER_PUBLISH_INTERVAL_MS = 100;

/* Equipment (docs/product.md §Data–§5, §9; issue 12). */
export const EQUIPMENT_CONDITIONS = ['excellent', 'good', 'fair', 'poor'] as const;
/** Schema values and the selector's values are both given by the spec (§4); we accept their union. */
export const EQUIPMENT_STATUSES = [
  'available',
  'in_use',
  'maintenance',
  'out_of_stock',
  'checked_out',
  'out_of_service',
] as const;
/** What the status selector offers (docs/product.md §Screens and routes). */
export const EQUIPMENT_SELECTOR_STATUSES = ['available', 'checked_out', 'maintenance', 'out_of_service'] as const;
/** Statuses a person sets that stop loans: Check Out is refused while one of these holds. */
export const EQUIPMENT_UNLOANABLE_STATUSES = ['maintenance', 'out_of_service'] as const;
export const EQUIPMENT_REQUEST_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'out',
  'returned',
  'return_requested',
  'extension_pending',
] as const;
export const EXTENSION_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export const EQUIPMENT_ACTIVITY_TYPES = [
  'telegram_request',
  'telegram_approval',
  'telegram_return',
  'web_request',
  'web_approval',
] as const;
export const EQUIPMENT_REQUEST_SOURCES = ['web', 'mobile', 'telegram'] as const;
export const EQUIPMENT_ALERT_KINDS = ['overdue', 'before_due', 'after_due', 'low_stock', 'manual'] as const;
/** CSV defaults for empty values (docs/product.md §Validation, §Limits). */
export const EQUIPMENT_CSV_DEFAULTS = {
  status: 'available',
  category: 'General',
  condition: 'good',
  quantity: 1,
} as const;
export const EQUIPMENT_CSV_COLUMNS = [
  'name',
  'code',
  'description',
  'location',
  'status',
  'category',
  'condition',
  'quantity',
] as const;
export const EQUIPMENT_CSV_REQUIRED = ['code', 'name', 'location'] as const;
export const EQUIPMENT_CSV_TEMPLATE_ROWS = 5;
export const EQUIPMENT_LIMITS = {
  name: 200,
  code: 64,
  description: 2000,
  location: 200,
  category: 100,
  purpose: 1000,
  notes: 2000,
  quantity: 100_000,
  /** Rows one bulk upload may carry (the benchmark imports 10 000 in ≤ 2 s). */
  bulkRows: 20_000,
  /** Bytes of JSON the bulk endpoint accepts (20 000 rows of CSV fields). */
  bulkBodyBytes: 16 * 1024 * 1024,
} as const;
/** A request without an expected return date is due this long after it is made (decision). */
export const EQUIPMENT_DEFAULT_LOAN_HOURS = 24;
/** Spec 001 §3 preference defaults (minutes): remind before due, and after due. */
export const EQUIPMENT_REMINDER_DEFAULTS = { beforeDueMinutes: 60, afterDueMinutes: 30 } as const;
/** Bulk upload error toast: the first 3 errors then 'and N more...' (docs/product.md §Error texts). */
export const EQUIPMENT_BULK_TOAST_ERRORS = 3;

/** Per-user notification preferences (docs/product.md §Data, §Validation, §Limits). */
export const NOTIFICATION_PREFERENCE_LIMITS = {
  reminderInterval: { default: 120, min: 30, max: 1440 },
  lowStockThreshold: { default: 5, min: 1, max: 50 },
  /** Minutes before / after due for reminders (docs/product.md §Limits: 60 and 30). */
  reminderMinutes: { min: 0, max: 1440 },
  quietHours: { startTime: '22:00', endTime: '06:00', timezone: 'UTC' },
} as const;

/** The wizard's time-zone choices (docs/product.md §Validation) with their labels; IANA names are what is stored. */
export const NOTIFICATION_TIMEZONES = [
  { value: 'UTC', label: 'UTC' },
  { value: 'America/New_York', label: 'Eastern (America/New_York)' },
  { value: 'America/Los_Angeles', label: 'Pacific (America/Los_Angeles)' },
  { value: 'Europe/London', label: 'GMT (Europe/London)' },
  { value: 'Asia/Tokyo', label: 'Japan (Asia/Tokyo)' },
] as const;

export const NOTIFICATION_WIZARD_STEPS = [
  'News Notifications',
  'Equipment Alerts',
  'System Notifications',
  'Schedule Preferences',
  'Review & Save',
] as const;
export const TELEGRAM_ON_AIR_MAX_AGE_S = 60;
