import { API, CALL_NAMES, CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fail, jsonResponse, mockApi, ok, okUnchecked } from '../testing/mock-api';
import { ApiError, TransportError, apiPath, callApi, post } from './api-client';
import { postMultipart } from './api-multipart';
import { getDeviceId, getSessionId } from './identity';
import { setLanguage } from './i18n';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('API client (spec §7)', () => {
  let consoleError: MockInstance<(typeof console)['error']>;

  beforeEach(() => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_UA);
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('uses the contract path of every call', () => {
    for (const name of CALL_NAMES) expect(apiPath(name)).toBe(API[name].path);
  });

  it('POSTs a JSON body to the relative path and resolves with data', async () => {
    const fetchMock = mockApi({ get_categories: okUnchecked([{ id: 1 }]) });
    await expect(callApi('get_categories')).resolves.toEqual([{ id: 1 }]);
    const [call] = fetchMock.calls;
    expect(call?.url).toBe('/api/get_categories');
    expect(call?.init.method).toBe('POST');
    expect(call?.body).toEqual({});
  });

  it('sends the body fields as given', async () => {
    const fetchMock = mockApi({ get_random_photos_for_rating: okUnchecked(null) });
    await callApi('get_random_photos_for_rating', {
      category_id: 2,
      anonymous_id: 'web-abc',
      user_id: null,
    });
    expect(fetchMock.calls[0]?.body).toEqual({
      category_id: 2,
      anonymous_id: 'web-abc',
      user_id: null,
    });
  });

  it('carries every header of spec §7 with its default values', async () => {
    const fetchMock = mockApi({ get_categories: ok([]) });
    await callApi('get_categories');
    const headers = fetchMock.calls[0]?.headers;
    expect(headers?.get('content-type')).toBe('application/json');
    expect(headers?.get('plantype')).toBe('H5');
    expect(headers?.get('version')).toBe('6.67.7');
    expect(headers?.get('packageid')).toBe('web');
    expect(headers?.get('umengchannel')).toBe('web');
    expect(headers?.get('device-brand')).toBe('Apple');
    expect(headers?.get('device-model')).toBe('iPhone');
    expect(headers?.get('device-id')).toBe(getDeviceId());
    expect(headers?.get('device-id')).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(headers?.get('x-session-id')).toBe(getSessionId());
    expect(headers?.get('x-session-id')).toMatch(/^X_[0-9a-f-]{36}$/);
    expect(headers?.get('accept-language')).toBe('zh-CN');
    // No token stored: the header is left out rather than sent empty.
    expect(headers?.has('access-token')).toBe(false);
  });

  it('sends the stored token, version and device id', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'tok-123');
    localStorage.setItem(CLIENT_STORAGE_KEYS.version, '7.0.1');
    localStorage.setItem(CLIENT_STORAGE_KEYS.deviceId, 'host-device-9');
    setLanguage('en');
    const fetchMock = mockApi({ get_categories: ok([]) });
    await callApi('get_categories');
    const headers = fetchMock.calls[0]?.headers;
    expect(headers?.get('access-token')).toBe('tok-123');
    expect(headers?.get('version')).toBe('7.0.1');
    expect(headers?.get('device-id')).toBe('host-device-9');
    expect(headers?.get('accept-language')).toBe('en');
  });

  it('keeps header values printable ASCII (fetch rejects anything else)', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.version, '版本7.1\n');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 13; 小米 Build/TKQ1) Mobile',
    );
    const fetchMock = mockApi({ get_categories: ok([]) });
    await callApi('get_categories');
    const headers = fetchMock.calls[0]?.headers;
    expect(headers?.get('version')).toBe('7.1');
    expect(headers?.get('device-model')).toBe('unknown');
    for (const [, value] of headers ?? []) expect(value).toMatch(/^[\x20-\x7e]*$/);
  });

  it('falls back to the default version when the stored one has no ASCII left', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.version, '版本');
    const fetchMock = mockApi({ get_categories: ok([]) });
    await callApi('get_categories');
    expect(fetchMock.calls[0]?.headers.get('version')).toBe('6.67.7');
  });

  it('drops the content-type header for multipart uploads and sends the form', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'tok-1');
    const fetchMock = mockApi({ upload_photo: okUnchecked({ photo_id: 5 }) });
    const form = new FormData();
    form.append('category_id', '1');
    await expect(postMultipart('upload_photo', form)).resolves.toEqual({ photo_id: 5 });
    const call = fetchMock.calls[0];
    expect(call?.url).toBe('/api/upload_photo');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe(form);
    expect(call?.headers.has('content-type')).toBe(false);
    expect(call?.headers.get('plantype')).toBe('H5');
    expect(call?.headers.get('access-token')).toBe('tok-1');
  });

  it('rejects a non-zero code with an ApiError carrying code and msg', async () => {
    mockApi({ delete_photo: fail(40402, '照片不存在') });
    const error = await callApi('delete_photo', { photo_id: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 40402, message: '照片不存在' });
    // A server answer is not a transport error: nothing logged.
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("rejects with 'Error' when a non-zero code has no msg", async () => {
    mockApi({ get_categories: fail(50000, '') });
    await expect(callApi('get_categories')).rejects.toMatchObject({
      code: 50000,
      message: 'Error',
    });
    mockApi({ get_categories: jsonResponse({ code: 50000, data: null }) });
    await expect(callApi('get_categories')).rejects.toMatchObject({ message: 'Error' });
  });

  it('logs and rethrows network errors', async () => {
    const cause = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(cause));
    const error = await callApi('get_categories').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as Error).cause).toBe(cause);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('logs and rethrows an answer that is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>oops</html>')));
    await expect(callApi('get_categories')).rejects.toMatchObject({ kind: 'parse' });
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('logs and rethrows a non-2xx answer without an envelope', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('Bad gateway', { status: 502 })));
    await expect(callApi('get_categories')).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it("keeps the server's message when a non-2xx answer still carries the envelope", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(jsonResponse({ code: 41300, msg: '请求内容过大', data: null }, 413)),
    );
    await expect(callApi('get_categories')).rejects.toMatchObject({
      code: 41300,
      message: '请求内容过大',
    });
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('times out after 15 s with a clear error', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init.signal ?? undefined;
            signal?.addEventListener('abort', () => {
              reject(new DOMException('The operation was aborted.', 'AbortError'));
            });
          }),
      ),
    );
    const result = callApi('get_categories').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = await result;
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect((error as Error).message).toContain('15000 ms');
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('does not log a request its caller cancelled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              reject(new DOMException('Aborted', 'AbortError'));
            });
          }),
      ),
    );
    const controller = new AbortController();
    const result = callApi('get_categories', {}, { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('has a generic POST helper for any url', async () => {
    const fetchMock = mockApi();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        void fetchMock(url, init);
        return Promise.resolve(jsonResponse(ok({ echoed: true })));
      }),
    );
    await expect(post('/api/anything', { a: 1 })).resolves.toEqual({ echoed: true });
    expect(fetchMock.calls[0]?.url).toBe('/api/anything');
    expect(fetchMock.calls[0]?.body).toEqual({ a: 1 });
    expect(fetchMock.calls[0]?.headers.get('content-type')).toBe('application/json');
  });
});
