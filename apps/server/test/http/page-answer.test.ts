import fs from 'node:fs';
import path from 'node:path';
import {
  DEVICE_SECRET_COOKIE,
  NEWCOMER_STATS_ELEMENT_ID,
  PAGE_ANSWER_ELEMENT_ID,
  PHOTO_PAGE_SIZES,
  PODIUM_SIZES,
  photoSrcSet,
  publicPhotoSchema,
  voteStatsSchema,
  type PageAnswer,
} from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCategoryId } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects, makeTempDir } from '../support/database.js';
import { servePair, vote } from '../support/arena.js';
import { board, placePhoto, signIn } from '../support/leaderboard.js';

/** The first screen a page's HTML carries: its preloads and its answer (plugins/page-html.ts). */
function firstScreenOf(html: string): {
  preloads: { srcset: string; sizes: string; high: boolean }[];
  answer: PageAnswer | null;
} {
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const preloads = [
    ...html.matchAll(
      /<link rel="preload" as="image"( fetchpriority="high")? imagesrcset="([^"]*)" imagesizes="([^"]*)">/g,
    ),
  ].map((link) => ({
    srcset: unescape(link[2] ?? ''),
    sizes: unescape(link[3] ?? ''),
    high: link[1] !== undefined,
  }));
  const script = new RegExp(
    `<script type="application/json" id="${PAGE_ANSWER_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return { preloads, answer: script ? (JSON.parse(script[1] ?? 'null') as PageAnswer) : null };
}

describe.each(dialects)('a first visit carries its first screen on %s', (dialect) => {
  let app: TestApp;
  let categoryId: number;
  const ids = { top: 0, second: 0, hidden: 0 };
  let owner: Awaited<ReturnType<typeof signIn>>;
  const webDir = makeTempDir('yanzhi-web-');

  beforeAll(async () => {
    const page = (file: string) => {
      fs.writeFileSync(
        path.join(webDir, file),
        '<!doctype html><head><title>颜值竞技场</title></head><div id="root"></div>',
      );
    };
    fs.mkdirSync(path.join(webDir, 'pages'));
    page('index.html');
    page('pages/leaderboard.html');
    page('pages/p.html');
    app = await createTestApp(dialect, { WEB_DIST_DIR: webDir });
    categoryId = await firstCategoryId(app);
    // A name that tries to end the script element the answer sits in.
    owner = await signIn(app, 'ann', 'Ann</script><script>alert(1)</script>');
    const other = await signIn(app, 'bob', 'Bob');
    const at = app.clock.now() - 60_000;
    ids.top = await placePhoto(app, { userId: owner.id, categoryId, score: 820, publishedAt: at });
    ids.second = await placePhoto(app, {
      userId: other.id,
      categoryId,
      score: 700,
      publishedAt: at,
    });
    ids.hidden = await placePhoto(app, {
      userId: other.id,
      categoryId,
      score: 900,
      publishedAt: at,
      state: 'hidden',
    });
    app.clock.advance(60_000);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  async function html(url: string): Promise<string> {
    const response = await app.server.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.body, url).toContain('<div id="root">');
    return response.body;
  }

  /** These addresses' pages carry no answer and preload nothing: the app asks itself. */
  async function expectNoFirstScreen(urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      const { preloads, answer } = firstScreenOf(await html(url));
      expect(answer, url).toBeNull();
      expect(preloads, url).toEqual([]);
    }
  }

  it("a shared photo's page carries get_photo's public answer and preloads its frame's variants", async () => {
    const body = await html(`/p/${String(ids.top)}`);
    const { preloads, answer } = firstScreenOf(body);
    const asked = await app.call('get_photo', { photo_id: ids.top });
    expect(answer).toEqual({ call: 'get_photo', input: { photo_id: ids.top }, data: asked.data });
    const photo = publicPhotoSchema.parse(answer?.data);
    expect(photo.owner_name).toBe('Ann</script><script>alert(1)</script>');
    expect(body).not.toContain('<script>alert(1)');
    // Exactly what the page's <img> asks for, so the browser downloads it once.
    expect(preloads).toEqual([
      { srcset: photoSrcSet(photo.image), sizes: PHOTO_PAGE_SIZES, high: true },
    ]);
  });

  it('a photo that is not public, or no photo at all, leaves the page to ask and say so', async () => {
    await expectNoFirstScreen([
      `/p/${String(ids.hidden)}`,
      '/p/987654321',
      '/p/0',
      '/p/12345678901234567890',
    ]);
    // Not even to its owner: the page has no session, the owner's app asks with its own.
    expect(firstScreenOf(await html(`/p/${String(ids.hidden)}`)).answer).toBeNull();
  });

  it("a shared board's page carries get_leaderboard's public answer and preloads the podium's photos", async () => {
    const body = await html(`/leaderboard?category=${String(categoryId)}&period=all`);
    const { preloads, answer } = firstScreenOf(body);
    const input = {
      category_id: categoryId,
      period_type: 'all',
      period_date: null,
      page: 1,
      page_size: 20,
    };
    const asked = await board(app, input);
    expect(answer).toEqual({ call: 'get_leaderboard', input, data: asked });
    expect(asked.items.map((item) => item.id)).toEqual([ids.top, ids.second]);
    // The answer of a visitor without a session: no one's own photo, no own rank.
    expect(asked.items.every((item) => !item.is_mine)).toBe(true);
    expect(asked.my_entry).toBeNull();
    expect(body).not.toContain('<script>alert(1)');
    // The podium's photos, named as its <img>s name them; its first place, the largest, first.
    const [first, second] = asked.items;
    if (!first || !second) throw new Error('no podium on the board');
    expect(preloads).toEqual([
      { srcset: photoSrcSet(first.image, 'thumb'), sizes: PODIUM_SIZES[1], high: true },
      { srcset: photoSrcSet(second.image, 'thumb'), sizes: PODIUM_SIZES[2], high: false },
    ]);
  });

  it("the board address without parameters is the first category's day board, as the app opens it", async () => {
    const { answer } = firstScreenOf(await html('/leaderboard'));
    expect(answer?.input).toEqual({
      category_id: categoryId,
      period_type: 'day',
      period_date: null,
      page: 1,
      page_size: 20,
    });
    // A malformed period is the day board too, as the app reads it.
    const odd = firstScreenOf(await html(`/leaderboard?category=${String(categoryId)}&period=x`));
    expect(odd.answer?.input).toMatchObject({ category_id: categoryId, period_type: 'day' });
  });

  it('every page carries what get_user_vote_stats answers a device never seen', async () => {
    const written = (body: string) =>
      voteStatsSchema.parse(
        JSON.parse(
          new RegExp(
            `<script type="application/json" id="${NEWCOMER_STATS_ELEMENT_ID}">(.*?)</script>`,
          ).exec(body)?.[1] ?? 'null',
        ),
      );
    const pages = await Promise.all(['/', '/profile', '/leaderboard', '/p/1'].map(html));
    const [first] = pages.map(written);
    for (const body of pages) expect(written(body)).toEqual(first);
    // A device that is new to the server, as a first visit's app has just made it.
    const asked = await app.call(
      'get_user_vote_stats',
      { anonymous_id: 'web-never-seen-0001' },
      { 'device-id': 'web-never-seen-0001' },
    );
    expect(asked.code, asked.msg).toBe(0);
    expect(first).toEqual(asked.data);
    expect(first?.fuel).toBeGreaterThan(0);
    expect(first?.total_votes).toBe(0);
    // A later day (past midnight in the boards' zone) is still a newcomer's: nothing dated.
    app.clock.advance(36 * 60 * 60 * 1000);
    expect(written(await html('/'))).toEqual(first);
  });

  it("a known device's profile carries its own statistics, as get_user_vote_stats answers it", async () => {
    const voter = 'web-page-voter-0001';
    const pair = await servePair(app, categoryId, voter);
    expect((await vote(app, pair, voter)).code).toBe(0);
    const asked = await app.call('get_user_vote_stats', { user_id: null, anonymous_id: voter });
    expect(asked.code, asked.msg).toBe(0);
    expect(voteStatsSchema.parse(asked.data).total_votes).toBe(1);

    // The page request presents the device's secret cookie, as the browser sends it.
    const page = async (cookie: string | null) => {
      const response = await app.server.inject({
        method: 'GET',
        url: '/profile',
        headers: cookie === null ? {} : { cookie },
      });
      expect(response.statusCode).toBe(200);
      return firstScreenOf(response.body);
    };
    const own = await page(`theme=dark; ${app.devices.cookieOf(voter)}`);
    expect(own.answer).toEqual({
      call: 'get_user_vote_stats',
      input: { user_id: null, anonymous_id: voter },
      data: asked.data,
    });
    expect(own.preloads).toEqual([]);

    // Another device's secret shows that device's own figures, never this one's.
    const other = 'web-page-voter-0002';
    expect((await app.call('get_user_vote_stats', { anonymous_id: other })).code).toBe(0);
    const theirs = await page(app.devices.cookieOf(other));
    expect(theirs.answer?.input).toEqual({ user_id: null, anonymous_id: other });
    expect(voteStatsSchema.parse(theirs.answer?.data).total_votes).toBe(0);

    // No secret, one the server never bound, or a malformed one: the app asks itself.
    for (const cookie of [
      null,
      `${DEVICE_SECRET_COOKIE}=${'A'.repeat(22)}`,
      `${DEVICE_SECRET_COOKIE}=x`,
    ]) {
      expect((await page(cookie)).answer, String(cookie)).toBeNull();
    }
    // Reading the page wrote nothing: the figures are the call's still.
    const again = await app.call('get_user_vote_stats', { user_id: null, anonymous_id: voter });
    expect(again.data).toEqual(asked.data);
  });

  it('a past period, an unknown category and every other page carry no answer', async () => {
    await expectNoFirstScreen([
      `/leaderboard?category=${String(categoryId)}&period=week&date=2026-01-05`,
      '/leaderboard?category=99999&period=all',
      '/',
      '/profile',
      '/upload',
    ]);
  });
});
