/**
 * Lighthouse (mobile profile: simulated slow 4G, 4x CPU slowdown) on the production build served
 * by the real server with demo data. Prints each category's score and LCP, CLS and TBT for
 * `/`, `/leaderboard`, `/profile` and `/upload`, then checks that the app is installable (manifest,
 * icons, service worker, offline fallback) in Chromium. Exits non-zero when a target is missed.
 *
 *   npm run bench:lighthouse -w bench      (add -- --no-build to use the current builds)
 *
 * Each page is audited `--runs` times (default 3) and judged by the median of each figure, as
 * Lighthouse's own guidance advises: one run of a simulated slow phone on a shared machine moves
 * by ±150 ms of LCP. The LCP column shows the median and, behind it, the runs' range.
 *
 * Chromium comes from CHROME_PATH or CHROMIUM_PATH, else a known install such as
 * /usr/bin/chromium; without one it says what to install and exits 0 (1 in CI).
 * LIGHTHOUSE_REPORT_DIR=dir keeps each page's full report and its trace as JSON.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, findChromium, requireOrSkip, startServer } from '@yanzhi/dev-support';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot } from '../lib/process.js';
import { checkInstallable } from './installable.js';

const PAGES = ['/', '/leaderboard', '/profile', '/upload'] as const;

/**
 * The photo page (`/p/<id>`, where shares land) of a real photo: the first of the first
 * category's all-time board of the seeded demo.
 */
