import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';
import type { Requirement } from './requirements.js';

/** The repository's proxy configuration (ADR 0028). */
export const HAPROXY_CONFIG = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../deploy/haproxy.cfg',
);

export const HAPROXY: Requirement = {
  name: 'HAProxy',
  tests: 'The reverse proxy test',
  missing: 'haproxy is not installed',
  howTo: 'install it (`apt install haproxy`)',
};

/** Whether `haproxy` runs here. */
export function haproxyInstalled(): boolean {
  return spawnSync('haproxy', ['-v']).status === 0;
}

export interface RunningProxy {
  url: string;
  /** The settings it runs with: the configuration's `presetenv` defaults under the environment. */
  settings: Readonly<Record<string, string>>;
  stop: () => void;
}

/** The configuration's `presetenv` defaults, each replaced by the environment's value if set. */
export function haproxySettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const settings: Record<string, string> = {};
  const text = fs.readFileSync(HAPROXY_CONFIG, 'utf8');
  for (const match of text.matchAll(/^\s*presetenv\s+(\S+)\s+"([^"]*)"/gm)) {
    const [, name = '', fallback = ''] = match;
    settings[name] = env[name] ?? fallback;
  }
  return settings;
}

/**
 * Starts haproxy with the repository's configuration on a free loopback port, in front of two
 * running instances (their base URLs); `env` overrides its settings. Resolves once the proxy
 * answers /healthz through an instance.
 */
export async function startHaproxy(
  instances: readonly [string, string],
  env: Record<string, string> = {},
): Promise<RunningProxy> {
  const port = await freePort();
  const childEnv = {
    ...process.env,
    PROXY_BIND: `127.0.0.1:${String(port)}`,
    YANZHI_INSTANCE_1: new URL(instances[0]).host,
    YANZHI_INSTANCE_2: new URL(instances[1]).host,
    ...env,
  };
  const child = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 100 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('haproxy did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, settings: haproxySettings(childEnv), stop: () => child.kill('SIGKILL') };
}
