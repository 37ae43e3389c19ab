import { afterEach, describe, expect, it, vi } from 'vitest';
import { askHostForToken, hasHostBridge } from './host-bridge';

describe('the native host’s bridge (README)', () => {
  afterEach(() => {
    delete window.YanzhiHost;
  });

  it('is absent in a plain browser, and asking it gives no token', async () => {
    expect(hasHostBridge()).toBe(false);
    await expect(askHostForToken()).resolves.toBeNull();
    window.YanzhiHost = {};
    expect(hasHostBridge()).toBe(false);
  });

  it('answers the token the host gives, by promise or at once, trimmed', async () => {
    window.YanzhiHost = { refreshToken: () => Promise.resolve(' h1.new.sig ') };
    expect(hasHostBridge()).toBe(true);
    await expect(askHostForToken()).resolves.toBe('h1.new.sig');
    window.YanzhiHost = { refreshToken: () => 'h1.sync.sig' };
    await expect(askHostForToken()).resolves.toBe('h1.sync.sig');
  });

  it('calls the bridge as a method of the host object', async () => {
    const host = {
      token: 'h1.own.sig',
      refreshToken(this: { token: string }) {
        return this.token;
      },
    };
    window.YanzhiHost = host;
    await expect(askHostForToken()).resolves.toBe('h1.own.sig');
  });

  it('gives no token when the host refuses, throws or answers something else', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.YanzhiHost = { refreshToken: () => Promise.reject(new Error('signed out')) };
    await expect(askHostForToken()).resolves.toBeNull();
    window.YanzhiHost = {
      refreshToken: () => {
        throw new Error('no session');
      },
    };
    await expect(askHostForToken()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    window.YanzhiHost = { refreshToken: () => Promise.resolve('  ') };
    await expect(askHostForToken()).resolves.toBeNull();
    window.YanzhiHost = { refreshToken: () => Promise.resolve(42 as unknown as string) };
    await expect(askHostForToken()).resolves.toBeNull();
  });

  it('stops waiting for a host that never answers', async () => {
    vi.useFakeTimers();
    window.YanzhiHost = { refreshToken: () => new Promise<string>(() => undefined) };
    const asked = askHostForToken(1_000);
    let answer: string | null | undefined;
    void asked.then((token) => {
      answer = token;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBeNull();
  });
});
