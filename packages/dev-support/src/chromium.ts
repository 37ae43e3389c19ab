import fs from 'node:fs';
import type { Requirement } from './requirements.js';

/** Where Debian, Ubuntu and Chrome's own packages put the browser. */
const KNOWN_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export const CHROMIUM: Requirement = {
  name: 'Chromium',
  tests: 'Browser tests (e2e, Lighthouse)',
  missing: 'no Chromium found',
  howTo: 'install it (`apt install chromium`) or set CHROMIUM_PATH=/path/to/chromium',
};

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set (and only it, so a wrong path is
 * noticed rather than silently replaced), else the first known install; null when there is none.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env.CHROMIUM_PATH?.trim();
  if (chosen) return isExecutable(chosen) ? chosen : null;
  return KNOWN_PATHS.find(isExecutable) ?? null;
}
