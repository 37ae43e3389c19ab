import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseAddress, Db } from './db/database.js';
import type { Clock } from './domain/clock.js';
import { Metrics } from './lib/metrics.js';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { RedisRateLimiter } from './lib/redis-rate-limiter.js';
import { redactUrl } from './lib/redact.js';
import { registerApiGate } from './plugins/api-gate.js';
import { isApiPath, registerEnvelope } from './plugins/envelope.js';
import { registerDurability } from './plugins/durability.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerOverloadShedding } from './plugins/overload.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStaticFiles } from './plugins/static-files.js';
import { registerArenaRoutes } from './routes/arena.routes.js';
import { registerAuthRoutes } from './routes/auth.routes.js';
import { registerCategoryRoutes } from './routes/categories.routes.js';
import { presentedDeviceSecret, registerDeviceCookie } from './routes/device.js';
import { registerIdentityRoutes } from './routes/identity.routes.js';
import { enforcePerMinute } from './routes/rate-limit.js';
import { registerLeaderboardRoutes } from './routes/leaderboard.routes.js';
import { registerModerationRoutes } from './routes/moderation.routes.js';
import { registerMultipart } from './routes/multipart.js';
import { registerPhotoPageRoutes } from './routes/photo-page.routes.js';
import { registerPhotoRoutes } from './routes/photos.routes.js';
import { registerPhotoNewsRoutes } from './routes/photo-news.routes.js';
import { registerShareRoutes } from './routes/share.routes.js';
import { registerSystemRoutes } from './routes/system.routes.js';
import type { AuthState } from './services/auth.service.js';
import { DeviceService } from './services/device.service.js';
import { createServices, serviceOptions, type Services } from './services/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
}

export const APP_VERSION = '0.1.0';

export interface AppDependencies {
  config: Config;
  db: Db;
  /** Resolves once the writes made so far are on disk (DatabaseHandle.durable). */
  durable: (since?: number) => Promise<void>;
  /** Where the writes made from now on belong (DatabaseHandle.epoch); absent: not tracked. */
  epoch?: () => number;
  /** After each chunk a refit writes (DatabaseHandle.settle). */
  settle?: () => Promise<number>;
  /** Where the refit's thread opens its own read connection (DatabaseHandle.address). */
  reader: DatabaseAddress;
  clock: Clock;
  hostTokenSecret: string;
  /** Where logs go; stdout when absent. Tests pass a stream to read them. */
  logStream?: { write(line: string): void };
  limiter?: RateLimiter;
  /** Randomness of pairing; tests pass a seeded generator. */
  rng?: () => number;
  /** What /metrics reports; a fresh set per app when absent. */
  metrics?: Metrics;
}

export interface App {
  server: FastifyInstance;
  services: Services;
  metrics: Metrics;
}

/** Builds the whole application without listening, so tests drive it through `inject`. */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, db, clock } = deps;
  const server = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: {
        paths: [
          'req.headers["access-token"]',
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-device-secret"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
  });

  const metrics = deps.metrics ?? new Metrics();
  const services = createServices(db, clock, {
    ...serviceOptions(config, deps.hostTokenSecret),
    ...(deps.rng ? { rng: deps.rng } : {}),
    ...(deps.settle ? { settle: deps.settle } : {}),
    reader: deps.reader,
    metrics,
  });
  const limiter =
    deps.limiter ??
    (config.redisUrl === null
      ? new MemoryRateLimiter(() => clock.now())
      : new RedisRateLimiter(
          config.redisUrl,
          () => clock.now(),
          (error) => {
            server.log.warn({ err: error }, 'rate limits: Redis unavailable, not counted');
          },
        ));
  server.addHook('onClose', () => limiter.close());
  const devices = new DeviceService(services.store, services.identity, limiter, clock, {
    newIdsPerHourIp: config.rateLimits.newIdsPerHourIp,
    fuelDailyCap: config.arena.fuelDailyCap,
    timeZone: config.leaderboardTimeZone,
  });
  server.addHook('onClose', () => services.close());

  registerEnvelope(server);
  registerApiGate(server, { limiter, apiPerMinute: config.rateLimits.apiPerMinute });
  registerMetrics(server, { metrics, token: config.metricsToken });
  registerOverloadShedding(server, config.overload);
  registerSecurityHeaders(server, config.frameAncestors);
  registerDeviceCookie(server);
  registerDurability(
    server,
    { durable: deps.durable, ...(deps.epoch ? { epoch: deps.epoch } : {}) },
    metrics,
  );
  await registerMultipart(server, services.uploads);

  // Set for every /api request by the preHandler below before any route runs.
  server.decorateRequest<AuthState | null>('auth', null);
  server.addHook('preHandler', async (request) => {
    // The gate (plugins/api-gate.ts) already refused any other spelling of an API route.
    if (!isApiPath(request.url) && !isApiPath(request.routeOptions.url ?? '')) return;
    await enforcePerMinute(limiter, `api:${request.ip}`, config.rateLimits.apiPerMinute);
    const header = request.headers['access-token'];
    request.auth = await services.auth.authenticate(Array.isArray(header) ? header[0] : header);
  });

  registerSystemRoutes(server, { health: services.health, version: APP_VERSION });
  registerCategoryRoutes(server, services.categories);
  registerAuthRoutes(server, {
    auth: services.auth,
    limiter,
    limits: config.rateLimits,
  });
  registerIdentityRoutes(server, {
    passkeys: services.passkeys,
    recoveryCodes: services.recoveryCodes,
    signInMethods: services.signInMethods,
    limiter,
    limits: config.rateLimits,
  });
  registerArenaRoutes(server, {
    arena: services.arena,
    stats: services.stats,
    devices,
    limiter,
    limits: config.rateLimits,
  });
  registerPhotoRoutes(server, {
    photos: services.photos,
    owners: services.photoOwners,
    accounts: services.accounts,
    devices,
    limiter,
    limits: config.rateLimits,
  });
  registerModerationRoutes(server, {
    moderation: services.moderation,
    devices,
    limiter,
    reportsPerHour: config.rateLimits.reportsPerHour,
  });
  registerLeaderboardRoutes(server, services.leaderboards);
  registerPhotoPageRoutes(server, services.photoPages);
  registerPhotoNewsRoutes(server, services.photoNews);
  registerShareRoutes(server, {
    shareCards: services.shareCards,
    limiter,
    limits: config.rateLimits,
  });
  await registerStaticFiles(server, {
    mediaDir: config.mediaDir,
    webDistDir: config.webDistDir,
    categories: () => services.categories.list(),
    firstScreen: (pathname, query, request) =>
      services.pageAnswers.firstScreen(pathname, query, () =>
        devices.holderOf(presentedDeviceSecret(request)),
      ),
    newcomerStats: () => services.stats.newcomerStats(),
  });

  return { server, services, metrics };
}
