import fs from 'node:fs';
import path from 'node:path';
import { API, ErrorCode, sessionSchema, uploadPhotoResponseSchema } from '@yanzhi/contract';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaRepository, photoFileKeys } from '../../src/repositories/media.repository.js';
import { UploadStagingRepository } from '../../src/repositories/upload-staging.repository.js';
import { sweepOrphanFiles, UploadRepository } from '../../src/repositories/upload.repository.js';
import {
  countRows,
  firstCategoryId,
  mediaFiles,
  multipartBody,
  photoJpeg,
  stagedFiles,
  upload,
} from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';

const HOUR_MS = 3_600_000;

describe.each(dialects)('upload_photo on %s', (dialect) => {
  let app: TestApp;
  let categoryId: number;
  let fields: Record<string, string>;

  async function start(env: Record<string, string> = {}) {
    app = await createTestApp(dialect, env);
    categoryId = await firstCategoryId(app);
    fields = { category_id: String(categoryId) };
  }
  afterEach(() => app.close());

  async function signedUp(seed: number, deviceId = `web-device-${seed}`) {
    const result = await upload(app, { bytes: await photoJpeg(seed) }, fields, {
      headers: { 'device-id': deviceId },
    });
    expect(result.code, result.msg).toBe(0);
    return uploadPhotoResponseSchema.parse(result.data);
  }

  describe('device accounts and sessions', () => {
    beforeEach(() => start());

    it('creates a device account on an upload without a session and returns its session', async () => {
      const data = await signedUp(1, 'web-5f0c1d2e');
      const session = sessionSchema.parse(data);
      expect(session.token).toMatch(/^at_/);
      expect(session.refresh_token).toMatch(/^rt_/);
      expect(session.userInfo).toMatchObject({ is_device_account: true, fuel: 50, role: 'user' });
      expect(session.userInfo.nickname).toMatch(/^用户\d{4}$/);
      expect(data.photo).toMatchObject({
        category_id: categoryId,
        current_score: 550,
        provisional: true,
        comparisons: 0,
        wins: 0,
        state: 'active',
        state_reason: null,
        boost_remaining: 0,
        created_at: new Date(app.clock.now()).toISOString(),
      });

      const user = await app.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(user).toMatchObject({ is_device_account: 1, device_id: 'web-5f0c1d2e', is_demo: 0 });
      const ledger = await app.db.selectFrom('fuel_ledger').selectAll().execute();
      expect(ledger).toMatchObject([{ user_id: user.id, amount: 50, reason: 'welcome' }]);
      const photo = await app.db.selectFrom('photos').selectAll().executeTakeFirstOrThrow();
      expect(photo).toMatchObject({
        user_id: user.id,
        state: 'active',
        current_score: 550,
        provisional: 1,
        mu: 0,
        sigma2: 1,
        is_demo: 0,
        published_at: app.clock.now(),
      });
      const info = await app.call('get_user_info', {}, { 'access-token': session.token });
      expect(info.code).toBe(0);
    });

    it('adds a second upload with the returned token to the same account, answering only the photo', async () => {
      const first = await signedUp(1);
      const second = await upload(app, { bytes: await photoJpeg(2) }, fields, {
        headers: { 'access-token': first.token ?? '' },
      });
      expect(second.code).toBe(0);
      expect(Object.keys(second.data as object)).toEqual(['photo']);
      expect(await countRows(app, 'users')).toBe(1);
      const owners = await app.db.selectFrom('photos').select('user_id').distinct().execute();
      expect(owners).toEqual([{ user_id: first.userInfo?.id }]);
    });

    it('takes the device id from an anonymous_id field when there is no device-id header', async () => {
      const result = await upload(
        app,
        { bytes: await photoJpeg(3) },
        {
          ...fields,
          anonymous_id: 'web-from-field',
        },
      );
      expect(result.code).toBe(0);
      const user = await app.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(user.device_id).toBe('web-from-field');
    });

    it('answers a stale or unknown token with its code instead of making a new account', async () => {
      const first = await signedUp(1);
      const stale = await upload(app, { bytes: await photoJpeg(2) }, fields, {
        headers: { 'access-token': 'at_not-a-real-token' },
      });
      expect(stale.code).toBe(ErrorCode.TOKEN_INVALID);
      app.clock.advance(app.config.sessionTtlMs + 1);
      const expired = await upload(app, { bytes: await photoJpeg(2) }, fields, {
        headers: { 'access-token': first.token ?? '' },
      });
      expect(expired.code).toBe(ErrorCode.TOKEN_EXPIRED);
      expect(await countRows(app, 'users')).toBe(1);
      expect(await countRows(app, 'photos')).toBe(1);
    });

    it('refuses a banned account instead of making it a new one', async () => {
      const first = await signedUp(1);
      await app.db.updateTable('users').set({ status: 'banned' }).execute();
      const result = await upload(app, { bytes: await photoJpeg(2) }, fields, {
        headers: { 'access-token': first.token ?? '' },
      });
      expect(result.code).toBe(ErrorCode.ACCOUNT_BANNED);
      expect(await countRows(app, 'users')).toBe(1);
    });

    it('puts the new photo in the pairing index at once', async () => {
      const voter = { category_id: categoryId, anonymous_id: 'web-voter-1' };
      // Load the category's index first, so only the upload can put the photos in it.
      expect((await app.call('get_random_photos_for_rating', voter)).code).toBe(
        ErrorCode.NO_PAIR_AVAILABLE,
      );
      const a = await signedUp(1);
      const b = await signedUp(2);
      const { index } = await app.services.arenaIndexes.get(categoryId);
      expect(index.get(String(a.photo.id))).toMatchObject({ comparisons: 0, mu: 0, sigma2: 1 });
      const pair = await app.call('get_random_photos_for_rating', voter);
      expect(pair.code).toBe(0);
      const ids = (pair.data as { photos: { id: number }[] }).photos.map((photo) => photo.id);
      expect(ids.sort()).toEqual([a.photo.id, b.photo.id].sort());
    });
  });

  describe('duplicates', () => {
    beforeEach(() => start());

    it('refuses the same image from the same owner, even re-encoded, resized or as PNG', async () => {
      const original = await photoJpeg(7);
      const first = await signedUp(7);
      const headers = { 'access-token': first.token ?? '' };
      const filesBefore = mediaFiles(app);
      const variants = [
        original,
        await sharp(original).jpeg({ quality: 55 }).toBuffer(),
        await sharp(original).resize(450, 600).jpeg().toBuffer(),
        await sharp(original).png().toBuffer(),
      ];
      for (const bytes of variants) {
        const again = await upload(app, { bytes }, fields, { headers });
        expect(again.code).toBe(ErrorCode.DUPLICATE_PHOTO);
      }
      expect(mediaFiles(app)).toEqual(filesBefore);
      expect(await countRows(app, 'photos')).toBe(1);

      expect((await upload(app, { bytes: await photoJpeg(8) }, fields, { headers })).code).toBe(0);
      // Someone else may upload the same picture.
      expect((await upload(app, { bytes: original }, fields)).code).toBe(0);
    });

    it('accepts the image again once the owner deleted it', async () => {
      const first = await signedUp(9);
      await app.db.updateTable('photos').set({ state: 'deleted' }).execute();
      const again = await upload(app, { bytes: await photoJpeg(9) }, fields, {
        headers: { 'access-token': first.token ?? '' },
      });
      expect(again.code).toBe(0);
    });

    it('lets only one of two identical concurrent uploads through', async () => {
      const first = await signedUp(10);
      const headers = { 'access-token': first.token ?? '' };
      const bytes = await photoJpeg(11);
      const results = await Promise.all([
        upload(app, { bytes }, fields, { headers }),
        upload(app, { bytes }, fields, { headers }),
      ]);
      expect(results.map((result) => result.code).sort()).toEqual([0, ErrorCode.DUPLICATE_PHOTO]);
      // Two photos of three files each; the refused copy left none.
      expect(mediaFiles(app)).toHaveLength(2 * 3);
    });
  });

  describe('rate limits', () => {
    beforeEach(() =>
      start({ RATE_LIMIT_UPLOADS_PER_HOUR_USER: '2', RATE_LIMIT_UPLOADS_PER_HOUR_IP: '3' }),
    );

    it('limits uploads per user per hour', async () => {
      const first = await signedUp(1);
      const headers = { 'access-token': first.token ?? '' };
      const from = (n: number) => ({ headers, remoteAddress: `10.0.0.${n}` });
      expect((await upload(app, { bytes: await photoJpeg(2) }, fields, from(1))).code).toBe(0);
      expect((await upload(app, { bytes: await photoJpeg(3) }, fields, from(2))).code).toBe(0);
      const limited = await upload(app, { bytes: await photoJpeg(4) }, fields, from(3));
      expect(limited.code).toBe(ErrorCode.RATE_LIMITED);
      expect(await countRows(app, 'photos')).toBe(3);
      app.clock.advance(HOUR_MS);
      expect((await upload(app, { bytes: await photoJpeg(4) }, fields, from(4))).code).toBe(0);
    });

    it('limits uploads per address per hour, before reading the file', async () => {
      const from = (n: number) => ({
        remoteAddress: '10.9.9.9',
        headers: { 'device-id': `web-ip-${n}` },
      });
      for (let n = 1; n <= 3; n += 1) {
        expect((await upload(app, { bytes: await photoJpeg(n) }, fields, from(n))).code).toBe(0);
      }
      const files = mediaFiles(app);
      const limited = await upload(app, { bytes: await photoJpeg(4) }, fields, from(4));
      expect(limited.code).toBe(ErrorCode.RATE_LIMITED);
      expect(await countRows(app, 'users')).toBe(3);
      expect(mediaFiles(app)).toEqual(files);
      const elsewhere = await upload(app, { bytes: await photoJpeg(4) }, fields, {
        remoteAddress: '10.9.9.10',
      });
      expect(elsewhere.code).toBe(0);
    });
  });

  describe('input', () => {
    beforeEach(() => start());

    it('names a missing or invalid category_id (40001) and refuses an unknown one (40401)', async () => {
      const bytes = await photoJpeg(1);
      const bodies: Record<string, string>[] = [{}, { category_id: 'abc' }, { category_id: '0' }];
      for (const body of bodies) {
        const result = await upload(app, { bytes }, body);
        expect(result.code).toBe(ErrorCode.VALIDATION_FAILED);
        expect(result.msg).toContain('category_id');
        expect(result.data).toMatchObject({ field: 'category_id' });
      }
      const unknown = await upload(app, { bytes }, { category_id: '999999' });
      expect(unknown.code).toBe(ErrorCode.CATEGORY_NOT_FOUND);
      expect(await countRows(app, 'users')).toBe(0);
      expect(mediaFiles(app)).toEqual([]);
    });

    it('answers 40006 without a file part, or with the file under another name', async () => {
      expect((await upload(app, null, fields)).code).toBe(ErrorCode.FILE_MISSING);
      const { body, contentType } = await multipartBody(null, { ...fields, photo: 'x' });
      const response = await app.server.inject({
        method: 'POST',
        url: API.upload_photo.path,
        payload: body,
        headers: { 'content-type': contentType },
      });
      expect(response.json()).toMatchObject({ code: ErrorCode.FILE_MISSING });
    });

    it('reads the fields in either order', async () => {
      const result = await upload(app, { bytes: await photoJpeg(1) }, fields, { fileFirst: true });
      expect(result.code).toBe(0);
    });

    it('refuses a JSON body with 41500 and a broken multipart body with 40002', async () => {
      const json = await app.call('upload_photo', { category_id: categoryId });
      expect(json.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
      const broken = await app.server.inject({
        method: 'POST',
        url: API.upload_photo.path,
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect(broken.json<{ code: number }>().code).toBe(ErrorCode.MALFORMED_BODY);
      expect(await countRows(app, 'users')).toBe(0);
    });

    it('ignores the file name and the claimed content type: only the bytes count', async () => {
      const png = await sharp(await photoJpeg(1))
        .png()
        .toBuffer();
      const result = await upload(
        app,
        { bytes: png, name: 'evil.html', type: 'text/html' },
        fields,
      );
      expect(result.code).toBe(0);
    });
  });

  describe('atomicity and the orphan sweep', () => {
    beforeEach(() => start());

    it('deletes the written files when the row cannot be inserted', async () => {
      const spy = vi
        .spyOn(UploadRepository.prototype, 'insertPhoto')
        .mockRejectedValueOnce(new Error('disk full'));
      try {
        const result = await upload(app, { bytes: await photoJpeg(1) }, fields);
        expect(result).toMatchObject({ status: 500, code: ErrorCode.INTERNAL });
        expect(result.msg).not.toContain('disk full');
      } finally {
        spy.mockRestore();
      }
      expect(mediaFiles(app)).toEqual([]);
      // The device account was made in the same transaction and is gone too.
      expect(await countRows(app, 'users')).toBe(0);
      expect(await countRows(app, 'photos')).toBe(0);
      expect((await upload(app, { bytes: await photoJpeg(1) }, fields)).code).toBe(0);
    });

    it('answers a full staging disk as its own failure (500), not as a broken body, and keeps nothing', async () => {
      const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
      });
      const spy = vi.spyOn(UploadStagingRepository.prototype, 'stage').mockRejectedValueOnce(full);
      try {
        const result = await upload(app, { bytes: await photoJpeg(1) }, fields);
        expect(result).toMatchObject({ status: 500, code: ErrorCode.INTERNAL });
      } finally {
        spy.mockRestore();
      }
      expect(await countRows(app, 'users')).toBe(0);
      expect(stagedFiles(app)).toEqual([]);
      expect((await upload(app, { bytes: await photoJpeg(1) }, fields)).code).toBe(0);
      expect(stagedFiles(app)).toEqual([]);
    });

    it('sweeps orphan files older than the grace period and keeps referenced and recent ones', async () => {
      const kept = await signedUp(1);
      const row = await app.db
        .selectFrom('photos')
        .select(['display_key', 'medium_key', 'thumb_key'])
        .where('id', '=', kept.photo.id)
        .executeTakeFirstOrThrow();
      const media = app.config.mediaDir;
      const age = (key: string, minutes: number) => {
        const when = new Date(app.clock.now() - minutes * 60_000);
        fs.utimesSync(path.join(media, key), when, when);
      };
      const plant = (key: string, minutes: number) => {
        fs.mkdirSync(path.dirname(path.join(media, key)), { recursive: true });
        fs.writeFileSync(path.join(media, key), 'orphan');
        age(key, minutes);
      };
      plant('photos/ab/orphan-old.webp', 11);
      plant('photos/ab/orphan-old-t.webp', 60 * 24);
      plant('photos/cd/crashed.webp.0a1b2c.tmp', 30);
      plant('photos/ab/orphan-recent.webp', 2);
      const keys = photoFileKeys(row);
      expect(keys).toHaveLength(3);
      for (const key of keys) age(key, 60);

      const removed = await app.services.photos.sweepOrphanFiles();
      expect(removed.sort()).toEqual([
        'photos/ab/orphan-old-t.webp',
        'photos/ab/orphan-old.webp',
        'photos/cd/crashed.webp.0a1b2c.tmp',
      ]);
      const left = mediaFiles(app).map((file) => file.split(path.sep).join('/'));
      expect(left).toEqual([...keys, 'photos/ab/orphan-recent.webp'].sort());

      // The exported function, with a grace period of its own.
      const uploads = new UploadRepository(app.db);
      const again = await sweepOrphanFiles(uploads, new MediaRepository(media), {
        now: app.clock.now(),
        graceMs: 60_000,
      });
      expect(again).toEqual(['photos/ab/orphan-recent.webp']);
    });

    it("sweeps a deleted photo's files left by a crash between its tombstone and their removal", async () => {
      const gone = await signedUp(1);
      const row = await app.db
        .selectFrom('photos')
        .select(['display_key', 'medium_key', 'thumb_key'])
        .where('id', '=', gone.photo.id)
        .executeTakeFirstOrThrow();
      // delete_photo marks the row, then removes the files: a kill in between leaves them.
      await app.db
        .updateTable('photos')
        .set({ state: 'deleted' })
        .where('id', '=', gone.photo.id)
        .execute();
      const past = new Date(app.clock.now() - 60 * 60_000);
      const keys = photoFileKeys(row);
      expect(keys).toHaveLength(3);
      for (const key of keys) fs.utimesSync(path.join(app.config.mediaDir, key), past, past);
      const removed = await app.services.photos.sweepOrphanFiles();
      expect(removed.sort()).toEqual(keys.sort());
      expect(mediaFiles(app)).toEqual([]);
    });
  });
});
