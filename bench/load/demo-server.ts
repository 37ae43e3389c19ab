/**
 * The bundled server on a fresh data folder with demo photos, for the load benches: rate limits
 * per address raised (every request comes from 127.0.0.1, so they would count all phones as one),
 * the rest as configured by the caller.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleServer, KillableServer, type BundleEntry } from '../lib/server-process.js';

export const RAISED = '10000000';

export interface DemoServer {
  server: KillableServer;
  dataDir: string;
  hostSecret: string;
  /** Kills the server and removes its data folder. */
  close: () => Promise<void>;
}

export async function startDemoServer(options: {
  name: string;
  photosPerCategory: number;
  databaseUrl: string | null;
  env?: Record<string, string>;
  nodeArgs?: BundleEntry['nodeArgs'];
  /** A bundle built elsewhere (another checkout's `bench/dist/server/main.js`); default: this tree's. */
  bundle?: string;
  /**
   * Another instance to join: its data folder (media) and host secret, on the same database. The
   * joining instance seeds nothing and leaves the folder to the first.
   */
  join?: Pick<DemoServer, 'dataDir' | 'hostSecret'>;
}): Promise<DemoServer> {
  const dataDir =
    options.join?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `yanzhi-${options.name}-`));
  const hostSecret = options.join?.hostSecret ?? randomBytes(32).toString('hex');
  const bundle: BundleEntry = options.bundle
    ? { kind: 'bundle', file: options.bundle }
    : await bundleServer();
  const server = await KillableServer.create(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST_TOKEN_SECRET: hostSecret,
      SEED_DEMO: options.join ? '0' : '1',
      DEMO_PHOTOS_PER_CATEGORY: String(options.photosPerCategory),
      RATE_LIMIT_API_PER_MINUTE: RAISED,
      RATE_LIMIT_LOGIN_PER_MINUTE: RAISED,
      RATE_LIMIT_VOTES_PER_MINUTE_IP: RAISED,
      RATE_LIMIT_UPLOADS_PER_HOUR_IP: RAISED,
      RATE_LIMIT_NEW_IDS_PER_HOUR_IP: RAISED,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    path.join(os.tmpdir(), `yanzhi-${options.name}-${process.pid}.log`),
    options.nodeArgs ? { ...bundle, nodeArgs: options.nodeArgs } : bundle,
  );
  await server.start(600_000);
  return {
    server,
    dataDir,
    hostSecret,
    close: async () => {
      await server.close();
      if (!options.join) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
