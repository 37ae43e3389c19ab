/** Servers under test run in their own process, so the load generator does not share their CPU. */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@yanzhi/dev-support';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Child {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts a TypeScript entry point under tsx with the given environment and waits for /healthz.
 * `nodeArgs` go to node itself (e.g. `--cpu-prof`, which NODE_OPTIONS refuses).
 */
export async function startChild(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 180_000,
  nodeArgs: readonly string[] = [],
): Promise<Child> {
  const server = await startServer({
    args: [...nodeArgs, '--import', 'tsx', '--conditions=source', path.join(repoRoot, entry)],
    env,
    cwd: repoRoot,
    timeoutMs,
    intervalMs: 200,
  });
  return {
    url: server.url,
    process: server.child,
    // A short grace: the benchmarks' servers hold nothing worth a clean shutdown.
    stop: () => server.stop(300),
  };
}

/** The real server with a fresh data folder and every rate limit raised out of the way. */
export async function startYanzhi(
  env: Record<string, string>,
): Promise<Child & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-bench-'));
  const unlimited = '10000000';
  const child = await startChild('apps/server/src/main.ts', {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_PER_MINUTE: unlimited,
    RATE_LIMIT_PAIRS_PER_MINUTE: unlimited,
    RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: unlimited,
    RATE_LIMIT_VOTES_PER_MINUTE_USER: unlimited,
    RATE_LIMIT_VOTES_PER_MINUTE_IP: unlimited,
    // Every simulated device comes from loopback: one address, thousands of devices.
    RATE_LIMIT_NEW_IDS_PER_HOUR_IP: unlimited,
    ...env,
  });
  return {
    ...child,
    dataDir,
    stop: async () => {
      await child.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
