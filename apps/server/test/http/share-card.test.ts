import fs from 'node:fs';
import path from 'node:path';
import { API, ErrorCode, shareCardSchema, type ShareCard } from '@yanzhi/contract';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  firstCategoryId,
  multipartBody,
  photoJpeg,
  upload,
  type UploadFile,
} from '../fixtures/upload-client.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';
import { placePhoto, signIn } from '../support/leaderboard.js';

const DAY_MS = 86_400_000;
/** jsqr is CommonJS with a `default` property its types describe as the whole module. */
const decodeQr = jsqr.default;

/** Where the photo sits on the 750 × 1334 card (inside its frame, away from the corners). */
const PHOTO_REGION = { left: 190, top: 180, width: 370, height: 520 };

interface Caller {
  id: number;
  token: string;
  headers: Record<string, string>;
}

describe.each(dialects)('gen_share_image on %s', (dialect) => {
  let app: TestApp;
  afterEach(() => app.close());

  async function start(env: Record<string, string> = {}) {
    app = await createTestApp(dialect, { TZ_LEADERBOARD: 'Asia/Shanghai', ...env });
  }

  /** A signed-in user with one real uploaded photo (files on disk), ranked or provisional. */
  async function photographer(
    sub: string,
    seed: number,
    standing: { score: number; provisional: boolean } = { score: 742, provisional: false },
  ): Promise<Caller & { photoId: number; categoryId: number }> {
    const caller = await signIn(app, sub, sub);
    const categoryId = await firstCategoryId(app);
    const uploaded = await upload(
      app,
      { bytes: await photoJpeg(seed) },
      { category_id: String(categoryId) },
      { headers: caller.headers },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    const photoId = (uploaded.data as { photo: { id: number } }).photo.id;
    await setStanding(photoId, standing.score, standing.provisional);
    return { ...caller, photoId, categoryId };
  }

  /** Changes a photo's score as a refit would; the boards see it once their cache is stale. */
  async function setStanding(photoId: number, score: number, provisional = false) {
    await app.db
      .updateTable('photos')
      .set({
        current_score: score,
        provisional: provisional ? 1 : 0,
        // A provisional photo joins the boards from BOARD_MIN_COMPARISONS (5) comparisons on.
        comparisons: provisional ? 3 : 40,
        updated_at: app.clock.now(),
      })
      .where('id', '=', photoId)
      .execute();
    app.clock.advance(60_000);
  }

  async function share(
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Envelope> {
    return app.call('gen_share_image', body, headers);
  }

  async function shareMultipart(
    file: UploadFile | null,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Envelope> {
    const { body, contentType } = await multipartBody(file, fields);
    const response = await app.server.inject({
      method: 'POST',
      url: API.gen_share_image.path,
      payload: body,
      headers: { 'content-type': contentType, ...headers },
    });
    return {
      ...response.json<Omit<Envelope, 'status' | 'response'>>(),
      status: response.statusCode,
      response,
    };
  }

  function parseCard(result: Envelope): ShareCard {
    expect(result.code, result.msg).toBe(0);
    return shareCardSchema.parse(result.data);
  }

  function cardFile(card: ShareCard): string {
    expect(card.url).toBe(`/media/cards/${card.photo_id}/${card.url.split('/').at(-1) ?? ''}`);
    expect(card.url).toMatch(/\/[0-9a-f]{32}\.png$/);
    return path.join(app.config.mediaDir, ...card.url.slice('/media/'.length).split('/'));
  }

  async function fetchCard(card: ShareCard): Promise<Buffer> {
    const response = await app.server.inject({ method: 'GET', url: card.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    return response.rawPayload;
  }

  /** The PNG is the answered size, not blank, the photo is drawn, and the QR is the link. */
  async function checkImage(card: ShareCard, png: Buffer): Promise<void> {
    const image = sharp(png);
    const meta = await image.metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([card.width, card.height]);

    const stats = await image.stats();
    for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(20);
    const photo = await sharp(png).extract(PHOTO_REGION).stats();
    expect(photo.channels.slice(0, 3).some((channel) => channel.stdev > 8)).toBe(true);

    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const qr = decodeQr(new Uint8ClampedArray(data), info.width, info.height);
    expect(qr?.data).toBe(card.share_url);
  }

  it('answers 40100 without a session and the token codes for a bad one', async () => {
    await start();
    expect((await share({})).code).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await shareMultipart(null, {})).code).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await share({ token: 'at_unknown' })).code).toBe(ErrorCode.TOKEN_INVALID);
    expect((await share({}, { 'access-token': 'at_unknown' })).code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('answers 40406 to a user without an active photo, with or without a file', async () => {
    await start();
    const caller = await signIn(app, 'nobody', 'Nobody');
    expect((await share({}, caller.headers)).code).toBe(ErrorCode.NO_PHOTO_TO_SHARE);
    const file = { bytes: await photoJpeg(7) };
    expect((await shareMultipart(file, {}, caller.headers)).code).toBe(ErrorCode.NO_PHOTO_TO_SHARE);
  });

  it('renders a Chinese card of the best photo with its rank, the link and a QR code', async () => {
    await start();
    const alice = await photographer('alice', 1);
    // Two better established photos and one below: Alice is third on the all-time board.
    const rival = await signIn(app, 'rival', 'Rival');
    for (const score of [905, 810, 600]) {
      await placePhoto(app, {
        userId: rival.id,
        categoryId: alice.categoryId,
        score,
        publishedAt: app.clock.now(),
      });
    }
    app.clock.advance(60_000);

    const card = parseCard(await share({ lang: 'zh' }, alice.headers));
    expect(card).toMatchObject({
      width: 750,
      height: 1334,
      photo_id: alice.photoId,
      category_id: alice.categoryId,
      period_type: 'all',
      rank: 3,
      current_score: 742,
      share_url: `http://localhost/p/${alice.photoId}`,
    });
    expect(card.share_url).not.toContain(alice.token);
    await checkImage(card, await fetchCard(card));

    expect(parseCard(await share({ lang: 'zh' }, alice.headers)).url).toBe(card.url);
  });

  it('renders in English from lang or Accept-Language, a different card from the Chinese one', async () => {
    await start();
    const bob = await photographer('bob', 2, { score: 550, provisional: true });
    const zh = parseCard(await share({}, bob.headers));
    const en = parseCard(await share({ lang: 'en' }, bob.headers));
    const header = parseCard(await share({}, { ...bob.headers, 'accept-language': 'en-US,en' }));
    expect(zh.rank).toBeNull();
    expect(en.url).not.toBe(zh.url);
    expect(header.url).toBe(en.url);
    await checkImage(en, await fetchCard(en));
    await checkImage(zh, await fetchCard(zh));
  });

  it('answers the same card without drawing it again, and a new one when the score changes', async () => {
    await start();
    const carol = await photographer('carol', 3);
    const first = parseCard(await share({ period_type: 'weekly' }, carol.headers));
    expect(first.period_type).toBe('week');
    const file = cardFile(first);
    const inode = fs.statSync(file).ino;

    const second = parseCard(await share({ period_type: 'week' }, carol.headers));
    expect(second.url).toBe(first.url);
    expect(fs.statSync(file).ino).toBe(inode);

    await setStanding(carol.photoId, 815);
    const changed = parseCard(await share({ period_type: 'week' }, carol.headers));
    expect(changed.current_score).toBe(815);
    expect(changed.url).not.toBe(first.url);
    await checkImage(changed, await fetchCard(changed));
  });

  it('shares a chosen photo of the caller, and refuses anyone else’s with 40402', async () => {
    await start();
    const dave = await photographer('dave', 4);
    const erin = await photographer('erin', 5);
    const own = parseCard(await share({ photo_id: dave.photoId }, dave.headers));
    expect(own.photo_id).toBe(dave.photoId);
    expect((await share({ photo_id: erin.photoId }, dave.headers)).code).toBe(
      ErrorCode.PHOTO_NOT_FOUND,
    );
    expect((await share({ photo_id: 999_999 }, dave.headers)).code).toBe(ErrorCode.PHOTO_NOT_FOUND);
    await app.db
      .updateTable('photos')
      .set({ state: 'hidden' })
      .where('id', '=', dave.photoId)
      .execute();
    expect((await share({ photo_id: dave.photoId }, dave.headers)).code).toBe(
      ErrorCode.PHOTO_NOT_FOUND,
    );
  });

  it('takes the token from the body (multipart too) and never prints it', async () => {
    await start();
    const frank = await photographer('frank', 6);
    const json = parseCard(await share({ token: frank.token }));
    const multipart = parseCard(await shareMultipart(null, { token: frank.token }));
    expect(multipart.url).toBe(json.url);
    expect(json.share_url).not.toContain(frank.token);
    const png = await fetchCard(json);
    expect(png.includes(Buffer.from(frank.token))).toBe(false);
  });

  it('features an uploaded file, checked exactly like an upload', async () => {
    await start();
    const grace = await photographer('grace', 8);
    const plain = parseCard(await share({}, grace.headers));
    const featured = parseCard(
      await shareMultipart({ bytes: await photoJpeg(9) }, { lang: 'en' }, grace.headers),
    );
    expect(featured).toMatchObject({ photo_id: grace.photoId, rank: plain.rank });
    expect(featured.url).not.toBe(plain.url);
    await checkImage(featured, await fetchCard(featured));
    // Named by the upload's bytes: the same file again is the same card, another file another.
    const again = await shareMultipart(
      { bytes: await photoJpeg(9) },
      { lang: 'en' },
      grace.headers,
    );
    expect(parseCard(again).url).toBe(featured.url);
    const other = await shareMultipart(
      { bytes: await photoJpeg(12) },
      { lang: 'en' },
      grace.headers,
    );
    expect(parseCard(other).url).not.toBe(featured.url);

    const jpeg = await photoJpeg(10);
    const hostile: UploadFile[] = [
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/jpeg' },
      { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
      { bytes: await photoJpeg(11, 200, 150) },
    ];
    const categoryId = String(grace.categoryId);
    for (const file of hostile) {
      const refused = await shareMultipart(file, {}, grace.headers);
      const asUpload = await upload(
        app,
        file,
        { category_id: categoryId },
        {
          headers: grace.headers,
        },
      );
      expect(refused.code).not.toBe(0);
      expect(refused.code).toBe(asUpload.code);
    }
  });

  it('prints PUBLIC_URL when set, and ignores x-forwarded-proto without TRUST_PROXY', async () => {
    await start({ PUBLIC_URL: 'https://arena.example/app/' });
    const heidi = await photographer('heidi', 12);
    const card = parseCard(await share({ period_type: 'daily' }, heidi.headers));
    // A day board's card still opens the photo's own page.
    expect(card.share_url).toBe(`https://arena.example/app/p/${heidi.photoId}`);
    await checkImage(card, await fetchCard(card));
    await app.close();

    await start();
    const ivan = await photographer('ivan', 13);
    const forwarded = { ...ivan.headers, 'x-forwarded-proto': 'https', host: 'evil.example' };
    const direct = parseCard(await share({}, forwarded));
    expect(direct.share_url).toBe(`http://evil.example/p/${ivan.photoId}`);
  });

  it('honours x-forwarded-proto behind a trusted proxy', async () => {
    await start({ TRUST_PROXY: '1' });
    const judy = await photographer('judy', 14);
    const headers = { ...judy.headers, 'x-forwarded-proto': 'https', host: 'arena.example' };
    const card = parseCard(await share({}, headers));
    expect(card.share_url).toBe(`https://arena.example/p/${judy.photoId}`);
  });

  it('deletes cards nobody asked for in a day when it draws a new one', async () => {
    await start();
    const kim = await photographer('kim', 15);
    const old = parseCard(await share({ lang: 'zh' }, kim.headers));
    app.clock.advance(DAY_MS + 60_000);
    const fresh = parseCard(await share({ lang: 'en' }, kim.headers));
    expect(fs.existsSync(cardFile(fresh))).toBe(true);
    expect(fs.existsSync(cardFile(old))).toBe(false);
    // Asked for again, the old card is drawn again under the same name.
    expect(parseCard(await share({ lang: 'zh' }, kim.headers)).url).toBe(old.url);
    expect(fs.existsSync(cardFile(old))).toBe(true);
  });

  it('deletes every card of a photo with the photo, and of all photos with the account', async () => {
    await start();
    const lena = await photographer('lena', 16);
    const zh = parseCard(await share({ lang: 'zh' }, lena.headers));
    const en = parseCard(await share({ lang: 'en' }, lena.headers));
    expect([zh, en].every((card) => fs.existsSync(cardFile(card)))).toBe(true);
    // A second photo first: spec §4 keeps a user's last one.
    const another = await upload(
      app,
      { bytes: await photoJpeg(116) },
      { category_id: String(lena.categoryId) },
      { headers: lena.headers },
    );
    expect(another.code, another.msg).toBe(0);
    const deleted = await app.call('delete_photo', { photo_id: lena.photoId }, lena.headers);
    expect(deleted.code, deleted.msg).toBe(0);
    expect([zh, en].some((card) => fs.existsSync(cardFile(card)))).toBe(false);
    expect((await app.server.inject({ method: 'GET', url: zh.url })).statusCode).toBe(404);

    const mia = await photographer('mia', 17);
    const card = parseCard(await share({}, mia.headers));
    expect((await app.call('delete_account', {}, mia.headers)).code).toBe(0);
    expect(fs.existsSync(cardFile(card))).toBe(false);
  });

  it('prints the place on a past period’s frozen board when given a day inside it', async () => {
    await start();
    const nina = await photographer('nina', 18);
    // Published last week (the test clock is Saturday 2026-11-21 in Shanghai).
    await app.db
      .updateTable('photos')
      .set({ published_at: Date.parse('2026-11-12T10:00:00+08:00'), updated_at: app.clock.now() })
      .where('id', '=', nina.photoId)
      .execute();
    app.clock.advance(60_000);
    const past = parseCard(
      await share({ period_type: 'weekly', period_date: '2026-11-12' }, nina.headers),
    );
    expect(past).toMatchObject({ period_type: 'week', rank: 1 });
    expect(past.share_url).toBe(`http://localhost/p/${nina.photoId}`);
    const running = parseCard(await share({ period_type: 'week' }, nina.headers));
    expect(running.rank).toBeNull();
    expect(running.url).not.toBe(past.url);
    await checkImage(past, await fetchCard(past));
    expect(
      (await share({ period_type: 'day', period_date: '2026-11-30' }, nina.headers)).code,
    ).toBe(ErrorCode.VALIDATION_FAILED);
  });
});
