/**
 * Multipart calls (uploads) of the API client: kept out of the first screen's bundle, since only
 * the upload page sends files (ADR 0014). As for JSON calls, a device id refused as another
 * device's is renewed and the call sent once more (ADR 0022), and so is a refused token (renewed,
 * or dropped so that the upload goes on as a device account, ADR 0002).
 */
import { REQUEST_TIMEOUT_MS, type CallName } from '@yanzhi/contract';
import {
  ApiError,
  TransportError,
  apiPath,
  buildHeaders,
  failTransport,
  isEnvelope,
  messageOf,
  send,
  underOwnDeviceId,
  underLiveSession,
  type CallData,
  type RequestOptions,
} from './api-client';
import { getDeviceId, getToken } from './identity';

/** One form field's value moved from `from` to `to`, or the field left out when `to` is null. */
function formWith(form: FormData, field: string, from: string, to: string | null): FormData {
  if (from === to || form.get(field) !== from) return form;
  const copy = new FormData();
  for (const [name, value] of form.entries()) {
    if (name !== field) copy.append(name, value);
    else if (to !== null) copy.append(name, to);
  }
  return copy;
}

/**
 * The form a multipart call sends under `deviceId` and `token`: its `anonymous_id` and `token`
 * fields follow a renewed device id and a renewed (or dropped) token.
 */
function formFor(
  form: FormData,
  device: { from: string; to: string },
  token: { from: string | null; to: string | null },
): FormData {
  const moved = formWith(form, 'anonymous_id', device.from, device.to);
  return token.from === null ? moved : formWith(moved, 'token', token.from, token.to);
}

/** Sends a multipart call under the stored session and device id, renewing either once. */
function underIdentity<T>(
  name: CallName,
  form: FormData,
  sendForm: (form: FormData) => Promise<T>,
): Promise<T> {
  const original = getDeviceId();
  const sentToken = getToken();
  return underLiveSession(apiPath(name), (token) =>
    underOwnDeviceId((deviceId) =>
      sendForm(formFor(form, { from: original, to: deviceId }, { from: sentToken, to: token })),
    ),
  );
}

/** A multipart call (uploads): no content-type header, so the browser sets the boundary. */
export async function postMultipart<N extends CallName>(
  name: N,
  formData: FormData,
  options: RequestOptions = {},
): Promise<CallData<N>> {
  return (await underIdentity(name, formData, (form) =>
    send(apiPath(name), form, false, options),
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
  return underIdentity(name, formData, (form) => sendWithProgress(name, form, options));
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
    for (const [header, value] of Object.entries(buildHeaders(false))) {
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
        new TransportError('parse', `${url} answered non-JSON`, null, {
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
    failTransport(new TransportError('parse', `${url} answered without an envelope`));
  }
  if (parsed.code !== 0) throw new ApiError(parsed.code, messageOf(parsed), parsed.data);
  return parsed.data;
}