async function photoPage(url: string): Promise<string> {
  const ask = async (call: string, body: unknown): Promise<unknown> => {
    const response = await fetch(`${url}/api/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: unknown };
    if (envelope.code !== 0) throw new Error(`${call}: ${envelope.msg}`);
    return envelope.data;
  };
  const [category] = (await ask('get_categories', {})) as { id: number }[];
  if (category === undefined) throw new Error('no category to find a photo in');
  const board = (await ask('get_leaderboard', {
    category_id: category.id,
    period_type: 'all',
  })) as { items: { id: number }[] };
  const [first] = board.items;
  if (first === undefined) throw new Error('no photo on the first board');
  return `/p/${String(first.id)}`;
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

/** Issue 7's targets: scores out of 100, LCP in ms, CLS unitless. */
const TARGETS = {
  scores: { performance: 95, accessibility: 100, 'best-practices': 95 } satisfies Record<
    Category,
    number
  >,
  lcpMs: 2000,
  cls: 0.02,
} as const;

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** CHROME_PATH, the variable chrome-launcher reads, is still honoured before CHROMIUM_PATH. */
const chromePath = findChromium({
  ...process.env,
  CHROMIUM_PATH: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH,
});

async function startYanzhiBuild(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-lighthouse-'));
  const server = await startServer({
    args: [path.join(repoRoot, 'apps/server/dist/main.js')],
    cwd: repoRoot,
    env: { DATA_DIR: dataDir, SEED_DEMO: '1', DEMO_PHOTOS_PER_CATEGORY: '12', LOG_LEVEL: 'warn' },
    timeoutMs: 120_000,
    intervalMs: 250,
  });
  return {
    url: server.url,
    stop: async () => {
      // A clean shutdown, however long it takes: the data folder goes only after it.
      await server.stop(Number.POSITIVE_INFINITY);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface PageResult {
  page: string;
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Audits that cost points in a category below its target. */
  misses: string[];
}

async function audit(url: string, port: number): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
    fs.writeFileSync(path.join(reportDir, `lighthouse${name}.json`), JSON.stringify(lhr));
    // The trace shows what the LCP waited for (main-thread tasks, requests) beyond the report.
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace)
      fs.writeFileSync(path.join(reportDir, `lighthouse${name}.trace.json`), JSON.stringify(trace));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores = {} as Record<Category, number>;
  const misses: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    if (scores[id] >= TARGETS.scores[id]) continue;
    for (const ref of category?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (ref.weight > 0 && item && item.score !== null && item.score < 1) {
        misses.push(`${id}: ${ref.id} (${item.displayValue ?? Math.round(item.score * 100)})`);
      }
    }
  }
  return {
    page: new URL(url).pathname,
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    misses,
  };
}

/**
 * Lighthouse now and then loses the navigation's start in its trace on this busy machine
 * (NO_NAVSTART, "Please run Lighthouse again"): such a page is audited again, up to three times.
 */
async function auditWithRetry(url: string, port: number, attempt = 1): Promise<PageResult> {
  try {
    return await audit(url, port);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('NO_NAVSTART') || attempt >= 3) {
      throw error;
    }
    console.log(
      `               (${new URL(url).pathname}: no navigation start in the trace, again)`,
    );
    return auditWithRetry(url, port, attempt + 1);
  }
}

/** How many times each page is audited: `--runs N`, at least 1. */
function runsOf(argv: readonly string[]): number {
  const at = argv.indexOf('--runs');
  const value = at < 0 ? 3 : Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error('--runs takes a whole number ≥ 1');
  return value;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** A page's figures over its runs: the median of each, the misses of the median run. */
function medianOf(results: readonly PageResult[]): PageResult & { lcpRange: [number, number] } {
  const [first] = results;
  if (first === undefined) throw new Error('no run to summarise');
  const scores = {} as Record<Category, number>;
  for (const id of CATEGORIES) scores[id] = Math.round(median(results.map((r) => r.scores[id])));
  const lcps = results.map((result) => result.lcpMs);
  const lcpMs = median(lcps);
  // The run nearest the median LCP says what cost points, when a category is below target.
  const nearest = results.reduce((best, result) =>
    Math.abs(result.lcpMs - lcpMs) < Math.abs(best.lcpMs - lcpMs) ? result : best,
  );
  return {
    page: first.page,
    scores,
    lcpMs,
    cls: median(results.map((result) => result.cls)),
    tbtMs: median(results.map((result) => result.tbtMs)),
    fcpMs: median(results.map((result) => result.fcpMs)),
    misses: nearest.misses,
    lcpRange: [Math.min(...lcps), Math.max(...lcps)],
  };
}

function failuresOf(result: PageResult): string[] {
  const failures: string[] = [];
  for (const id of CATEGORIES) {
    if (result.scores[id] < TARGETS.scores[id]) {
      failures.push(`${result.page}: ${id} ${result.scores[id]} < ${TARGETS.scores[id]}`);
    }
  }
  if (!(result.lcpMs < TARGETS.lcpMs)) {
    failures.push(`${result.page}: LCP ${Math.round(result.lcpMs)} ms ≥ ${TARGETS.lcpMs} ms`);
  }
  if (!(result.cls < TARGETS.cls)) {
    failures.push(`${result.page}: CLS ${result.cls.toFixed(3)} ≥ ${TARGETS.cls}`);
  }
  return failures;
}

async function main(): Promise<number> {
  if (!requireOrSkip(CHROMIUM, chromePath !== null) || chromePath === null) return 0;
  const runs = runsOf(process.argv);
  if (!process.argv.includes('--no-build')) {
    execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
  }
  const started = Date.now();
  const server = await startYanzhiBuild();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const failures: string[] = [];
  try {
    console.log(
      `Lighthouse ${lighthouseVersion()} · mobile · simulated slow 4G, 4x CPU · ${server.url}`,
    );
    console.log(`each page ${String(runs)} times; medians, LCP with the runs' range`);
    console.log('page           perf  a11y  best   LCP ms (range)        CLS     TBT ms   FCP ms');
    for (const page of [...PAGES, await photoPage(server.url)]) {
      const results: PageResult[] = [];
      for (let run = 0; run < runs; run += 1) {
        results.push(await auditWithRetry(`${server.url}${page}`, chrome.port));
      }
      const result = medianOf(results);
      const { scores } = result;
      const [low, high] = result.lcpRange.map((value) => String(Math.round(value)));
      console.log(
        `${page.padEnd(14)} ${String(scores.performance).padStart(4)}  ${String(scores.accessibility).padStart(4)}  ${String(scores['best-practices']).padStart(4)}  ${Math.round(result.lcpMs).toString().padStart(7)} (${low ?? ''}-${high ?? ''})`.padEnd(
          57,
        ) +
          `${result.cls.toFixed(3)}  ${Math.round(result.tbtMs).toString().padStart(7)}  ${Math.round(result.fcpMs).toString().padStart(7)}`,
      );
      for (const miss of result.misses) console.log(`               missed: ${miss}`);
      failures.push(...failuresOf(result));
    }
    const pwa = await checkInstallable(server.url, chromePath);
    console.log('');
    console.log(
      `installable: ${pwa.installable ? 'yes' : 'no'} · manifest icons ${pwa.icons} · service worker ${pwa.serviceWorker ? 'controls the page' : 'missing'} · offline reload ${pwa.offline ? 'shows the app' : 'fails'}`,
    );
    for (const problem of pwa.problems) failures.push(`installable: ${problem}`);
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log('');
  console.log(
    `targets: performance ≥ ${TARGETS.scores.performance}, accessibility ${TARGETS.scores.accessibility}, best practices ≥ ${TARGETS.scores['best-practices']}, LCP < ${TARGETS.lcpMs} ms, CLS < ${TARGETS.cls}, installable (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  if (failures.length > 0) {
    for (const failure of failures) console.error(`MISSED ${failure}`);
    return 1;
  }
  console.log('all targets met');
  return 0;
}

function lighthouseVersion(): string {
  const file = path.join(repoRoot, 'node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

process.exitCode = await main();
