/**
 * Tests that need something beyond Node (PostgreSQL, Redis, Chromium) skip with a notice naming
 * what to install, so a clone with only Node passes `npm test`. CI is where nothing may be
 * missing: there the same lack is an error, so a broken CI machine never passes by skipping.
 */

export interface Requirement {
  /** What the tests need, as a reader knows it: "PostgreSQL", "Chromium". */
  name: string;
  /** Which tests go without it. */
  tests: string;
  /** What is missing, as the reader can check it: "TEST_DATABASE_URL is not set". */
  missing: string;
  /** How to provide it: the variable to set or the package to install. */
  howTo: string;
}

/** True when this run is CI (`.ci/run`, GitHub Actions and most others set CI=true). */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

export function skipNotice(requirement: Requirement): string {
  return `${requirement.tests} skipped: ${requirement.missing}; ${requirement.howTo}.`;
}

/**
 * Whether the tests that need `requirement` run: true when `available`; otherwise, in CI an
 * error, elsewhere false after one notice per process tree (vitest workers share the env).
 */
export function requireOrSkip(
  requirement: Requirement,
  available: boolean,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (available) return true;
  const notice = skipNotice(requirement);
  if (isCi(env)) {
    throw new Error(
      `CI runs every test, but ${requirement.missing}: ${requirement.howTo} (${requirement.tests}).`,
    );
  }
  const shownKey = `YANZHI_SKIP_NOTICE_${requirement.name.toUpperCase().replace(/\W+/g, '_')}`;
  if (!env[shownKey]) {
    env[shownKey] = '1';
    console.warn(notice);
  }
  return false;
}
