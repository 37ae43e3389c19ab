import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@yanzhi/dev-support';
import { E2E_HOST_SECRET } from './server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the built server (`npm run build` ran before) on a free port with a fresh data folder
 * and a few demo photos; the tests find it through E2E_BASE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-e2e-'));
  const logFile = path.join(root, 'e2e', 'artifacts', 'server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const server = await startServer({
    args: [path.join(root, 'apps/server/dist/main.js')],
    cwd: root,
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      DEMO_PHOTOS_PER_CATEGORY: '6',
      HOST_TOKEN_SECRET: E2E_HOST_SECRET,
      // Every recovery-code sign-in of the suite comes from loopback, right or wrong, and counts
      // against one hourly allowance (default 10): the journeys, the screenshots and a retry
      // would come close. The limit itself is tested over HTTP (apps/server/test/http).
      RATE_LIMIT_RECOVERY_PER_HOUR_IP: '60',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', log, log],
    timeoutMs: 90_000,
    intervalMs: 200,
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await server.stop(500);
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
