import { QUERY_PARAMS } from '@yanzhi/contract';
import { setDeviceId, setToken, setVersion } from './identity';

/** What the host passed in the address (spec §2). Empty values are ignored. */
export interface CapturedParams {
  token?: string;
  version?: string;
  deviceId?: string;
}

const CAPTURED_NAMES: readonly string[] = Object.values(QUERY_PARAMS);

function firstNonEmpty(params: URLSearchParams, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return undefined;
}

/**
 * Reads access-token (or tokenId), version and device-id from a query string and returns what
 * was found plus the query string without those parameters (other parameters are kept).
 */
export function parseCapturedParams(search: string): {
  captured: CapturedParams;
  remainingSearch: string;
  found: boolean;
} {
  const params = new URLSearchParams(search);
  const found = CAPTURED_NAMES.some((name) => params.has(name));
  const captured: CapturedParams = {};
  const token = firstNonEmpty(params, QUERY_PARAMS.accessToken, QUERY_PARAMS.tokenId);
  const version = firstNonEmpty(params, QUERY_PARAMS.version);
  const deviceId = firstNonEmpty(params, QUERY_PARAMS.deviceId);
  if (token !== undefined) captured.token = token;
  if (version !== undefined) captured.version = version;
  if (deviceId !== undefined) captured.deviceId = deviceId;

  for (const name of CAPTURED_NAMES) params.delete(name);
  const rest = params.toString();
  return { captured, remainingSearch: rest ? `?${rest}` : '', found };
}

/** Stores captured values under the keys of spec §3; a token in the address is the host's. */
export function storeCapturedParams(captured: CapturedParams): void {
  if (captured.token !== undefined) setToken(captured.token, 'host');
  if (captured.version !== undefined) setVersion(captured.version);
  if (captured.deviceId !== undefined) setDeviceId(captured.deviceId);
}

/**
 * Start-up capture from the real address: stores the values, then removes the three parameters
 * from the address bar at once so a token never stays in history, bookmarks or shared links.
 */
export function captureQueryParamsFromLocation(
  location: Location = window.location,
  history: History = window.history,
): CapturedParams {
  const { captured, remainingSearch, found } = parseCapturedParams(location.search);
  if (!found) return captured;
  storeCapturedParams(captured);
  // Keep the router's history state (if any) so back/forward keeps working.
  history.replaceState(history.state, '', `${location.pathname}${remainingSearch}${location.hash}`);
  return captured;
}
