import { CLIENT_STORAGE_KEYS, ErrorCode } from '@yanzhi/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, okUnchecked, type RecordedCall } from '../testing/mock-api';
import { ApiError, callApi } from './api-client';
import { postMultipart } from './api-multipart';
import { getDeviceId } from './identity';

const PLANTED = 'web-planted-by-a-link';
const TAKEN = fail(ErrorCode.DEVICE_ID_TAKEN, '此设备标识属于另一台设备');

/** A server on which the planted id belongs to another device; any other id is this device's. */
function refusePlanted(data: unknown) {
  return (call: RecordedCall) => {
    const named =
      call.body instanceof FormData
        ? call.body.get('anonymous_id')
        : (call.body as { anonymous_id?: unknown }).anonymous_id;
    return call.headers.get('device-id') === PLANTED || named === PLANTED
      ? TAKEN
      : okUnchecked(data);
  };
}

describe('a device id that belongs to another device (ADR 0022)', () => {
  beforeEach(() => {
    // What `?device-id=` capture (spec §2) stores from a planted link.
    localStorage.setItem(CLIENT_STORAGE_KEYS.deviceId, PLANTED);
  });

  it('is dropped for a fresh "web-" + GUID id, stored, and the call retried once, silently', async () => {
    const fetchMock = mockApi({ get_user_vote_stats: refusePlanted({ total_votes: 0 }) });
    await expect(
      callApi('get_user_vote_stats', { anonymous_id: PLANTED, user_id: null }),
    ).resolves.toEqual({ total_votes: 0 });

    const fresh = getDeviceId();
    expect(fresh).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.deviceId)).toBe(fresh);
    const [refused, retried] = fetchMock.calls;
    expect(fetchMock.calls).toHaveLength(2);
    expect(refused?.headers.get('device-id')).toBe(PLANTED);
    expect(retried?.headers.get('device-id')).toBe(fresh);
    expect(retried?.body).toEqual({ anonymous_id: fresh, user_id: null });
  });

  it('renews once when several calls are refused together', async () => {
    const fetchMock = mockApi({
      get_user_vote_stats: refusePlanted({ total_votes: 0 }),
      get_random_photos_for_rating: refusePlanted(null),
    });
    await Promise.all([
      callApi('get_user_vote_stats', { anonymous_id: PLANTED }),
      callApi('get_random_photos_for_rating', { category_id: 1, anonymous_id: PLANTED }),
    ]);
    const fresh = getDeviceId();
    const retries = fetchMock.calls.filter((call) => call.headers.get('device-id') !== PLANTED);
    expect(retries).toHaveLength(2);
    expect(retries.map((call) => (call.body as { anonymous_id: string }).anonymous_id)).toEqual([
      fresh,
      fresh,
    ]);
  });

  it('renews a multipart call’s anonymous_id field too', async () => {
    const fetchMock = mockApi({ upload_photo: refusePlanted({ photo_id: 3 }) });
    const form = new FormData();
    form.append('category_id', '1');
    form.append('anonymous_id', PLANTED);
    await expect(postMultipart('upload_photo', form)).resolves.toEqual({ photo_id: 3 });
    const retried = fetchMock.calls[1]?.body as FormData;
    expect(retried.get('anonymous_id')).toBe(getDeviceId());
    expect(retried.get('category_id')).toBe('1');
  });

  it('retries only once: a second refusal reaches the caller', async () => {
    const fetchMock = mockApi({ get_user_vote_stats: TAKEN });
    const error = await callApi('get_user_vote_stats', { anonymous_id: PLANTED }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.DEVICE_ID_TAKEN });
    expect(fetchMock.calls).toHaveLength(2);
  });

  it('sends same-origin cookies, where the device secret travels', async () => {
    const fetchMock = mockApi({ get_user_vote_stats: okUnchecked({}) });
    await callApi('get_user_vote_stats', { anonymous_id: getDeviceId() });
    expect(fetchMock.calls[0]?.init.credentials).not.toBe('omit');
  });
});
