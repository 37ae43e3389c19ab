/**
 * The server under test as a child process that can be killed with SIGKILL and started again
 * on the same data folder. Its stdout and stderr go to a log file in the data folder's parent,
 * so a crash leaves the evidence behind.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, hasEnded, spawnServer, waitForHealth } from '@yanzhi/dev-support';
import { build } from 'esbuild';
import { repoRoot } from './process.js';

const SOURCE_ENTRY = path.join(repoRoot, 'apps/server/src/main.ts');
/** The refit thread (ADR 0017) and the image process (ADR 0019) are bundled next to main.js. */
const REFIT_WORKER = path.join(repoRoot, 'apps/server/src/workers/refit.worker.ts');
const IMAGE_WORKER = path.join(repoRoot, 'apps/server/src/workers/image.worker.ts');

/** How the server runs: its TypeScript under tsx, or bundled as `npm start` runs it. */
export interface BundleEntry {
  kind: 'bundle';
  file: string;
  /** Arguments for node itself, e.g. `--cpu-prof`. */
  nodeArgs?: readonly string[];
}
export type ServerEntry = { kind: 'source' } | BundleEntry;

/** What every bench bundle for Node is built as (the server, and the scripts it loads). */
export const NODE_BUNDLE = {
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
} as const;

/**
 * Bundles the server like apps/server/build.mjs, but into bench/dist/server (ignored by git) so
 * the shared apps/server/dist is left alone; npm dependencies stay external. The refit's worker
 * thread is an entry of its own next to main.js, where the server looks for it.
 */
export async function bundleServer(): Promise<BundleEntry> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  const outdir = path.join(repoRoot, 'bench/dist/server');
  await build({
    entryPoints: [
      { in: SOURCE_ENTRY, out: 'main' },
      { in: REFIT_WORKER, out: 'refit.worker' },
      { in: IMAGE_WORKER, out: 'image.worker' },
    ],
    outdir,
    bundle: true,
    ...NODE_BUNDLE,
    conditions: ['source'],
    external: [
      ...Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@yanzhi/')),
      'pino',
    ],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return { kind: 'bundle', file: path.join(outdir, 'main.js') };
}
const UNLIMITED = '10000000';

/** Every rate limit out of the way: the test is about crashes, not about refusals. */
export const UNLIMITED_RATES: Record<string, string> = {
  RATE_LIMIT_API_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_LOGIN_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_REFRESH_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_PAIRS_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: UNLIMITED,
  RATE_LIMIT_VOTES_PER_MINUTE_USER: UNLIMITED,
  RATE_LIMIT_VOTES_PER_MINUTE_IP: UNLIMITED,
  RATE_LIMIT_UPLOADS_PER_HOUR_USER: UNLIMITED,
  RATE_LIMIT_UPLOADS_PER_HOUR_IP: UNLIMITED,
  RATE_LIMIT_REPORTS_PER_HOUR: UNLIMITED,
  RATE_LIMIT_NEW_IDS_PER_HOUR_IP: UNLIMITED,
};

export interface Started {
  /** Spawn to the first /healthz 200, in milliseconds. */
  readyMs: number;
}

/** One data folder, one port, any number of lives. */
export class KillableServer {
  readonly url: string;
  private child: ChildProcess | null = null;
  private readonly log: fs.WriteStream;

  private constructor(
    private readonly port: number,
    private readonly env: Record<string, string>,
    logFile: string,
    private readonly entry: ServerEntry,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.log = fs.createWriteStream(logFile, { flags: 'a' });
  }

  static async create(
    env: Record<string, string>,
    logFile: string,
    entry: ServerEntry = { kind: 'source' },
  ): Promise<KillableServer> {
    return new KillableServer(await freePort(), env, logFile, entry);
  }

  /** Spawns the server and waits for /healthz (under tsx, the time includes transpiling). */
  async start(timeoutMs: number): Promise<Started> {
    if (this.child) throw new Error('server already running');
    const started = performance.now();
    const args =
      this.entry.kind === 'source'
        ? ['--import', 'tsx', '--conditions=source', SOURCE_ENTRY]
        : [...(this.entry.nodeArgs ?? []), this.entry.file];
    const { child } = await spawnServer({
      args,
      env: this.env,
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      port: this.port,
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
    try {
      await waitForHealth(this.url, child, timeoutMs, 25);
    } catch (error) {
      if (hasEnded(child)) this.child = null;
      throw error;
    }
    return { readyMs: performance.now() - started };
  }

  /** The running process's id, or null. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** True while the spawned process has neither exited nor been killed. */
  isRunning(): boolean {
    const child = this.child;
    return child !== null && !hasEnded(child);
  }

  /**
   * SIGKILL: no shutdown hook, no flush, no close; resolves once the process is gone, with
   * false when it had already died on its own.
   */
  async kill(): Promise<boolean> {
    const child = this.child;
    if (!child) return false;
    this.child = null;
    if (hasEnded(child)) return false;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    return true;
  }

  /**
   * SIGTERM: the graceful shutdown, which exits normally (when V8 writes a `--cpu-prof` profile);
   * SIGKILL if it has not ended within `timeoutMs`.
   */
  async stop(timeoutMs = 30_000): Promise<void> {
    const child = this.child;
    if (!child || hasEnded(child)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    await this.kill();
  }

  async close(): Promise<void> {
    await this.kill();
    await new Promise((resolve) => this.log.end(resolve));
  }
}
