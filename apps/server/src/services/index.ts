import type { ArenaSettings, Config } from '../config.js';
import type { DatabaseAddress, Db } from '../db/database.js';
import type { Clock } from '../domain/clock.js';
import { ratingParams, type RatingParams, type Rng } from '../domain/rating/index.js';
import { Metrics } from '../lib/metrics.js';
import { ImageProcessPool } from '../repositories/image-processes.js';
import { ImageRepository } from '../repositories/image.repository.js';
import { MediaRepository } from '../repositories/media.repository.js';
import { UploadStagingRepository } from '../repositories/upload-staging.repository.js';
import { ShareCardRenderer } from '../repositories/share-card.renderer.js';
import { refitStampKey } from '../repositories/settings.repository.js';
import { createStore, type Store } from '../repositories/store.js';
import type { UserRepository } from '../repositories/user.repository.js';
import { AccountService } from './account.service.js';
import { ArenaIndexes } from '../indexes/arena-indexes.js';
import { ArenaService } from './arena.service.js';
import { AuthService, type AuthSettings } from './auth.service.js';
import { CategoryService } from './category.service.js';
import { DemoService } from './demo.service.js';
import { HealthService } from './health.service.js';
import { IdentityService } from './identity.service.js';
import { ModerationService } from './moderation.service.js';
import { LeaderboardService } from './leaderboard.service.js';
import { PhotoNewsService } from './photo-news.service.js';
import { PhotoOwnerService } from './photo-owner.service.js';
import { PhotoPageService } from './photo-page.service.js';
import { PageAnswerService } from './page-answer.service.js';
import { PasskeyService } from './passkey.service.js';
import { PhotoService } from './photo.service.js';
import { RecoveryCodeService } from './recovery-code.service.js';
import { RefitService } from './refit.service.js';
import { ShareCardService } from './share-card.service.js';
import { SignInMethodsService } from './sign-in-methods.service.js';
import { StatsService } from './stats.service.js';
import { VoteService } from './vote.service.js';

export interface Services {
  arena: ArenaService;
  arenaIndexes: ArenaIndexes;
  stats: StatsService;
  refit: RefitService;
  auth: AuthService;
  health: HealthService;
  identity: IdentityService;
  categories: CategoryService;
  demo: DemoService;
  photos: PhotoService;
  photoOwners: PhotoOwnerService;
  photoPages: PhotoPageService;
  pageAnswers: PageAnswerService;
  photoNews: PhotoNewsService;
  moderation: ModerationService;
  accounts: AccountService;
  leaderboards: LeaderboardService;
  shareCards: ShareCardService;
  passkeys: PasskeyService;
  recoveryCodes: RecoveryCodeService;
  signInMethods: SignInMethodsService;
  /** The users repository, for the admin CLI's role changes. */
  users: UserRepository;
  /** The repositories on the app's database (the device check). */
  store: Store;
  /** Where a form's file part is staged as it streams in (routes/multipart.ts). */
  uploads: UploadStagingRepository;
  /** Stops what the services started (the image processes, the staging folder). */
  close(): Promise<void>;
}

export interface ServiceOptions extends AuthSettings {
  mediaDir: string;
  /** Where uploads wait, enciphered, for the image processes (ADR 0019, amended). */
  stagingDir: string;
  /** The image processes that decode uploads (ADR 0019). */
  images: { processes: number; nice: number };
  arena: ArenaSettings;
  timeZone: string;
  leaderboardCacheMs: number;
  reportHideThreshold: number;
  /** PUBLIC_URL: the base of links printed on share cards (null: see publicHosts). */
  publicUrl: string | null;
  /** PUBLIC_HOSTS: the hosts a request may arrive under and have links name. */
  publicHosts?: readonly string[];
  /** PASSKEY_RP_NAME: the site's name an authenticator shows. */
  passkeyRpName: string;
  /** Randomness of pairing; tests pass a seeded generator. */
  rng?: Rng;
  /** Where the services count votes, uploads, refits and board loads (the app's /metrics). */
  metrics?: Metrics;
  /** After each chunk a refit writes (DatabaseHandle.settle). */
  settle?: () => Promise<number>;
  /** Where the refit's thread reads a refit's input (DatabaseHandle.address, ADR 0029). */
  reader: DatabaseAddress;
}

