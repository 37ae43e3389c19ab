/**
 * The world a scenario runs in: the real server (bundled, default settings) on a copy of one
 * seeded data folder, the hidden truth of its demo photos, the boards it shows and a refit on
 * demand.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { demoAppeal, type DemoCategorySlug } from '../../apps/server/src/seed/demo-portraits.js';
import { KillableServer, type BundleEntry } from '../lib/server-process.js';
import { Device, Tally } from './client.js';

const DEMO_STYLES: readonly DemoCategorySlug[] = ['female', 'male', 'celebrity', 'ai'];
const START_TIMEOUT_MS = 600_000;

/**
 * Starts the server once on a fresh folder with every setting at its default (demo data on for
 * a new database), waits until it has seeded and scored, and stops it cleanly; returns the folder.
 */
export async function seedDataDir(bundle: BundleEntry, root: string): Promise<string> {
  const dataDir = path.join(root, 'seeded');
  fs.mkdirSync(dataDir, { recursive: true });
  const server = await KillableServer.create(
    { DATA_DIR: dataDir },
    path.join(root, 'seed.log'),
    bundle,
  );
  try {
    await server.start(START_TIMEOUT_MS);
    await server.stop();
  } finally {
    await server.close();
  }
  return dataDir;
}

export interface World {
  server: KillableServer;
  url: string;
  dataDir: string;
  close: () => Promise<void>;
}

/** The bundled server on `dataDir` (its log beside it), with `env` on top of the defaults. */
export async function serveWorld(
  bundle: BundleEntry,
  dataDir: string,
  logPath: string,
  env: Record<string, string> = {},
): Promise<World> {
  const server = await KillableServer.create({ DATA_DIR: dataDir, ...env }, logPath, bundle);
  await server.start(START_TIMEOUT_MS);
  return {
    server,
    url: server.url,
    dataDir,
    close: async () => {
      await server.stop();
      await server.close();
    },
  };
}

/** A running server on a fresh copy of the seeded folder, so every scenario starts alike. */
export async function startWorld(
  bundle: BundleEntry,
  seeded: string,
  root: string,
  name: string,
): Promise<World> {
  const dataDir = path.join(root, name);
  fs.cpSync(seeded, dataDir, { recursive: true });
  return serveWorld(bundle, dataDir, path.join(root, `${name}.log`));
}

export interface CategoryInfo {
  id: number;
  slug: string;
}

/** Each demo photo's hidden appeal (0..1), keyed by photo id, as the seeding computed it. */
export function hiddenTruth(dataDir: string): Map<number, number> {
  const db = new Database(path.join(dataDir, 'yanzhi.db'), { readonly: true, fileMustExist: true });
  try {
    const categories = db
      .prepare('select id, slug from categories where is_active = 1 order by sort_order, id')
      .all() as CategoryInfo[];
    const truth = new Map<number, number>();
    for (const [categoryIndex, category] of categories.entries()) {
      const style = (DEMO_STYLES as readonly string[]).includes(category.slug)
        ? (category.slug as DemoCategorySlug)
        : (DEMO_STYLES[categoryIndex % DEMO_STYLES.length] ?? 'ai');
      // The seed numbers demo photos in the order it made them (DemoService.seed).
      const ids = db
        .prepare('select id from photos where category_id = ? and is_demo = 1 order by id')
        .all(category.id) as { id: number }[];
      for (const [index, { id }] of ids.entries()) {
        truth.set(id, demoAppeal(style, category.id * 1000 + index));
      }
    }
    return truth;
  } finally {
    db.close();
  }
}

/**
 * A photo's current score as stored (read-only, beside the live server): for a target that a
 * refit took off the board (provisional again), so its place can still be told.
 */
export function storedScore(dataDir: string, photoId: number): number | null {
  const db = new Database(path.join(dataDir, 'yanzhi.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select current_score from photos where id = ? and state = 'active'")
      .get(photoId) as { current_score: number } | undefined;
    return row?.current_score ?? null;
  } finally {
    db.close();
  }
}

export interface BoardRow {
  id: number;
  rank: number;
  score: number;
}

/** A device for the harness's own reads, from an address no scenario uses. */
export function observer(url: string): Device {
  return new Device(url, '127.0.0.1', new Tally());
}

export async function categories(url: string): Promise<CategoryInfo[]> {
  const answer = await observer(url).call<CategoryInfo[]>('/api/get_categories', {});
  if (answer.code !== 0 || answer.data === null) throw new Error(`categories: ${answer.code}`);
  return answer.data;
}

/**
 * The category's running all-time board, every page. `freshAfter` (epoch ms): reads again until
 * the board is as of that time or later, since the first read after a refit answers from the
 * boards held so far while the server reloads them.
 */
export async function allBoard(
  url: string,
  categoryId: number,
  freshAfter = 0,
): Promise<BoardRow[]> {
  const device = observer(url);
  const started = performance.now();
  const rows: BoardRow[] = [];
  for (let page = 1; ;) {
    const answer = await device.call<{
      items: { id: number; rank: number; current_score: number }[];
      total_pages: number;
      as_of: string;
    }>('/api/get_leaderboard', {
      category_id: categoryId,
      period_type: 'all',
      page,
      page_size: 100,
    });
    if (answer.code !== 0 || answer.data === null) throw new Error(`board: ${answer.code}`);
    if (page === 1 && Date.parse(answer.data.as_of) < freshAfter) {
      if (performance.now() - started > 60_000) throw new Error('board not reloaded in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    for (const item of answer.data.items) {
      rows.push({ id: item.id, rank: item.rank, score: item.current_score });
    }
    if (page >= answer.data.total_pages) return rows;
    page += 1;
  }
}

/** How many refits the server has finished, from /metrics (loopback may read it). */
async function refitCount(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = /^yanzhi_refit_duration_seconds_count(?:\{[^}]*\})? ([0-9.e+-]+)$/m.exec(text);
  return Number(match?.[1] ?? 0);
}

/**
 * Has the server refit now (SIGUSR2, its documented trigger) and waits until it is done; twice,
 * because a refit already under way (the scheduled one, every 180 s) would answer the first
 * signal with a run that began before the last votes. The signal is repeated while waiting: one
 * that arrives as a run ends joins that run. Returns the time (epoch ms) the last run was seen
 * finished.
 */
export async function refitNow(world: World): Promise<number> {
  const pid = world.server.pid;
  if (pid === null) throw new Error('server not running');
  for (let round = 0; round < 2; round += 1) {
    const before = await refitCount(world.url);
    const started = performance.now();
    let signalled = 0;
    while ((await refitCount(world.url)) <= before) {
      if (performance.now() - signalled > 3000) {
        process.kill(pid, 'SIGUSR2');
        signalled = performance.now();
      }
      if (performance.now() - started > 400_000) throw new Error('no refit within 400 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return Date.now();
}

export function scratchRoot(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-sybil-'));
}
