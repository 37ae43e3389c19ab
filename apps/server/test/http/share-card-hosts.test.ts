import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, shareCardSchema, type ShareCard } from '@yanzhi/contract';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CARDS_PER_PHOTO } from '../../src/services/share-card.service.js';
import { firstCategoryId, photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';
import { signIn } from '../support/leaderboard.js';

const HOUR_MS = 3_600_000;
/** jsqr is CommonJS with a `default` property its types describe as the whole module. */
const decodeQr = jsqr.default;

describe.each(dialects)('share cards and the Host header on %s', (dialect) => {
  let app: TestApp;
  afterEach(() => app.close());

  async function start(env: Record<string, string> = {}) {
    app = await createTestApp(dialect, {
      RATE_LIMIT_API_PER_MINUTE: '100000',
      ...env,
    });
  }

  async function photographer(sub: string, seed: number) {
    const caller = await signIn(app, sub, sub);
    const categoryId = await firstCategoryId(app);
    const uploaded = await upload(
      app,
      { bytes: await photoJpeg(seed + (dialect === 'postgres' ? 500 : 0)) },
      { category_id: String(categoryId) },
      { headers: caller.headers },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    return { ...caller, photoId: (uploaded.data as { photo: { id: number } }).photo.id };
  }

  const cardFiles = (photoId: number): string[] => {
    const dir = path.join(app.config.mediaDir, 'cards', String(photoId));
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.png')) : [];
  };
  const allCardFiles = (): number => {
    const root = path.join(app.config.mediaDir, 'cards');
    if (!fs.existsSync(root)) return 0;
    return fs.readdirSync(root).reduce((sum, dir) => sum + cardFiles(Number(dir)).length, 0);
  };

  async function share(headers: Record<string, string>, body: Record<string, unknown> = {}) {
    const result = await app.call('gen_share_image', { lang: 'zh', ...body }, headers);
    expect(result.status, result.msg).toBeLessThan(500);
    return result;
  }

  async function printedLink(card: ShareCard): Promise<string | undefined> {
    const file = path.join(app.config.mediaDir, ...card.url.slice('/media/'.length).split('/'));
    const { data, info } = await sharp(fs.readFileSync(file))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return decodeQr(new Uint8ClampedArray(data), info.width, info.height)?.data;
  }

  it('draws one card for 1,000 distinct Host headers, printing the first one’s link', async () => {
    await start();
    const ana = await photographer('hosts-ana', 41);
    const first = shareCardSchema.parse(
      (await share({ ...ana.headers, host: '192.168.1.5:8080' })).data,
    );
    const hosts = Array.from({ length: 1000 }, (_, index) =>
      index % 3 === 0
        ? `h${index}.example`
        : index % 3 === 1
          ? `10.0.${index % 250}.${index % 7}:${1000 + index}`
          : `X${index}.Example.COM`,
    );
    for (const host of hosts) {
      const result = await share({ ...ana.headers, host });
      expect(result.code, host).toBe(0);
      const card = shareCardSchema.parse(result.data);
      expect(card.url).toBe(first.url);
      // The answer names the caller's own address (nothing is configured): it draws nothing.
      expect(new URL(card.share_url).host).toBe(new URL(`http://${host}`).host);
    }
    expect(cardFiles(ana.photoId)).toHaveLength(1);
    expect(allCardFiles()).toBe(1);
    expect(await printedLink(first)).toBe(`http://192.168.1.5:8080/p/${ana.photoId}`);
  });

  it('prints a listed host (PUBLIC_HOSTS), and never draws for an unlisted one', async () => {
    await start({ PUBLIC_HOSTS: 'Arena.example, 192.168.1.5:8080' });
    const bo = await photographer('hosts-bo', 42);
    const listed = shareCardSchema.parse(
      (await share({ ...bo.headers, host: 'arena.example' })).data,
    );
    expect(listed.share_url).toBe(`http://arena.example/p/${bo.photoId}`);
    expect(await printedLink(listed)).toBe(listed.share_url);
    for (let index = 0; index < 300; index += 1) {
      const result = await share({ ...bo.headers, host: `evil${index}.example` });
      const card = shareCardSchema.parse(result.data);
      expect(card.url).toBe(listed.url);
      expect(card.share_url).toBe(listed.share_url);
    }
    expect(cardFiles(bo.photoId)).toHaveLength(1);
    const lan = shareCardSchema.parse(
      (await share({ ...bo.headers, host: '192.168.1.5:8080' })).data,
    );
    expect(lan.share_url).toBe(`http://192.168.1.5:8080/p/${bo.photoId}`);
    expect(await printedLink(lan)).toBe(lan.share_url);
    expect(cardFiles(bo.photoId)).toHaveLength(2);
  });

  it('prints PUBLIC_URL whatever the Host', async () => {
    await start({ PUBLIC_URL: 'https://arena.example/app', PUBLIC_HOSTS: 'lan.example' });
    const cy = await photographer('hosts-cy', 43);
    for (let index = 0; index < 100; index += 1) {
      const card = shareCardSchema.parse(
        (await share({ ...cy.headers, host: `x${index}.example` })).data,
      );
      expect(card.share_url).toBe(`https://arena.example/app/p/${cy.photoId}`);
    }
    const listed = shareCardSchema.parse(
      (await share({ ...cy.headers, host: 'lan.example' })).data,
    );
    expect(listed.share_url).toBe(`http://lan.example/p/${cy.photoId}`);
    expect(await printedLink(listed)).toBe(`https://arena.example/app/p/${cy.photoId}`);
    expect(cardFiles(cy.photoId)).toHaveLength(1);
  });

  it('caps new cards per user per hour with 42900; stored cards answer meanwhile', async () => {
    await start({ RATE_LIMIT_SHARE_CARDS_PER_HOUR: '2' });
    const di = await photographer('hosts-di', 44);
    expect((await share(di.headers, { lang: 'zh' })).code).toBe(0);
    expect((await share(di.headers, { lang: 'en' })).code).toBe(0);
    const over = await share(di.headers, { lang: 'zh', period_type: 'week' });
    expect(over.code).toBe(ErrorCode.RATE_LIMITED);
    expect(cardFiles(di.photoId)).toHaveLength(2);
    expect((await share(di.headers, { lang: 'zh' })).code).toBe(0);
    expect((await share(di.headers, { lang: 'en' })).code).toBe(0);
    app.clock.advance(HOUR_MS + 1000);
    expect((await share(di.headers, { lang: 'zh', period_type: 'week' })).code).toBe(0);
  });

  it(`keeps at most ${DEFAULT_MAX_CARDS_PER_PHOTO} cards per photo, the oldest go`, async () => {
    await start({ RATE_LIMIT_SHARE_CARDS_PER_HOUR: '1000' });
    const ed = await photographer('hosts-ed', 45);
    const urls: string[] = [];
    for (let index = 0; index < DEFAULT_MAX_CARDS_PER_PHOTO + 2; index += 1) {
      // A new score is a new card (the data changed).
      await app.db
        .updateTable('photos')
        .set({ current_score: 500 + index * 10, updated_at: app.clock.now() })
        .where('id', '=', ed.photoId)
        .execute();
      app.clock.advance(60_000);
      const card = shareCardSchema.parse((await share(ed.headers)).data);
      urls.push(card.url);
    }
    expect(new Set(urls).size).toBe(DEFAULT_MAX_CARDS_PER_PHOTO + 2);
    const kept = cardFiles(ed.photoId);
    expect(kept).toHaveLength(DEFAULT_MAX_CARDS_PER_PHOTO);
    const newest = urls.slice(-DEFAULT_MAX_CARDS_PER_PHOTO).map((url) => url.split('/').at(-1));
    expect(kept.sort()).toEqual(newest.sort());
  });
});