/** The services' options from the validated configuration. */
export function serviceOptions(
  config: Config,
  hostTokenSecret: string,
): Omit<ServiceOptions, 'reader'> {
  return {
    hostTokenSecret,
    sessionTtlMs: config.sessionTtlMs,
    refreshTtlMs: config.refreshTtlMs,
    mediaDir: config.mediaDir,
    stagingDir: config.stagingDir,
    images: config.images,
    arena: config.arena,
    timeZone: config.leaderboardTimeZone,
    leaderboardCacheMs: config.leaderboardCacheMs,
    reportHideThreshold: config.reportHideThreshold,
    publicUrl: config.publicUrl,
    publicHosts: config.publicHosts,
    passkeyRpName: config.passkeyRpName,
  };
}

/** The engine's parameters from the configured arena settings. */
export function arenaRatingParams(settings: ArenaSettings): RatingParams {
  return ratingParams({
    goldShare: settings.goldShare,
    randomShare: settings.randomShare,
    boostShare: settings.boostShare,
    minDwellMs: settings.minDwellMs,
    sameSideShare: settings.sameSideShare,
    goldFailureRate: settings.goldFailureRate,
  });
}

/**
 * Wires repositories into services: the only place that builds a repository. Each service gets
 * the store typed to the repositories it uses, plus the file and image repositories it needs.
 */
export function createServices(db: Db, clock: Clock, options: ServiceOptions): Services {
  const store = createStore(db, options.settle);
  const metrics = options.metrics ?? new Metrics();
  const media = new MediaRepository(options.mediaDir);
  const images = new ImageProcessPool(options.images);
  const uploads = new UploadStagingRepository(options.stagingDir);
  const params = arenaRatingParams(options.arena);
  const indexes = new ArenaIndexes(store, params, {
    clock,
    stampKey: refitStampKey,
    intervalMs: options.leaderboardCacheMs,
  });
  const arenaSettings = { ...options.arena, timeZone: options.timeZone };
  const identity = new IdentityService(store);
  const auth = new AuthService(store, identity, clock, options);
  const leaderboards = new LeaderboardService(
    store,
    clock,
    { timeZone: options.timeZone, cacheMs: options.leaderboardCacheMs },
    metrics,
  );
  const categories = new CategoryService(store, clock);
  const photoPages = new PhotoPageService(store, leaderboards, indexes, params);
  const stats = new StatsService(store, identity, clock, arenaSettings);
  return {
    arenaIndexes: indexes,
    arena: new ArenaService(
      store,
      identity,
      new VoteService(store, indexes, params, arenaSettings),
      indexes,
      clock,
      options.rng ?? Math.random,
      params,
      arenaSettings,
      metrics,
    ),
    stats,
    refit: new RefitService(store, indexes, clock, params, options.timeZone, metrics, {
      fullEveryMs: options.arena.fullRefitMs,
      reader: options.reader,
    }),
    auth,
    health: new HealthService(store),
    identity,
    categories,
    demo: new DemoService(store, identity, media, new ImageRepository(), clock),
    photoOwners: new PhotoOwnerService(store, media, indexes, clock, params),
    photoPages,
    pageAnswers: new PageAnswerService(photoPages, leaderboards, categories, stats),
    accounts: new AccountService(store, media, indexes),
    moderation: new ModerationService(store, identity, indexes, clock, {
      hideThreshold: options.reportHideThreshold,
      reliabilityCutoff: options.arena.reliabilityCutoff,
    }),
    photos: new PhotoService(
      store,
      media,
      images,
      auth,
      identity,
      indexes,
      leaderboards,
      params,
      clock,
      metrics,
    ),
    leaderboards,
    photoNews: new PhotoNewsService(store, leaderboards, clock, options.timeZone),
    shareCards: new ShareCardService(
      store,
      media,
      images,
      new ShareCardRenderer(),
      leaderboards,
      auth,
      clock,
      { publicUrl: options.publicUrl, publicHosts: options.publicHosts ?? [] },
    ),
    passkeys: new PasskeyService(store, auth, clock, {
      rpName: options.passkeyRpName,
      publicUrl: options.publicUrl,
      publicHosts: options.publicHosts ?? [],
    }),
    recoveryCodes: new RecoveryCodeService(store, auth, clock),
    signInMethods: new SignInMethodsService(store),
    users: store.repos.users,
    store,
    uploads,
    close: async () => {
      await images.close();
      await uploads.close();
    },
  };
}
