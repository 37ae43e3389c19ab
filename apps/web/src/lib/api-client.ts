import {
  DEFAULT_APP_VERSION,
  PACKAGE_ID,
  PLAN_TYPE,
  REQUEST_HEADERS,
  REQUEST_TIMEOUT_MS,
  UMENG_CHANNEL,
  type Api,
  type CallName,
  type CallRequest,
  type CallResponse,
  type ErrorCode,
} from '@yanzhi/contract';
import { ApiError, TransportError } from './api-errors';
import { currentDevice } from './device';
import { getDeviceId, getSessionId, getToken, getVersion, renewDeviceId } from './identity';
import { getLanguage } from './i18n';
import { underLiveSession } from './session-recovery';

export { underLiveSession } from './session-recovery';

export { ApiError, TransportError, isAuthError, type TransportErrorKind } from './api-errors';

/**
 * The one place the app talks to the server (spec §7): POST, relative paths, the headers of
 * spec §7 on every request, a 15 s timeout, and the `{ code, msg, data }` envelope unwrapped.
 */

/** The `data` of a call; calls the contract has not shaped yet (50100 for now) give unknown. */
export type CallData<N extends CallName> = [CallResponse<N>] extends [never]
  ? unknown
  : CallResponse<N>;

export interface RequestOptions {
  /** Cancels the request (TanStack Query passes one); a cancel is not logged as an error. */
  signal?: AbortSignal;
}

/** Every call's path is "/api/" + its name; the compiler checks this against the contract. */
type PathOf<N extends CallName> = Api[N]['path'];
type PathMatches = { [N in CallName]: PathOf<N> extends `/api/${N}` ? true : false };
type Expect<T extends true> = T;
/** Fails to compile if a contract path ever differs from "/api/" + its name. */
export type PathsMatchContract = Expect<false extends PathMatches[CallName] ? false : true>;

export function apiPath<N extends CallName>(name: N): PathOf<N> {
  return `/api/${name}` as PathOf<N>;
}

/** Header values must be printable ASCII or fetch throws (e.g. a version taken from the URL). */
export function toHeaderValue(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '').trim();
}

/** The headers of spec §7 (plus accept-language so server messages match the UI language). */
export function buildHeaders(json: boolean): Record<string, string> {
  const device = currentDevice();
  const headers: Record<string, string> = {};
  if (json) headers[REQUEST_HEADERS.contentType] = 'application/json';
  headers[REQUEST_HEADERS.planType] = PLAN_TYPE;
  headers[REQUEST_HEADERS.version] = toHeaderValue(getVersion()) || DEFAULT_APP_VERSION;
  headers[REQUEST_HEADERS.packageId] = PACKAGE_ID;
  headers[REQUEST_HEADERS.umengChannel] = UMENG_CHANNEL;
  headers[REQUEST_HEADERS.deviceBrand] = toHeaderValue(device.brand) || 'unknown';
  headers[REQUEST_HEADERS.deviceModel] = toHeaderValue(device.model) || 'unknown';
  headers[REQUEST_HEADERS.deviceId] = toHeaderValue(getDeviceId());
  const token = getToken();
  if (token !== null && toHeaderValue(token)) {
    headers[REQUEST_HEADERS.accessToken] = toHeaderValue(token);
  }
  headers[REQUEST_HEADERS.sessionId] = toHeaderValue(getSessionId());
  headers['accept-language'] = getLanguage();
  return headers;
}

export interface Envelope {
  code: number;
  msg: unknown;
  data: unknown;
}

export function messageOf(envelope: Envelope): string {
  return typeof envelope.msg === 'string' ? envelope.msg : '';
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && 'data' in candidate;
}

export function failTransport(error: TransportError): never {
  console.error(`[api] ${error.message}`, error.cause ?? '');
  throw error;
}

