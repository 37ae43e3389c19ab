import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { NEWS_TEXTS } from '../../apps/web/src/features/profile/news/texts-data.js';
import { zhCN } from '../../apps/web/src/lib/i18n/catalogue.js';
import { en } from '../../apps/web/src/lib/i18n/catalogue-en.js';
import { BROWSER_LOCALE, signInWithPhoto, SCREENSHOTS_DIR } from '../support/app.js';
import { baseUrl } from '../support/server.js';

/**
 * "Your photos' news" (issue 17): another visitor's vote on my photo shows as a count on 我的 when
 * the app starts, and as a win in the inbox when I open my profile, which then clears the count.
 * Screens at 360x640 and 414x896 in both languages go to SHOTS for review.
 */
const SHOTS = path.join(SCREENSHOTS_DIR, 'news');

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface Card {
  id: number;
}

async function call<T>(
  request: APIRequestContext,
  name: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const response = await request.post(`${baseUrl()}/api/${name}`, { data: body, headers });
  return (await response.json()) as Envelope<T>;
}

let visitor = 0;

/**
 * Another visitor votes in the arena until one of their pairs holds `photoId`, which they pick.
 * They vote on every pair they are served, at a human pace, as a real visitor would: votes that
 * look like fishing for one photo, or come too fast, count for nothing and are no win.
 */
async function anotherVisitorPicks(request: APIRequestContext, photoId: number): Promise<void> {
  visitor += 1;
  const device = `web-news-e2e-${String(Date.now())}-${String(visitor)}`;
  for (let round = 0; round < 60; round += 1) {
    const pair = await call<{ pair_id: string; photos: Card[] }>(
      request,
      'get_random_photos_for_rating',
      { category_id: 1, anonymous_id: device },
    );
    expect(pair.code, pair.msg).toBe(0);
    const [left, right] = pair.data.photos;
    if (!left || !right) throw new Error('a pair of two photos');
    const mine = [left, right].find((card) => card.id === photoId);
    const winner = mine ?? left;
    const loser = winner === left ? right : left;
    await new Promise((resolve) => setTimeout(resolve, 900));
    const voted = await call(request, 'submit_photo_rating', {
      pair_id: pair.data.pair_id,
      winner_photo_id: winner.id,
      loser_photo_id: loser.id,
      anonymous_id: device,
    });
    expect(voted.code, voted.msg).toBe(0);
    if (mine) return;
  }
  throw new Error(`photo ${String(photoId)} was never served`);
}

async function myPhotoId(request: APIRequestContext, token: string): Promise<number> {
  const photos = await call<{ photos: Card[] }>(
    request,
    'get_my_photos',
    { page: 1, page_size: 10 },
    { 'access-token': token },
  );
  expect(photos.code, photos.msg).toBe(0);
  const [photo] = photos.data.photos;
  if (!photo) throw new Error('the owner has a photo');
  return photo.id;
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),
  );
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test.describe("your photos' news", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("another visitor's vote shows as a badge on 我的, then as a win in the inbox", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const token = await signInWithPhoto(page, '动态');
    const photoId = await myPhotoId(page.request, token);
    // Opening the profile once: nothing has happened yet, and the look is stored.
    await page.goto(`${baseUrl()}/profile`);
    await expect(page.getByTestId('news-empty')).toBeVisible();
    await expect(page.getByText(NEWS_TEXTS['zh-CN']['news.empty'])).toBeVisible();

    // Someone else, in a browser of their own, votes for my photo.
    const other = await browser.newContext();
    await anotherVisitorPicks(other.request, photoId);
    await other.close();

    // My next start asks once and shows the count on 我的, before I open anything.
    await page.goto(`${baseUrl()}/`);
    const nav = page.getByRole('navigation', { name: zhCN['nav.label'] });
    const me = nav.getByRole('link', { name: /我的/ });
    await expect(me).toHaveAccessibleName(/1 条新动态/);
    await expect(me.locator('.bottom-nav__badge')).toHaveText('1');
    await shoot(page, 'news-badge-zh-CN-360x640');

    await me.click();
    const inbox = page.getByTestId('photo-news');
    await expect(inbox.getByRole('heading', { name: '你的照片动态' })).toBeVisible();
    const item = inbox.locator(`[data-testid="news-item"][data-photo-id="${String(photoId)}"]`);
    await expect(item).toContainText(/赢 1 场 · 输 \d+ 场/);
    await expect(item).toHaveAttribute('href', `/p/${String(photoId)}`);
    await expect(me).toHaveAccessibleName('我的');
    await item.scrollIntoViewIfNeeded();
    await shoot(page, 'news-inbox-zh-CN-360x640');
  });

  for (const [language, width, height] of [
    ['zh-CN', 414, 896],
    ['en', 360, 640],
    ['en', 414, 896],
  ] as const) {
    test(`the inbox in ${language} at ${String(width)}x${String(height)}`, async ({
      browser,
      page,
    }) => {
      test.setTimeout(180_000);
      const token = await signInWithPhoto(page, 'News');
      const photoId = await myPhotoId(page.request, token);
      await anotherVisitorPicks(page.request, photoId);
      const context = await browser.newContext({
        viewport: { width, height },
        locale: BROWSER_LOCALE[language],
        isMobile: true,
      });
      const phone = await context.newPage();
      await phone.goto(`${baseUrl()}/?access-token=${encodeURIComponent(token)}`);
      const catalogue = language === 'en' ? en : zhCN;
      const nav = phone.getByRole('navigation', { name: catalogue['nav.label'] });
      const me = nav.getByRole('link', { name: new RegExp(catalogue['nav.profile']) });
      await expect(me.locator('.bottom-nav__badge')).toHaveText('1');
      await shoot(phone, `news-badge-${language}-${String(width)}x${String(height)}`);
      await me.click();
      const inbox = phone.getByTestId('photo-news');
      await expect(
        inbox.getByRole('heading', { name: NEWS_TEXTS[language]['news.heading'] }),
      ).toBeVisible();
      await expect(inbox.getByTestId('news-item')).toHaveCount(1);
      await inbox.scrollIntoViewIfNeeded();
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(phone, `news-inbox-${language}-${String(width)}x${String(height)}`);
      await context.close();
    });
  }
});
