import type { Api, Category, CallInput, CallName } from '@yanzhi/contract';
import { vi, type Mock } from 'vitest';
import type { CallData } from '../lib/api-client';

/**
 * A fake server typed by the contract: a handler of a call answers that call's response type
 * and reads its request type, so a field renamed or retyped in packages/contract fails
 * `tsc -p apps/web` in the tests and fixtures that use it.
 */

/** A success envelope whose data is `T` (a call's contract response, in a handler). */
export interface OkEnvelope<T> {
  code: 0;
  msg: string;
  data: T;
}

declare const FAILURE: unique symbol;
/** A refusal, made by `fail` only, so a success cannot pass for one with data of any shape. */
export interface FailEnvelope {
  code: number;
  msg: string;
  data: unknown;
  readonly [FAILURE]: true;
}

export type EnvelopeLike = OkEnvelope<unknown> | FailEnvelope;

/**
 * A call's body as the fake server reads it: the contract's request once validated (as the real
 * server's handler sees it), or the form of a multipart call (uploads).
 */
export type SentBody<N extends CallName> = Api[N]['body'] extends 'multipart'
  ? FormData
  : CallInput<N>;

export interface RecordedCall<Body = unknown> {
  url: string;
  init: RequestInit;
  headers: Headers;
  /** The parsed JSON body, or the FormData of a multipart call. */
  body: Body;
}

/** A call to `N` as the fake server received it. */
export type CallTo<N extends CallName> = RecordedCall<SentBody<N>>;

/** What a handler of `N` may answer: its response, a refusal or a raw HTTP response. */
export type Answer<N extends CallName> = OkEnvelope<CallData<N>> | FailEnvelope | Response;

export type CallHandler<N extends CallName> =
  Answer<N> | ((call: CallTo<N>) => Answer<N> | Promise<Answer<N>>);

export type Handlers = { [N in CallName]?: CallHandler<N> };

export function ok<T>(data: T): OkEnvelope<T> {
  return { code: 0, msg: 'ok', data };
}

export function fail(code: number, msg: string, data: unknown = null): FailEnvelope {
  return { code, msg, data } as FailEnvelope;
}

/**
 * Any data in a success envelope, unchecked by the contract: for the API client's own tests,
 * which check that data passes through untouched whatever its shape.
 */
export function okUnchecked(data: unknown): Response {
  return jsonResponse(ok(data));
}

/** What the server answers for a call whose issue has not landed yet. */
export const NOT_AVAILABLE = fail(50100, '该功能尚未开放');

export const CATEGORIES: Category[] = [
  { id: 1, slug: 'female', name: '女生', name_en: 'Women', sort_order: 1, photo_count: 12 },
  { id: 2, slug: 'male', name: '男生', name_en: 'Men', sort_order: 2, photo_count: 9 },
  { id: 3, slug: 'star', name: '明星', name_en: 'Celebrities', sort_order: 3, photo_count: 5 },
  { id: 4, slug: 'ai', name: 'AI', name_en: 'AI', sort_order: 4, photo_count: 3 },
];

export const USER_INFO = {
  id: 7,
  nickname: '小明',
  avatar_url: null,
  fuel: 88,
  role: 'user',
  is_device_account: false,
  created_at: '2025-01-01T00:00:00.000Z',
} as const;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function toRecordedCall(input: RequestInfo | URL, init: RequestInit = {}): RecordedCall {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  let body: unknown = init.body;
  if (typeof init.body === 'string') body = JSON.parse(init.body) as unknown;
  return { url, init, headers: new Headers(init.headers), body };
}

export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

/**
 * Replaces fetch (and only fetch) with a fake server: each call name answers with its handler,
 * anything else with the server's "no such endpoint" envelope.
 */
export function mockApi(handlers: Handlers = {}): FetchMock & {
  calls: RecordedCall[];
  callsTo: <N extends CallName>(name: N) => CallTo<N>[];
} {
  const calls: RecordedCall[] = [];
  const fetchMock: FetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = toRecordedCall(input, init);
    calls.push(call);
    const name = call.url.replace(/^\/api\//, '') as CallName;
    // One call's handler, seen from here as any call's: the URL named it, so the types agree.
    const handler = handlers[name] as CallHandler<CallName> | undefined;
    if (handler === undefined) return jsonResponse(fail(40400, '接口不存在'));
    const answer =
      typeof handler === 'function' ? await handler(call as CallTo<CallName>) : handler;
    return answer instanceof Response ? answer.clone() : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(fetchMock));
  return Object.assign(fetchMock, {
    calls,
    // The URL names the call, so its body is that call's (as the app sent it).
    callsTo: <N extends CallName>(name: N) =>
      calls.filter((call) => call.url === `/api/${name}`) as CallTo<N>[],
  });
}

/** The upload progress events the fake XMLHttpRequest reports, in order, before its answer. */
export const FAKE_UPLOAD_STEPS = [0.5, 1] as const;

/**
 * An XMLHttpRequest that sends through the (mocked) fetch, so multipart uploads with progress
 * are recorded and answered by the same handlers; it reports FAKE_UPLOAD_STEPS as progress.
 */
function fakeXhrOver(fetchImpl: FetchMock) {
  return class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private method = 'GET';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    send(body: XMLHttpRequestBodyInit | null) {
      void (async () => {
        const total = body instanceof FormData ? 1000 : 0;
        for (const step of FAKE_UPLOAD_STEPS) {
          await Promise.resolve();
          this.upload.onprogress?.({
            lengthComputable: total > 0,
            loaded: total * step,
            total,
          } as ProgressEvent);
        }
        try {
          const response = await fetchImpl(this.url, {
            method: this.method,
            headers: this.headers,
            body,
          });
          if (this.aborted) return;
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        } catch {
          if (!this.aborted) this.onerror?.();
        }
      })();
    }
  };
}
