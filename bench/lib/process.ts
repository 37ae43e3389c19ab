/** Servers under test run in their own process, so the load generator does not share their CPU. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface Child {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
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
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--conditions=source', path.join(repoRoot, entry)],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, timeoutMs);
  return {
    url,
    process: child,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (child.exitCode === null) child.kill('SIGKILL');
    },
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
