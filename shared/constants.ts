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
export const WS_MAX_PAYLOAD = 64 * 1024;
export const WS_PING_INTERVAL_MS = 30_000;
export const WS_MAX_BUFFERED = 1024 * 1024;
export const WS_AUTH_TIMEOUT_MS = 10_000;
/** Close code sent when the auth message carries a bad token. */
export const WS_CLOSE_UNAUTHORIZED = 4401;

/** News (spec 000 §3, §9); text limits are ours (docs/decisions.md). */
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
