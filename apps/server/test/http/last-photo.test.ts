import { ERROR_MESSAGES, ErrorCode, uploadPhotoResponseSchema } from '@yanzhi/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';

/** Spec §4: a photo is removed only while its owner has more than one. */
describe.each(dialects)('delete_photo keeps a user’s last photo on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let seed = dialect === 'postgres' ? 300 : 200;
  beforeEach(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_UPLOADS_PER_HOUR_USER: '1000',
      RATE_LIMIT_UPLOADS_PER_HOUR_IP: '1000',
    });
    [category = 0] = await categoryIds(app);
  });
  afterEach(() => app.close());

  async function uploadAs(headers: Record<string, string>) {
    seed += 1;
    const result = await upload(
      app,
      { bytes: await photoJpeg(seed) },
      { category_id: String(category) },
      { headers },
    );
    expect(result.code, result.msg).toBe(0);
    return uploadPhotoResponseSchema.parse(result.data);
  }

  const remaining = async (headers: Record<string, string>) =>
    ((await app.call('get_my_photos', {}, headers)).data as { total_photos: number }).total_photos;

  it('refuses the only photo with 40908 and its message, and keeps it', async () => {
    const first = await uploadAs({ 'device-id': `web-last-${dialect}` });
    const headers = { 'access-token': first.token ?? '' };
    const refused = await app.call('delete_photo', { photo_id: first.photo.id }, headers);
    expect(refused.code).toBe(ErrorCode.LAST_PHOTO);
    expect(refused.msg).toBe(ERROR_MESSAGES[ErrorCode.LAST_PHOTO].zh);
    expect(refused.status).toBeLessThan(500);
    expect(await remaining(headers)).toBe(1);
  });

  it('deletes one of two, then refuses the other', async () => {
    const first = await uploadAs({ 'device-id': `web-two-${dialect}` });
    const headers = { 'access-token': first.token ?? '' };
    const second = await uploadAs(headers);
    const deleted = await app.call('delete_photo', { photo_id: first.photo.id }, headers);
    expect(deleted).toMatchObject({ code: 0, data: { photo_id: first.photo.id, deleted: true } });
    const last = await app.call('delete_photo', { photo_id: second.photo.id }, headers);
    expect(last.code).toBe(ErrorCode.LAST_PHOTO);
    expect(await remaining(headers)).toBe(1);
  });

  it('counts hidden and removed photos: they are still the user’s', async () => {
    const first = await uploadAs({ 'device-id': `web-hidden-${dialect}` });
    const headers = { 'access-token': first.token ?? '' };
    const second = await uploadAs(headers);
    await app.db
      .updateTable('photos')
      .set({ state: 'removed', state_reason: 'test' })
      .where('id', '=', second.photo.id)
      .execute();
    const deleted = await app.call('delete_photo', { photo_id: first.photo.id }, headers);
    expect(deleted.code, deleted.msg).toBe(0);
    // The removed one is now the last.
    const last = await app.call('delete_photo', { photo_id: second.photo.id }, headers);
    expect(last.code).toBe(ErrorCode.LAST_PHOTO);
  });

  it('lets only one of two deletes sent at once through', async () => {
    const first = await uploadAs({ 'device-id': `web-race-${dialect}` });
    const headers = { 'access-token': first.token ?? '' };
    const second = await uploadAs(headers);
    const answers = await Promise.all(
      [first, second].map((made) => app.call('delete_photo', { photo_id: made.photo.id }, headers)),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, ErrorCode.LAST_PHOTO]);
    expect(await remaining(headers)).toBe(1);
  });

  it('asks who the caller is before anything else', async () => {
    const first = await uploadAs({ 'device-id': `web-stranger-${dialect}` });
    const stranger = await uploadAs({ 'device-id': `web-stranger2-${dialect}` });
    const strangerHeaders = { 'access-token': stranger.token ?? '' };
    // Someone else's photo is forbidden, not "your last photo".
    const other = await app.call('delete_photo', { photo_id: first.photo.id }, strangerHeaders);
    expect(other.code).toBe(ErrorCode.FORBIDDEN);
    const unknown = await app.call('delete_photo', { photo_id: 987654 }, strangerHeaders);
    expect(unknown.code).toBe(ErrorCode.PHOTO_NOT_FOUND);
  });
});
