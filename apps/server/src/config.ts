import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_FUEL_DAILY_CAP, DEFAULT_FUEL_PER_VOTE, type FuelRules } from './domain/fuel.js';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

function positiveInt(max: number) {
  return z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));
}

function share() {
  return z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a fraction between 0 and 1')
    .transform(Number);
}

/** An absolute http(s) URL without query or fragment, such as https://arena.example/app. */
function isPublicBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      !value.includes('?') &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

/** One `host[:port]` name as a browser sends it in Host: a DNS name, IPv4, or [IPv6]. */
const HOST_NAME =
  /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(:\d{1,5})?$/i;

/** `PUBLIC_HOSTS`: host[:port] names, comma separated, compared as URL hosts (lower case). */
function parseHosts(raw: string): string[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => new URL(`http://${entry}`).host);
}

function isHostList(raw: string): boolean {
  const entries = raw.split(',').map((entry) => entry.trim());
  return entries.every((entry) => entry === '' || HOST_NAME.test(entry));
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every environment variable the server reads, with its default. Documented in the README. */
const envSchema = z.object({
  PORT: positiveInt(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL (leave it unset for one instance)')
    .optional(),
  SEED_DEMO: booleanFlag.optional(),
  DEMO_PHOTOS_PER_CATEGORY: positiveInt(500).default(24),
  CATEGORIES: z.string().min(1).optional(),
  TZ_LEADERBOARD: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai')
    .default('Asia/Shanghai'),
  LEADERBOARD_CACHE_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .pipe(z.number().int().max(60))
    .default(2),
  HOST_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: positiveInt(24 * 365).default(24 * 7),
  REFRESH_TTL_DAYS: positiveInt(3650).default(90),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  FRAME_ANCESTORS: z
    .string()
    .regex(/^[\w\s'*:/.-]+$/, "must be a CSP source list such as 'self' https://host.example")
    .default("'self'"),
  BODY_LIMIT_BYTES: positiveInt(10 * 1024 * 1024).default(64 * 1024),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z
    .string()
    .refine(isPublicBaseUrl, 'must be an http(s) URL without query, such as https://arena.example')
    .optional(),
  PUBLIC_HOSTS: z
    .string()
    .refine(
      isHostList,
      'must be host[:port] names separated by commas, such as arena.example,192.168.1.5:8080',
    )
    .optional(),
  RATE_LIMIT_SHARE_CARDS_PER_HOUR: positiveInt(10_000_000).default(30),
  RATE_LIMIT_API_PER_MINUTE: positiveInt(10_000_000).default(1200),
  RATE_LIMIT_LOGIN_PER_MINUTE: positiveInt(10_000_000).default(20),
  RATE_LIMIT_REFRESH_PER_MINUTE: positiveInt(10_000_000).default(30),
  RATE_LIMIT_PAIRS_PER_MINUTE: positiveInt(10_000_000).default(120),
  RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: positiveInt(10_000_000).default(60),
  RATE_LIMIT_VOTES_PER_MINUTE_USER: positiveInt(10_000_000).default(60),
  RATE_LIMIT_VOTES_PER_MINUTE_IP: positiveInt(10_000_000).default(300),
  RATE_LIMIT_UPLOADS_PER_HOUR_USER: positiveInt(10_000_000).default(20),
  RATE_LIMIT_UPLOADS_PER_HOUR_IP: positiveInt(10_000_000).default(60),
  RATE_LIMIT_NEW_IDS_PER_HOUR_IP: positiveInt(10_000_000).default(400),
  RATE_LIMIT_RECOVERY_PER_HOUR_IP: positiveInt(10_000_000).default(10),
  PASSKEY_RP_NAME: z.string().trim().min(1).max(64).default('颜值竞技场'),
  ARENA_REFIT_SECONDS: positiveInt(86_400).default(180),
  ARENA_FULL_REFIT_HOURS: positiveInt(24 * 365).default(24),
  ARENA_PAIR_TTL_SECONDS: positiveInt(86_400).default(600),
  ARENA_MIN_DWELL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .default(400),
  ARENA_GOLD_SHARE: share().default(0.05),
  ARENA_RANDOM_SHARE: share().default(0.15),
  ARENA_BOOST_SHARE: share().default(0.2),
  ARENA_SAME_SIDE_SHARE: share().default(0.9),
  ARENA_GOLD_FAILURE_RATE: share().default(0.5),
  ARENA_RELIABILITY_CUTOFF: share().default(0.25),
  FUEL_PER_VOTE: positiveInt(1000).default(DEFAULT_FUEL_PER_VOTE),
  FUEL_DAILY_CAP: positiveInt(1_000_000).default(DEFAULT_FUEL_DAILY_CAP),
  REPORT_HIDE_THRESHOLD: positiveInt(1000).default(3),
  UPLOAD_ORPHAN_GRACE_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .default(600),
  RATE_LIMIT_REPORTS_PER_HOUR: positiveInt(10_000_000).default(20),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces')
    .optional(),
  SHUTDOWN_GRACE_SECONDS: positiveInt(3600).default(10),
  OVERLOAD_LAG_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds (0 turns the check off)')
    .transform(Number)
    .default(100),
  OVERLOAD_MAX_IN_FLIGHT: positiveInt(1_000_000).default(1000),
  /**
   * Default: one per core, at most two. They run niced, so they take no CPU the server wants; two
   * let a burst of uploads use both cores of a small box (ADR 0019, amended).
   */
  IMAGE_PROCESSES: positiveInt(64).default(() => Math.min(2, os.availableParallelism())),
  IMAGE_NICE: z
    .string()
    .regex(/^(1?\d)$/, 'must be a niceness from 0 to 19')
    .transform(Number)
    .default(10),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  /** Uploads waiting for an image process, enciphered (ADR 0019, amended). */
  stagingDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** Shared rate limits for several instances; null: counted in this process. */
  redisUrl: string | null;
  /** undefined: seed demo data only into a new empty database. */
  seedDemo: boolean | undefined;
  demoPhotosPerCategory: number;
  /** `slug:中文名:English name` entries, comma separated; undefined keeps the stored list. */
  categories: CategorySetting[] | undefined;
  leaderboardTimeZone: string;
  /** How stale a running leaderboard may be before a read looks for changes. */
  leaderboardCacheMs: number;
  hostTokenSecret: string | undefined;
  sessionTtlMs: number;
  refreshTtlMs: number;
  logLevel: z.output<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  frameAncestors: string;
  bodyLimitBytes: number;
  webDistDir: string;
  /** The app's public address for links printed on share cards; null: see publicHosts. */
  publicUrl: string | null;
  /**
   * Host[:port] names a request may arrive under and have its share links name (PUBLIC_HOSTS);
   * empty: none listed (ADR 0009).
   */
  publicHosts: string[];
  rateLimits: {
    apiPerMinute: number;
    loginPerMinute: number;
    refreshPerMinute: number;
    pairsPerMinute: number;
    votesPerMinuteDevice: number;
    votesPerMinuteUser: number;
    votesPerMinuteIp: number;
    uploadsPerHourUser: number;
    uploadsPerHourIp: number;
    reportsPerHour: number;
    shareCardsPerHourUser: number;
    /** New anonymous ids bound per address and hour (ADR 0022). */
    newIdsPerHourIp: number;
    /** Recovery-code sign-in attempts per address and hour, counted on every try (ADR 0026). */
    recoveryPerHourIp: number;
  };
  /** The site's name an authenticator shows beside a passkey (ADR 0026). */
  passkeyRpName: string;
  arena: ArenaSettings;
  /** Neighbourhoods of reporters with standing that hide a little-seen photo (ADR 0023). */
  reportHideThreshold: number;
  /** Media files younger than this are never swept (an upload may be on its way to its row). */
  orphanGraceMs: number;
  /** Bearer token that reads /metrics; null: loopback only. */
  metricsToken: string | null;
  /** How long a stopping server lets in-flight requests and a running refit finish. */
  shutdownGraceMs: number;
  /** When API requests are shed with 50300 (ADR 0016). */
  overload: { lagMs: number; maxInFlight: number };
  /** The image processes that decode uploads, and their niceness (ADR 0019). */
  images: { processes: number; nice: number };
}

/** The arena's rules and anti-abuse thresholds (README: configuration). */
export interface ArenaSettings extends FuelRules {
  refitSeconds: number;
  /** The periodic refit is a full one when the last full one is this old (ADR 0029). */
  fullRefitMs: number;
  pairTtlMs: number;
  minDwellMs: number;
  goldShare: number;
  randomShare: number;
  boostShare: number;
  sameSideShare: number;
  goldFailureRate: number;
}

export interface CategorySetting {
  slug: string;
  name: string;
  name_en: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const categoryEntry = /^([a-z0-9-]{1,32}):([^:,]{1,32}):([^:,]{1,48})$/;

function parseCategories(raw: string): CategorySetting[] {
  const entries = raw.split(',').map((entry) => entry.trim());
  return entries.map((entry) => {
    const match = categoryEntry.exec(entry);
    if (!match?.[1] || !match[2] || !match[3]) {
      throw new ConfigError(
        `Invalid configuration: CATEGORIES entry "${entry}" must look like slug:中文名:English name`,
      );
    }
    return { slug: match[1], name: match[2].trim(), name_en: match[3].trim() };
  });
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Reads and validates the environment; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name} ${issue.message} (got ${JSON.stringify(env[name] ?? null)})`;
    });
    throw new ConfigError(`Invalid configuration: ${messages.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    stagingDir: path.join(dataDir, 'staging'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'yanzhi.db') },
    redisUrl: e.REDIS_URL ?? null,
    seedDemo: e.SEED_DEMO,
    demoPhotosPerCategory: e.DEMO_PHOTOS_PER_CATEGORY,
    categories: e.CATEGORIES === undefined ? undefined : parseCategories(e.CATEGORIES),
    leaderboardTimeZone: e.TZ_LEADERBOARD,
    leaderboardCacheMs: e.LEADERBOARD_CACHE_SECONDS * 1000,
    hostTokenSecret: e.HOST_TOKEN_SECRET,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    refreshTtlMs: e.REFRESH_TTL_DAYS * 86_400_000,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    frameAncestors: e.FRAME_ANCESTORS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    publicUrl: e.PUBLIC_URL === undefined ? null : e.PUBLIC_URL.replace(/\/+$/, ''),
    publicHosts: e.PUBLIC_HOSTS === undefined ? [] : parseHosts(e.PUBLIC_HOSTS),
    rateLimits: {
      apiPerMinute: e.RATE_LIMIT_API_PER_MINUTE,
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      refreshPerMinute: e.RATE_LIMIT_REFRESH_PER_MINUTE,
      pairsPerMinute: e.RATE_LIMIT_PAIRS_PER_MINUTE,
      votesPerMinuteDevice: e.RATE_LIMIT_VOTES_PER_MINUTE_DEVICE,
      votesPerMinuteUser: e.RATE_LIMIT_VOTES_PER_MINUTE_USER,
      votesPerMinuteIp: e.RATE_LIMIT_VOTES_PER_MINUTE_IP,
      uploadsPerHourUser: e.RATE_LIMIT_UPLOADS_PER_HOUR_USER,
      uploadsPerHourIp: e.RATE_LIMIT_UPLOADS_PER_HOUR_IP,
      reportsPerHour: e.RATE_LIMIT_REPORTS_PER_HOUR,
      shareCardsPerHourUser: e.RATE_LIMIT_SHARE_CARDS_PER_HOUR,
      newIdsPerHourIp: e.RATE_LIMIT_NEW_IDS_PER_HOUR_IP,
      recoveryPerHourIp: e.RATE_LIMIT_RECOVERY_PER_HOUR_IP,
    },
    passkeyRpName: e.PASSKEY_RP_NAME,
    reportHideThreshold: e.REPORT_HIDE_THRESHOLD,
    orphanGraceMs: e.UPLOAD_ORPHAN_GRACE_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    overload: { lagMs: e.OVERLOAD_LAG_MS, maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT },
    images: { processes: e.IMAGE_PROCESSES, nice: e.IMAGE_NICE },
    arena: {
      refitSeconds: e.ARENA_REFIT_SECONDS,
      fullRefitMs: e.ARENA_FULL_REFIT_HOURS * 3_600_000,
      pairTtlMs: e.ARENA_PAIR_TTL_SECONDS * 1000,
      minDwellMs: e.ARENA_MIN_DWELL_MS,
      goldShare: e.ARENA_GOLD_SHARE,
      randomShare: e.ARENA_RANDOM_SHARE,
      boostShare: e.ARENA_BOOST_SHARE,
      sameSideShare: e.ARENA_SAME_SIDE_SHARE,
      goldFailureRate: e.ARENA_GOLD_FAILURE_RATE,
      reliabilityCutoff: e.ARENA_RELIABILITY_CUTOFF,
      fuelPerVote: e.FUEL_PER_VOTE,
      fuelDailyCap: e.FUEL_DAILY_CAP,
    },
  };
}
