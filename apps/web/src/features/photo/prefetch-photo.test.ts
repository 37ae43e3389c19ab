import type { PublicPhoto } from '@yanzhi/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { clearPageAnswer, writePageAnswer } from '../../testing/in-page';
import { photoKeys } from './api/get-photo';
import { prefetchPhoto } from './prefetch-photo';

const PHOTO = { id: 12, category_id: 1, owner_name: '小红' } as PublicPhoto;

function writeIntoPage(photoId: number): void {
  writePageAnswer({
    call: 'get_photo',
    input: { photo_id: photoId },
    data: { ...PHOTO, id: photoId },
  });
}

describe('prefetchPhoto (a first visit to /p/<id>)', () => {
  afterEach(() => {
    clearPageAnswer();
  });

  it('shows the photo the page carries without asking for it', () => {
    const api = mockApi({ get_photo: ok(PHOTO) });
    const client = new QueryClient();
    writeIntoPage(12);
    prefetchPhoto(client, '/p/12');
    expect(client.getQueryData(photoKeys.photo(12))).toEqual(PHOTO);
    expect(api.callsTo('get_photo')).toHaveLength(0);
  });

  it("asks for the address's photo when the page carries another one or none", async () => {
    const api = mockApi({ get_photo: ok(PHOTO) });
    const client = new QueryClient();
    writeIntoPage(13);
    prefetchPhoto(client, '/p/12');
    await expect.poll(() => client.getQueryData(photoKeys.photo(12))).toEqual(PHOTO);
    prefetchPhoto(client, '/p/14');
    expect(api.callsTo('get_photo').map((call) => call.body)).toEqual([
      { photo_id: 12 },
      { photo_id: 14 },
    ]);
  });
});
