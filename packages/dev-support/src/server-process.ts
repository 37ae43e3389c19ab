import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { freePort } from './ports.js';

export interface SpawnServerOptions {
  /** Arguments for node: its own flags, then the entry file. */
  args: readonly string[];
  /** Added to this process's environment; PORT and HOST are set here. */
  env: Record<string, string>;
  cwd?: string;
  stdio?: StdioOptions;
  /** A port chosen beforehand (a server started again on the same address); else a free one. */
  port?: number;
}

export interface SpawnedServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Settles with the exit code (null after a signal) once the process has exited. */
  exited: Promise<number | null>;
  /**
   * SIGTERM, then SIGKILL when it has not exited within `graceMs` (default 5 s, Infinity to
   * wait for the clean exit however long); waits for the exit.
   */
  stop: (graceMs?: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True once the process has exited or been killed by a signal. */
export function hasEnded(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Spawns node with a server entry on 127.0.0.1 and a free port; does not wait for it. */
export async function spawnServer(options: SpawnServerOptions): Promise<SpawnedServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...options.args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
  });
  const stop = async (graceMs = 5000) => {
    if (hasEnded(child)) return;
    child.kill('SIGTERM');
    // setTimeout fires at once for a delay it cannot hold: an endless grace has no timer.
    const timer = Number.isFinite(graceMs)
      ? setTimeout(() => child.kill('SIGKILL'), graceMs)
      : undefined;
    await exited;
    clearTimeout(timer);
  };
  return { url: `http://127.0.0.1:${port}`, port, child, exited, stop };
}

/**
 * Polls `/healthz` until it answers 200. Fails at once when the process exits first (its
 * stderr says why) and after `timeoutMs` otherwise.
 */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  intervalMs = 100,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (hasEnded(child)) {
      throw new Error(`server exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    try {
      // A request stuck on a busy machine must not outlive the deadline.
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(intervalMs);
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/** Spawns the server and resolves once it is healthy; stops it when it never gets there. */
export async function startServer(
  options: SpawnServerOptions & { timeoutMs: number; intervalMs?: number },
): Promise<SpawnedServer> {
  const server = await spawnServer(options);
  try {
    await waitForHealth(server.url, server.child, options.timeoutMs, options.intervalMs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
