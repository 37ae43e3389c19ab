import { describe, expect, it, vi } from 'vitest';
import { FAKE_UPLOAD_STEPS, fail, mockApi, okUnchecked } from '../testing/mock-api';
import { ApiError, TransportError } from './api-client';
import { postMultipartWithProgress, type UploadProgress } from './api-multipart';

function form() {
  const data = new FormData();
  data.append('file', new File([new Uint8Array(10)], 'photo.jpg', { type: 'image/jpeg' }));
  data.append('category_id', '1');
  return data;
}

describe('postMultipartWithProgress', () => {
  it('posts the form with the spec headers but no content-type, and reports progress', async () => {
    const fetchMock = mockApi({ upload_photo: okUnchecked({ photo: { id: 1 } }) });
    const onProgress = vi.fn<(progress: UploadProgress) => void>();
    await expect(
      postMultipartWithProgress('upload_photo', form(), { onProgress }),
    ).resolves.toEqual({ photo: { id: 1 } });
    const call = fetchMock.callsTo('upload_photo')[0];
    expect(call?.init.method).toBe('POST');
    expect(call?.headers.has('content-type')).toBe(false);
    expect(call?.headers.get('plantype')).toBe('H5');
    expect(call?.headers.get('device-id')).toMatch(/^web-/);
    expect(call?.body).toBeInstanceOf(FormData);
    expect(onProgress.mock.calls.map(([progress]) => progress.fraction)).toEqual([
      ...FAKE_UPLOAD_STEPS,
    ]);
  });

  it("rejects with the server's code and msg", async () => {
    mockApi({ upload_photo: fail(40005, '照片太小') });
    const error = await postMultipartWithProgress('upload_photo', form()).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 40005, message: '照片太小' });
  });

  it('rejects with a transport error when the network fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The fake XMLHttpRequest of mockApi sends through its fetch: a rejection is a network error.
    mockApi({ upload_photo: () => Promise.reject(new TypeError('offline')) });
    const error = await postMultipartWithProgress('upload_photo', form()).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'network' });
  });
});
