import {
  DEFAULT_APP_VERSION,
  ErrorCode,
  PACKAGE_ID,
  PLAN_TYPE,
  REQUEST_HEADERS,
  REQUEST_TIMEOUT_MS,
  UMENG_CHANNEL,
  type Api,
  type CallName,
  type CallRequest,
  type CallResponse,
} from '@yanzhi/contract';
import { currentDevice } from './device';
import { getDeviceId, getSessionId, getToken, getVersion, renewDeviceId } from './identity';
import { getLanguage } from './i18n';

/**
 * The one place the app talks to the server (spec §7): POST, relative paths, the headers of
 * spec §7 on every request, a 15 s timeout, and the `{ code, msg, data }` envelope unwrapped.
 */

/** The server answered with a non-zero code: `message` is its msg, or 'Error' if it had none. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The msg exactly as the server sent it (possibly empty). */
  readonly serverMessage: string;
  constructor(
    readonly code: number,
    serverMessage: string,
    readonly data: unknown = null,
  ) {
    super(serverMessage || 'Error');
    this.serverMessage = serverMessage;
  }
}

export type TransportErrorKind = 'network' | 'timeout' | 'http' | 'parse';

/** The request never produced an envelope: no network, timed out, a non-2xx answer or not JSON. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

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
export function buildHeaders({ json }: { json: boolean }): Record<string, string> {
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

interface Envelope {
  code: number;
  msg: unknown;
  data: unknown;
}

function messageOf(envelope: Envelope): string {
  return typeof envelope.msg === 'string' ? envelope.msg : '';
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && 'data' in candidate;
}

function failTransport(error: TransportError): never {
  console.error(`[api] ${error.message}`, error.cause ?? '');
  throw error;
}

async function send(url: string, body: BodyInit, json: boolean, options: RequestOptions) {
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
        headers: buildHeaders({ json }),
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

/** The server says the device id sent belongs to another device (ADR 0022). */
function isDeviceIdTaken(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.DEVICE_ID_TAKEN;
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
async function underOwnDeviceId<T>(attempt: (deviceId: string) => Promise<T>): Promise<T> {
  const sent = getDeviceId();
  try {
    return await attempt(sent);
  } catch (error) {
    if (!isDeviceIdTaken(error)) throw error;
    return attempt(deviceIdAfterRefusal(sent));
  }
}

/** A JSON body's `anonymous_id` moved from one device id to another (other bodies as given). */
function withDeviceId(data: unknown, from: string, to: string): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const body = data as Record<string, unknown>;
  return body.anonymous_id === from ? { ...body, anonymous_id: to } : data;
}

/** A form's `anonymous_id` field moved from one device id to another. */
function formWithDeviceId(form: FormData, from: string, to: string): FormData {
  if (from === to || form.get('anonymous_id') !== from) return form;
  const copy = new FormData();
  for (const [name, value] of form.entries()) {
    copy.append(name, name === 'anonymous_id' ? to : value);
  }
  return copy;
}

/** The generic POST helper of spec §7: any url, a JSON body, the envelope unwrapped. */
export async function post<T = unknown>(
  url: string,
  data: unknown = {},
  options: RequestOptions = {},
): Promise<T> {
  const sent = getDeviceId();
  try {
    return (await send(url, JSON.stringify(data ?? {}), true, options)) as T;
  } catch (error) {
    // A planted device id (ADR 0022): once more under a fresh one, silently.
    if (!isDeviceIdTaken(error)) throw error;
    const fresh = deviceIdAfterRefusal(sent);
    return (await send(
      url,
      JSON.stringify(withDeviceId(data, sent, fresh) ?? {}),
      true,
      options,
    )) as T;
  }
}

/** Calls one API of the contract by name with its typed body. */
export async function callApi<N extends CallName>(
  name: N,
  body?: CallRequest<N>,
  options: RequestOptions = {},
): Promise<CallData<N>> {
  return post<CallData<N>>(apiPath(name), body ?? {}, options);
}

