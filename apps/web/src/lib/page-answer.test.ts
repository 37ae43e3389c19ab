import { CLIENT_STORAGE_KEYS, type PageAnswer } from '@yanzhi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPageAnswer, writePageAnswer } from '../testing/in-page';
import { takePageAnswer } from './page-answer';

const PHOTO: PageAnswer = { call: 'get_photo', input: { photo_id: 7 }, data: { id: 7 } };

describe('takePageAnswer (the first screen a page carries)', () => {
  afterEach(() => {
    clearPageAnswer();
    localStorage.clear();
  });

  it('gives the answer of exactly the call and input asked, once', () => {
    writePageAnswer(PHOTO);
    expect(takePageAnswer('get_photo', { photo_id: 7 })).toEqual({ id: 7 });
    // Taken: a later visit to the page in this session asks the server.
    expect(takePageAnswer('get_photo', { photo_id: 7 })).toBeUndefined();
  });

  it('gives nothing for another call, another input, a missing or an extra field', () => {
    for (const [call, input] of [
      ['get_leaderboard', { photo_id: 7 }],
      ['get_photo', { photo_id: 8 }],
      ['get_photo', {}],
      ['get_photo', { photo_id: 7, page: 1 }],
    ] as const) {
      writePageAnswer(PHOTO);
      expect(takePageAnswer(call, input)).toBeUndefined();
    }
  });

  it('gives nothing to a browser with a session: its own answer may differ', () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'tok');
    writePageAnswer(PHOTO);
    expect(takePageAnswer('get_photo', { photo_id: 7 })).toBeUndefined();
  });

  it('gives nothing when the page has none or it cannot be read', () => {
    expect(takePageAnswer('get_photo', { photo_id: 7 })).toBeUndefined();
    writePageAnswer('{not json');
    expect(takePageAnswer('get_photo', { photo_id: 7 })).toBeUndefined();
  });
});