export async function send(url: string, body: BodyInit, json: boolean, options: RequestOptions) {
  const controller = new AbortController();
  // Why the request was aborted, read after the await (an object, so nothing narrows it).
  const ended = { timedOut: false, cancelled: false };
  const timer = setTimeout(() => {
    ended.timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const external = options.signal;
  const onExternalAbort = () => {
    ended.cancelled = true;
    controller.abort();
  };
  if (external?.aborted) onExternalAbort();
  external?.addEventListener('abort', onExternalAbort);

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: buildHeaders(json),
        body,
        credentials: 'same-origin',
        signal: controller.signal,
      });
      text = await response.text();
    } catch (cause) {
      if (ended.timedOut) {
        failTransport(
          new TransportError('timeout', `${url} timed out after ${REQUEST_TIMEOUT_MS} ms`, null, {
            cause,
          }),
        );
      }
      // The caller cancelled (a page left, a query replaced): not an error worth logging.
      if (ended.cancelled) throw cause;
      failTransport(new TransportError('network', `${url} failed: network error`, null, { cause }));
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (cause) {
      parsed = undefined;
      if (response.ok) {
        failTransport(
          new TransportError('parse', `${url} answered non-JSON`, null, {
            cause,
          }),
        );
      }
    }

    if (!response.ok) {
      const status = response.status;
      const transport = new TransportError('http', `${url} answered HTTP ${status}`, status);
      // A request that never reached the application still gets the envelope (DESIGN §3):
      // its message is the most useful thing to show, so it wins over the bare status.
      if (isEnvelope(parsed) && parsed.code !== 0) {
        console.error(`[api] ${transport.message}`);
        throw new ApiError(parsed.code, messageOf(parsed), parsed.data);
      }
      failTransport(transport);
    }
    if (!isEnvelope(parsed)) {
      failTransport(new TransportError('parse', `${url} answered without an envelope`));
    }
    if (parsed.code !== 0) {
      throw new ApiError(parsed.code, messageOf(parsed), parsed.data);
    }
    return parsed.data;
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', onExternalAbort);
  }
}

/**
 * ErrorCode.DEVICE_ID_TAKEN, written out like NOT_AVAILABLE_YET in lib/error-text.ts (its type
 * checks it against the contract): importing the code table would put all of it in the shell.
 */
const DEVICE_ID_TAKEN: typeof ErrorCode.DEVICE_ID_TAKEN = 40311;

/** The server says the device id sent belongs to another device (ADR 0022). */
function isDeviceIdTaken(error: unknown): boolean {
  return error instanceof ApiError && error.code === DEVICE_ID_TAKEN;
}

/**
 * The device id to retry with after `refused` was refused as another device's (a planted
 * `?device-id=`): a fresh one, stored; calls refused together renew once, since only the first
 * finds the refused id still stored.
 */
function deviceIdAfterRefusal(refused: string): string {
  const current = getDeviceId();
  return current === refused ? renewDeviceId() : current;
}

/**
 * Runs a call under the device id; when the server answers that the id belongs to another
 * device, drops it for a fresh one and runs the call once more under that, silently.
 */
export async function underOwnDeviceId<T>(attempt: (deviceId: string) => Promise<T>): Promise<T> {
  const sent = getDeviceId();
  try {
    return await attempt(sent);
  } catch (error) {
    if (!isDeviceIdTaken(error)) throw error;
    return attempt(deviceIdAfterRefusal(sent));
  }
}

/**
 * A JSON body's `anonymous_id` moved from the device id first sent to the current one, and its
 * `token` (spec §7: get_user_info, gen_share_image) from the token first sent to the current
 * one, or left out (undefined is not serialised) when there is none; other bodies as given.
 */
function withIdentity(data: unknown, from: Identity, to: Identity): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const body = { ...(data as Record<string, unknown>) };
  if (body.anonymous_id === from.deviceId) body.anonymous_id = to.deviceId;
  if (from.token !== null && body.token === from.token) body.token = to.token ?? undefined;
  return body;
}

interface Identity {
  deviceId: string;
  token: string | null;
}

/** The generic POST helper of spec §7: any url, a JSON body, the envelope unwrapped. */
export async function post<T = unknown>(
  url: string,
  data: unknown = {},
  options: RequestOptions = {},
): Promise<T> {
  const sent: Identity = { deviceId: getDeviceId(), token: getToken() };
  return (await underLiveSession(url, (token) =>
    underOwnDeviceId((deviceId) => {
      const body = withIdentity(data, sent, { deviceId, token });
      return send(url, JSON.stringify(body ?? {}), true, options);
    }),
  )) as T;
}

/** Calls one API of the contract by name with its typed body. */
export async function callApi<N extends CallName>(
  name: N,
  body?: CallRequest<N>,
  options: RequestOptions = {},
): Promise<CallData<N>> {
  return post<CallData<N>>(apiPath(name), body ?? {}, options);
}