/** A multipart call (uploads): no content-type header, so the browser sets the boundary. */
export async function postMultipart<N extends CallName>(
  name: N,
  formData: FormData,
  options: RequestOptions = {},
): Promise<CallData<N>> {
  const original = getDeviceId();
  return (await underOwnDeviceId((deviceId) =>
    send(apiPath(name), formWithDeviceId(formData, original, deviceId), false, options),
  )) as CallData<N>;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1, or null while the browser does not know the total. */
  fraction: number | null;
}

export interface MultipartProgressOptions extends RequestOptions {
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * A multipart call through XMLHttpRequest, for its upload progress events: the same headers
 * (no content-type), the same 15 s timeout and the same envelope handling as `postMultipart`.
 */
export function postMultipartWithProgress<N extends CallName>(
  name: N,
  formData: FormData,
  options: MultipartProgressOptions = {},
): Promise<CallData<N>> {
  const original = getDeviceId();
  return underOwnDeviceId((deviceId) =>
    sendWithProgress(name, formWithDeviceId(formData, original, deviceId), options),
  );
}

function sendWithProgress<N extends CallName>(
  name: N,
  formData: FormData,
  options: MultipartProgressOptions,
): Promise<CallData<N>> {
  const url = apiPath(name);
  return new Promise<CallData<N>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const external = options.signal;
    const settle = (action: () => void) => {
      external?.removeEventListener('abort', onExternalAbort);
      try {
        action();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const onExternalAbort = () => {
      xhr.abort();
    };
    xhr.open('POST', url);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    for (const [header, value] of Object.entries(buildHeaders({ json: false }))) {
      xhr.setRequestHeader(header, value);
    }
    xhr.upload.onprogress = (event: ProgressEvent) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null,
      });
    };
    xhr.onload = () => {
      settle(() => {
        resolve(unwrapText(url, xhr.status, xhr.responseText) as CallData<N>);
      });
    };
    xhr.onerror = () => {
      settle(() => {
        failTransport(new TransportError('network', `${url} failed: network error`));
      });
    };
    xhr.ontimeout = () => {
      settle(() => {
        failTransport(
          new TransportError('timeout', `${url} timed out after ${REQUEST_TIMEOUT_MS} ms`),
        );
      });
    };
    xhr.onabort = () => {
      settle(() => {
        throw cancelled();
      });
    };
    if (external?.aborted) {
      reject(cancelled());
      return;
    }
    external?.addEventListener('abort', onExternalAbort);
    xhr.send(formData);
  });
}

function cancelled(): Error {
  return Object.assign(new Error('The upload was cancelled'), { name: 'AbortError' });
}

/** The envelope of an answer read as text: its data, or the errors `send` would throw. */
function unwrapText(url: string, status: number, text: string): unknown {
  const ok = status >= 200 && status < 300;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    if (ok) {
      failTransport(
        new TransportError('parse', `${url} answered with something other than JSON`, null, {
          cause,
        }),
      );
    }
  }
  if (!ok) {
    if (isEnvelope(parsed) && parsed.code !== 0) {
      console.error(`[api] ${url} answered HTTP ${status}`);
      throw new ApiError(parsed.code, messageOf(parsed), parsed.data);
    }
    failTransport(new TransportError('http', `${url} answered HTTP ${status}`, status));
  }
  if (!isEnvelope(parsed)) {
    failTransport(
      new TransportError('parse', `${url} answered without a { code, msg, data } envelope`),
    );
  }
  if (parsed.code !== 0) throw new ApiError(parsed.code, messageOf(parsed), parsed.data);
  return parsed.data;
}

/** True for the 401xx codes: not signed in, or a bad / expired / revoked token. */
export function isAuthError(error: unknown): error is ApiError {
  return error instanceof ApiError && Math.floor(error.code / 100) === 401;
}
