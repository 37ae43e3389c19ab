/**
 * `npm run test:e2e`: builds the app, then runs the Playwright tests in Chromium. Without a
 * Chromium on the machine the browser tests are skipped with a notice naming what to install, as
 * the PostgreSQL and Redis tests skip without their URLs, so a clone with only Node passes
 * `npm test`; in CI (CI=true, as .ci/run sets) a missing browser is a failure instead.
 * Arguments go to `playwright test` (`npm run test:e2e -- --grep upload`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, findChromium, requireOrSkip } from '@yanzhi/dev-support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command: string, args: readonly string[]): number {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

function main(): number {
  try {
    if (!requireOrSkip(CHROMIUM, findChromium() !== null)) return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
  const built = run('npm', ['run', 'build']);
  if (built !== 0) return built;
  return run('npx', [
    'playwright',
    'test',
    '-c',
    'e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ]);
}

process.exitCode = main();
