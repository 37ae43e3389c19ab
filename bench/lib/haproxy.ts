/**
 * The repository's HAProxy configuration (deploy/haproxy.cfg, ADR 0028) in front of running
 * instances, for the benches that measure the product behind its proxy.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@yanzhi/dev-support';

const CONFIG = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../deploy/haproxy.cfg',
);

export interface RunningProxy {
  url: string;
  stop: () => void;
}

/** Starts haproxy on a free port in front of the instances (their base URLs); two are wired. */
export async function startHaproxy(
  instances: readonly [string, string],
  env: Record<string, string> = {},
): Promise<RunningProxy> {
  const port = await freePort();
  const child = spawn('haproxy', ['-db', '-f', CONFIG], {
    env: {
      ...process.env,
      PROXY_BIND: `127.0.0.1:${port}`,
      YANZHI_INSTANCE_1: new URL(instances[0]).host,
      YANZHI_INSTANCE_2: new URL(instances[1]).host,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 100 || child.exitCode !== null) throw new Error('haproxy did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop: () => child.kill('SIGKILL') };
}
