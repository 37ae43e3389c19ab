import { describe, expect, it, vi } from 'vitest';
import { CHROMIUM, findChromium, isCi, requireOrSkip } from '../src/index.js';

const POSTGRES = {
  name: 'PostgreSQL',
  tests: 'PostgreSQL tests',
  missing: 'TEST_DATABASE_URL is not set',
  howTo: 'set it to run them',
};

describe('requireOrSkip', () => {
  it('runs the tests when the requirement is there', () => {
    expect(requireOrSkip(POSTGRES, true, {})).toBe(true);
  });

  it('skips with one notice naming what to provide, outside CI', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env: NodeJS.ProcessEnv = {};
    expect(requireOrSkip(POSTGRES, false, env)).toBe(false);
    expect(requireOrSkip(POSTGRES, false, env)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      'PostgreSQL tests skipped: TEST_DATABASE_URL is not set; set it to run them.',
    );
    warn.mockRestore();
  });

  it('fails instead of skipping in CI', () => {
    expect(() => requireOrSkip(POSTGRES, false, { CI: 'true' })).toThrow(
      'CI runs every test, but TEST_DATABASE_URL is not set: set it to run them (PostgreSQL tests).',
    );
  });

  it('reads CI as most runners set it', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({ CI: '' })).toBe(false);
    expect(isCi({})).toBe(false);
  });
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH when it is an executable file', () => {
    expect(findChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });

  it('finds nothing when CHROMIUM_PATH names a missing file, whatever is installed', () => {
    expect(findChromium({ CHROMIUM_PATH: '/nonexistent/chromium' })).toBeNull();
  });

  it('names the package to install in its notice', () => {
    expect(CHROMIUM.howTo).toContain('apt install chromium');
    expect(CHROMIUM.howTo).toContain('CHROMIUM_PATH');
  });
});
