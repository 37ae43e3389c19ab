/** Shared constants of spec §9 and the client identity rules of spec §3 and §7. */

export const REQUEST_TIMEOUT_MS = 15_000;

export const LEADERBOARD_DEFAULT_PAGE = 1;
export const LEADERBOARD_DEFAULT_PAGE_SIZE = 20;
export const LEADERBOARD_MAX_PAGE_SIZE = 100;
export const MY_PHOTOS_DEFAULT_PAGE_SIZE = 20;

/** Leaderboard periods in display order (日榜 · 周榜 · 月榜 · 总榜) and the aliases accepted. */
export const PERIOD_TYPES = ['day', 'week', 'month', 'all'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
/**
 * The earliest `period_date` any board accepts (DESIGN §8): no product had photos before. The
 * server also refuses days before its first photo's period and after tomorrow in its zone.
 */
export const PERIOD_DATE_EARLIEST = '2000-01-01';
export const PERIOD_TYPE_ALIASES = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  total: 'all',
} as const;

/**
 * The stored sizes of a photo (3:4 frames, WebP). `display` fits a phone screen at 2-3x, `medium`
 * an arena frame at about 2x (a 412 px wide phone at 1.75x needs 400 px), `thumb` a list cell.
 * The web builds `srcset` from these widths, so they change only with the server's pipeline.
 */
export const PHOTO_VARIANT_SIZES = {
  display: { width: 720, height: 960 },
  medium: { width: 480, height: 640 },
  thumb: { width: 240, height: 320 },
} as const;

/**
 * The element in which the server writes the active categories into each page's HTML
 * (a JSON script, never run), so the first screen does not wait for get_categories.
 */
export const CATEGORIES_ELEMENT_ID = 'yanzhi-categories';

export const DEFAULT_FUEL = 50;
export const DEFAULT_RANK = 123;
export const DEFAULT_RATING = 5;

/** Scores travel in hundredths on 1.00-10.00 (spec §3: rating = current_score / 100). */
export const SCORE_MIN = 100;
export const SCORE_MAX = 1000;
export const SCORE_INITIAL = 550;

export const ONBOARDING_VOTES_TO_UNLOCK = 10;

/**
 * Boosted exposures one can buy at once, and their price in fuel (DESIGN §6). Here, not beside
 * the boost schemas: a module with zod schemas brings zod into any web chunk that imports it.
 */
export const BOOST_PACKAGES = [10, 30, 100] as const;
export const FUEL_PER_BOOSTED_EXPOSURE = 1;

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Toast durations in milliseconds (spec §9). */
export const TOAST_DURATION_MS = {
  default: 3000,
  success: 2000,
  error: 4000,
  info: 3000,
  warning: 3000,
  score: 3000,
  achievement: 5000,
  fuel: 2000,
} as const;

/** Default toast titles (spec §8), given by the spec in Chinese. */
export const DEFAULT_TOAST_TITLES: Readonly<Record<ToastType, string>> = {
  success: '成功',
  error: '错误',
  info: '提示',
  warning: '警告',
};

export const DEFAULT_APP_VERSION = '6.67.7';
export const PACKAGE_ID = 'web';
export const UMENG_CHANNEL = 'web';
export const PLAN_TYPE = 'H5';
export const ENVIRONMENT_MODE = 'production';

export const DEVICE_ID_PREFIX = 'web-';
export const SESSION_ID_PREFIX = 'X_';

/** Request headers every call carries (spec §7), lower-case as they travel. */
export const REQUEST_HEADERS = {
  contentType: 'content-type',
  planType: 'plantype',
  version: 'version',
  packageId: 'packageid',
  umengChannel: 'umengchannel',
  deviceBrand: 'device-brand',
  deviceModel: 'device-model',
  deviceId: 'device-id',
  accessToken: 'access-token',
  sessionId: 'x-session-id',
} as const;

/**
 * The device secret (ADR 0022): the server binds each anonymous id to a secret it issues on
 * first sight, in an HttpOnly cookie browsers carry by themselves; clients without cookies may
 * send it in the header instead. The spec's client (§7) needs to know nothing of it.
 */
export const DEVICE_SECRET_COOKIE = 'yz_device';
export const DEVICE_SECRET_HEADER = 'x-device-secret';

/** Query parameters captured on any route (spec §2). */
export const QUERY_PARAMS = {
  accessToken: 'access-token',
  tokenId: 'tokenId',
  version: 'version',
  deviceId: 'device-id',
} as const;

/** Report defaults of spec §5. */
export const REPORT_DEFAULT_USER_ID = '1';
export const REPORT_DEFAULT_NOTES = '';

/** Keys of the client's local storage (spec §3 "device identity kept locally"). */
export const CLIENT_STORAGE_KEYS = {
  deviceId: 'deviceId',
  sessionId: 'sessionId',
  token: 'token',
  version: 'version',
  userInfo: 'userInfo',
  refreshToken: 'refreshToken',
  language: 'language',
  /** The UI language the native host asked for (a `lang` / `locale` address parameter). */
  hostLanguage: 'hostLanguage',
} as const;

/**
 * Host-signed tokens (DESIGN §4): `h1.<payload>.<signature>` where payload is base64url JSON
 * `{ sub, name?, exp }` (sub: the host's user id, exp: unix seconds) and signature is the
 * base64url HMAC-SHA256 of `h1.<payload>` under the shared HOST_TOKEN_SECRET.
 */
export const HOST_TOKEN_PREFIX = 'h1';

/** Report reasons, a fixed list shown in the UI (the labels live in the web app's catalogue). */
export const REPORT_REASONS = [
  'not_real_person',
  'sexual_content',
  'minor',
  'violence_or_hate',
  'spam_or_ads',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * What an upload may be (DESIGN §7, ADR 0008), defined once: the server enforces these (the
 * multipart parser's byte limit, the byte sniffer's formats, the decode's pixel limit, the short
 * side) and the web app checks and shows them before sending.
 */
export const UPLOAD_LIMITS = {
  /** Bytes of the file part. */
  maxBytes: 10 * 1024 * 1024,
  /** Width × height of the decoded image. */
  maxPixels: 40_000_000,
  /** The shorter side, in pixels. */
  minShortSide: 256,
  /** The formats taken, by the name the sniffer gives them. */
  formats: ['jpeg', 'png', 'webp'],
  /** The same formats as media types, for a file input's `accept`. */
  mediaTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
export type UploadFormat = (typeof UPLOAD_LIMITS.formats)[number];

/** The most passkeys one account keeps (ADR 0026); one more is refused with 40907. */
export const PASSKEY_LIMIT = 10;
