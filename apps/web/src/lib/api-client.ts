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
  type Session,
} from '@yanzhi/contract';
import { ApiError, TransportError } from './api-errors';
import { currentDevice } from './device';
import { getDeviceId, getSessionId, getToken, getVersion, renewDeviceId } from './identity';
import { getLanguage } from './i18n';
import { underLiveSession } from './session-recovery';

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

interface SendOptions extends RequestOptions {
  /** Leaves the stored token out (a refresh sends the refresh token, not the refused one). */
  withoutToken?: boolean;
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
export function buildHeaders({
  json,
  withoutToken = false,
}: {
  json: boolean;
  withoutToken?: boolean;
}): Record<string, string> {
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
  const token = withoutToken ? null : getToken();
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

export async function send(url: string, body: BodyInit, json: boolean, options: SendOptions) {
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
        headers: buildHeaders({ json, withoutToken: options.withoutToken ?? false }),
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
          new TransportError('parse', `${url} answered with something other than JSON`, null, {
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
      failTransport(
        new TransportError('parse', `${url} answered without a { code, msg, data } envelope`),
      );
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
 * A JSON body's `anonymous_id` moved from one device id to another, and its `token` (spec §7:
 * get_user_info, gen_share_image) from a refused token to the renewed one, or left out when
 * there is none; other bodies as given.
 */
function withIdentity(
  data: unknown,
  device: { from: string; to: string },
  token: { from: string | null; to: string | null },
): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const body = { ...(data as Record<string, unknown>) };
  if (device.from !== device.to && body.anonymous_id === device.from) body.anonymous_id = device.to;
  if (token.from !== token.to && token.from !== null && body.token === token.from) {
    if (token.to === null) delete body.token;
    else body.token = token.to;
  }
  return body;
}

/**
 * The calls that answer only a signed-in caller: after a refused token is dropped they are not
 * sent again without one. Checked against the contract (every `auth: 'required'` call, and no
 * other), plus get_user_info, which names no user without a token.
 */
type CallsNeedingUser = {
  [N in CallName]: Api[N]['auth'] extends 'required' ? N : never;
}[CallName];
const NEEDS_A_USER: Readonly<Record<CallsNeedingUser | 'get_user_info', true>> = {
  get_user_info: true,
  delete_photo: true,
  sign_out: true,
  get_sign_in_methods: true,
  begin_passkey_registration: true,
  finish_passkey_registration: true,
  delete_passkey: true,
  create_recovery_code: true,
  get_my_photos: true,
  boost_photo: true,
  get_photo_history: true,
  delete_account: true,
  get_moderation_queue: true,
  moderate_photo: true,
  unban_user: true,
};

/** Whether the call at `url` still works for an anonymous visitor (unknown paths are tried). */
export function worksAnonymously(url: string): boolean {
  const name = url.startsWith('/api/') ? url.slice('/api/'.length) : '';
  return !Object.hasOwn(NEEDS_A_USER, name);
}

/** `refresh_session` (DESIGN §3): sent with the refresh token only, never the refused token. */
function refreshSession(refreshToken: string): Promise<Session> {
  const body = JSON.stringify({ refresh_token: refreshToken });
  return send(apiPath('refresh_session'), body, true, { withoutToken: true }) as Promise<Session>;
}

/**
 * Runs a call under the stored session; when the server refuses its token, renews it once (or
 * drops it) and runs the call again (lib/session-recovery.ts). `attempt` gets the token sent.
 */
export function underRenewedSession<T>(
  url: string,
  attempt: (token: string | null) => Promise<T>,
): Promise<T> {
  return underLiveSession(worksAnonymously(url), attempt, refreshSession);
}

/** The generic POST helper of spec §7: any url, a JSON body, the envelope unwrapped. */
export async function post<T = unknown>(
  url: string,
  data: unknown = {},
  options: RequestOptions = {},
): Promise<T> {
  const original = getDeviceId();
  const sentToken = getToken();
  return (await underRenewedSession(url, (token) =>
    underOwnDeviceId((deviceId) => {
      const body = withIdentity(
        data,
        { from: original, to: deviceId },
        { from: sentToken, to: token },
      );
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
