import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_SOURCE_KEY, setToken } from './identity';
import { captureQueryParamsFromLocation, parseCapturedParams } from './query-params';

function visit(url: string) {
  window.history.replaceState(null, '', url);
}

describe('query-parameter capture (spec §2)', () => {
  it('stores access-token as the token and removes it from the address, keeping the rest', () => {
    visit('/leaderboard?from=share&access-token=abc123&x=1#top');
    const captured = captureQueryParamsFromLocation();
    expect(captured).toEqual({ token: 'abc123' });
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBe('abc123');
    expect(window.location.pathname).toBe('/leaderboard');
    expect(window.location.search).toBe('?from=share&x=1');
    expect(window.location.hash).toBe('#top');
  });

  it('stores tokenId as the token too', () => {
    visit('/?tokenId=host-token');
    captureQueryParamsFromLocation();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBe('host-token');
    expect(window.location.search).toBe('');
  });

  it("marks a token from the address as the host's, and one the app stores as its own", () => {
    visit('/?access-token=from-host');
    captureQueryParamsFromLocation();
    expect(localStorage.getItem(TOKEN_SOURCE_KEY)).toBe('host');
    setToken('at_session');
    expect(localStorage.getItem(TOKEN_SOURCE_KEY)).toBe('app');
  });

  it('prefers access-token when both are present', () => {
    expect(parseCapturedParams('?tokenId=b&access-token=a').captured.token).toBe('a');
  });

  it('stores version and device-id', () => {
    visit('/profile?version=6.80.1&device-id=host-dev-1&keep=yes');
    const captured = captureQueryParamsFromLocation();
    expect(captured).toEqual({ version: '6.80.1', deviceId: 'host-dev-1' });
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.version)).toBe('6.80.1');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.deviceId)).toBe('host-dev-1');
    expect(window.location.search).toBe('?keep=yes');
  });

  it('removes all three with one replaceState and keeps the history state', () => {
    window.history.replaceState(
      { usr: null, key: 'k1', idx: 0 },
      '',
      '/?access-token=t&version=1&device-id=d',
    );
    const replaceState = vi.spyOn(window.history, 'replaceState');
    captureQueryParamsFromLocation();
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(replaceState).toHaveBeenCalledWith({ usr: null, key: 'k1', idx: 0 }, '', '/');
    expect(window.location.href).not.toContain('access-token');
  });

  it('ignores empty values but still cleans the address', () => {
    visit('/?access-token=&version=');
    expect(captureQueryParamsFromLocation()).toEqual({});
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('leaves an address without those parameters alone', () => {
    visit('/upload?category=2');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    expect(captureQueryParamsFromLocation()).toEqual({});
    expect(replaceState).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?category=2');
  });
});
