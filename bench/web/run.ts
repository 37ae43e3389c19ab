/**
 * Bundle budget of the web app: builds apps/web (unless --no-build), then prints, per route, the
 * JavaScript and CSS a first visit to that route downloads (gzip -9, the bytes the server sends)
 * and fails when the initial route goes over budget. What a route downloads is read from Vite's
 * manifest: the entry and its static imports, then the route's page chunk with its own static
 * imports. The entry's other dynamic imports are listed apart, each with the reason it is not in
 * a first visit (ADR 0014); one that is not in DEFERRED fails the run, so nothing new hides there.
 *
 *   npm run bench:web -w bench            (add -- --no-build to measure the current dist)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from '../lib/process.js';

/** Issue 7: what the initial route may ship, in gzip bytes. */
export const BUDGET = { initialJs: 100 * 1024, initialCss: 20 * 1024 } as const;
/** Every other route is a lazy chunk; it gets a looser budget so no page can balloon unnoticed. */
export const ROUTE_BUDGET = { js: 40 * 1024, css: 10 * 1024 } as const;

/**
 * The spec's routes and the module each page's code comes from (apps/web/src/app/routes.tsx);
 * null: the page ships in the entry (the initial route).
 */
const ROUTES: readonly { path: string; page: string | null }[] = [
  { path: '/', page: null },
  { path: '/leaderboard', page: 'src/features/leaderboard/index.ts' },
  { path: '/profile', page: 'src/features/profile/index.ts' },
  { path: '/upload', page: 'src/features/upload/index.ts' },
  { path: '/onboarding', page: 'src/features/onboarding/index.ts' },
  { path: '/admin', page: 'src/features/moderation/index.ts' },
  { path: '/p/<id>', page: 'src/features/photo/index.ts' },
];

/** The entry's dynamic imports that are not pages, and why a first visit does not wait for them. */
const DEFERRED: Readonly<Record<string, string>> = {
  '../../node_modules/workbox-window/build/workbox-window.prod.es5.mjs':
    'service worker registration, fetched once the first screen has settled',
  'src/lib/i18n/catalogue-en.ts':
    'English texts, fetched only when English is the language (preloaded beside the entry then)',
  'src/features/arena/sheets.ts':
    "the arena's sheets, unlock link and fuel count-up, fetched once the first photos are in",
  'src/services/offline/outbox-queue.ts':
    'the offline vote queue and its storage, fetched once the first screen has settled or on a vote',
  'src/components/AchievementIcon.tsx':
    'achievement badges, fetched with the first achievement toast or the achievements tab',
  'src/lib/session-renewal.ts':
    'renewing or dropping a token the server refused (and the host bridge), fetched on a refusal',
};
const ENGLISH = 'src/lib/i18n/catalogue-en.ts';
const INITIAL_PAGE = 'src/features/arena/index.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const webDir = path.join(repoRoot, 'apps/web');
const distDir = path.join(webDir, 'dist');

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: has the route table changed?`);
  return chunk;
}

/** The chunk and everything it imports statically (downloaded before it runs). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunkOf(manifest, key).imports ?? []) {
    staticClosure(manifest, imported, into);
  }
  return into;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    const bytes = fs.readFileSync(path.join(distDir, file));
    size = zlib.gzipSync(bytes, { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

function filesOf(manifest: Manifest, keys: Iterable<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = chunkOf(manifest, key);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js, css };
}

function total(files: Iterable<string>): number {
  let sum = 0;
  for (const file of files) sum += gzipSize(file);
  return sum;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): number {
  if (!process.argv.includes('--no-build')) {
    execFileSync('npm', ['run', 'build', '-w', '@yanzhi/web'], { cwd: repoRoot, stdio: 'ignore' });
  }
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (!entryKey) throw new Error('the Vite manifest has no entry');
  const pages = new Set(ROUTES.map((route) => route.page));
  // The initial page must really be in the entry, not a chunk of its own.
  if (manifest[INITIAL_PAGE]) {
    throw new Error(`${INITIAL_PAGE} is a chunk of its own: the initial route is not in the entry`);
  }
  const shell = staticClosure(manifest, entryKey);
  const shellFiles = filesOf(manifest, shell);
  console.log(`web bundle (gzip -9), built in ${path.relative(repoRoot, distDir)}`);
  console.log(
    `shell (entry and its static imports): JS ${kb(total(shellFiles.js))} in ${shellFiles.js.size} files, CSS ${kb(total(shellFiles.css))}`,
  );
  const failures: string[] = [];
  const extraFiles = (key: string) => {
    const files = filesOf(
      manifest,
      [...staticClosure(manifest, key)].filter((k) => !shell.has(k)),
    );
    return total([...files.js].filter((file) => !shellFiles.js.has(file)));
  };
  for (const key of chunkOf(manifest, entryKey).dynamicImports ?? []) {
    if (pages.has(key)) continue;
    const reason = DEFERRED[key] ?? DEFERRED[key.replace(/-[\w-]{8}\.js$/, '')];
    if (reason === undefined) {
      failures.push(`${key}: a dynamic import of the entry that bench/web does not know`);
      continue;
    }
    console.log(`not in a first visit: ${kb(extraFiles(key)).padStart(7)}  ${reason}`);
  }
  console.log('');
  console.log('route          first-visit JS   first-visit CSS   page-only JS   page-only CSS');
  for (const route of ROUTES) {
    const all = route.page === null ? shell : staticClosure(manifest, route.page, new Set(shell));
    const files = filesOf(manifest, all);
    const own = filesOf(
      manifest,
      [...all].filter((key) => !shell.has(key)),
    );
    const js = total(files.js);
    const css = total(files.css);
    const ownJs = total([...own.js].filter((file) => !shellFiles.js.has(file)));
    const ownCss = total([...own.css].filter((file) => !shellFiles.css.has(file)));
    console.log(
      `${route.path.padEnd(14)} ${kb(js).padStart(13)} ${kb(css).padStart(17)} ${kb(ownJs).padStart(14)} ${kb(ownCss).padStart(15)}`,
    );
    const initial = route.path === '/';
    const jsBudget = initial ? BUDGET.initialJs : ROUTE_BUDGET.js;
    const cssBudget = initial ? BUDGET.initialCss : ROUTE_BUDGET.css;
    const jsMeasured = initial ? js : ownJs;
    const cssMeasured = initial ? css : ownCss;
    const what = initial ? 'initial route' : 'page chunk';
    if (initial && manifest[ENGLISH]) {
      const english = js + extraFiles(ENGLISH);
      console.log(`${'/ in English'.padEnd(14)} ${kb(english).padStart(13)}`);
    }
    if (jsMeasured > jsBudget) {
      failures.push(`${route.path}: ${what} JS ${kb(jsMeasured)} > ${kb(jsBudget)}`);
    }
    if (cssMeasured > cssBudget) {
      failures.push(`${route.path}: ${what} CSS ${kb(cssMeasured)} > ${kb(cssBudget)}`);
    }
  }
  console.log('');
  console.log(
    `budgets: initial route (/) JS ≤ ${kb(BUDGET.initialJs)}, CSS ≤ ${kb(BUDGET.initialCss)}; ` +
      `every other page chunk JS ≤ ${kb(ROUTE_BUDGET.js)}, CSS ≤ ${kb(ROUTE_BUDGET.css)}`,
  );
  if (failures.length > 0) {
    for (const failure of failures) console.error(`OVER BUDGET ${failure}`);
    return 1;
  }
  console.log('all budgets met');
  return 0;
}

process.exitCode = main();
