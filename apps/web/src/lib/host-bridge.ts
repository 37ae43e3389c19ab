/**
 * The native host's bridge (README, "Inside the native host"): a host that can mint a fresh
 * token for the page installs `window.YanzhiHost` before the page runs, with
 *
 *     refreshToken(): Promise<string> | string
 *
 * answering the token the page should use now (the same kind the host passes as
 * `?access-token=`). A synchronous string suits an Android `addJavascriptInterface` object; a
 * promise suits an iOS script message handler wrapped in a small injected script. The page
 * asks only when the server refused the host's token, waits at most HOST_BRIDGE_TIMEOUT_MS,
 * and takes anything but a non-empty string (a rejection, a throw, no answer) as "no token".
 */

export const HOST_BRIDGE_TIMEOUT_MS = 5_000;

export interface HostBridge {
  refreshToken: () => Promise<string> | string;
}

declare global {
  interface Window {
    /** Installed by the native host, if it offers one (see above); absent in a plain browser. */
    YanzhiHost?: Partial<HostBridge>;
  }
}

/** The bridge, when the page runs inside a host that installed one. */
export function findHostBridge(): HostBridge | null {
  if (typeof window === 'undefined') return null;
  const bridge = window.YanzhiHost;
  if (typeof bridge !== 'object' || typeof bridge.refreshToken !== 'function') return null;
  const refreshToken = bridge.refreshToken.bind(bridge);
  return { refreshToken };
}

/** True when the host offers a way to renew its token. */
export function hasHostBridge(): boolean {
  return findHostBridge() !== null;
}

/**
 * Asks the host for a fresh token: the token, or null when there is no bridge or it gave none
 * in time. Never throws and never waits longer than `timeoutMs`.
 */
export async function askHostForToken(
  timeoutMs: number = HOST_BRIDGE_TIMEOUT_MS,
): Promise<string | null> {
  const bridge = findHostBridge();
  if (bridge === null) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      resolve(null);
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([Promise.resolve(bridge.refreshToken()), timedOut]);
    return typeof answer === 'string' && answer.trim() !== '' ? answer.trim() : null;
  } catch (error) {
    console.warn('[host] the host could not renew its token', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
