import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { publicPhotoSchema, shareCardSchema, type PublicPhoto } from '@yanzhi/contract';
import Database from 'better-sqlite3';
import {
  BROWSER_LOCALE,
  SCREENSHOTS_DIR,
  signInWithPhoto,
  waitForSettledPage,
} from '../support/app.js';
import { baseUrl } from '../support/server.js';

/** WeChat's in-app browser on Android: it ignores `<a download>`. */
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.42.2460(0x28002A3B) WeChat/arm64';

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

async function call(page: Page, name: string, data: unknown, token?: string): Promise<Envelope> {
  const response = await page.request.post(`${baseUrl()}/api/${name}`, {
    data,
    headers: token === undefined ? {} : { 'access-token': token },
  });
  return (await response.json()) as Envelope;
}

/** The sharer's one photo and the link its card carries (gen_share_image's share_url). */
async function sharedLink(page: Page, token: string) {
  const answer = await call(page, 'gen_share_image', { period_type: 'all' }, token);
  expect(answer.code, answer.msg).toBe(0);
  const card = shareCardSchema.parse(answer.data);
  return { photoId: card.photo_id, link: new URL(card.share_url, baseUrl()).href };
}

async function photoFacts(page: Page, photoId: number): Promise<PublicPhoto> {
  const answer = await call(page, 'get_photo', { photo_id: photoId });
  expect(answer.code, answer.msg).toBe(0);
  return publicPhotoSchema.parse(answer.data);
}

/** A friend who never visited: a fresh browser context, no storage, no session. */
async function friendPage(browser: Browser, options: { userAgent?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    locale: 'zh-CN',
    isMobile: true,
    hasTouch: true,
    ...options,
  });
  return { context, page: await context.newPage() };
}

/** Sets a photo's state in the server's database, as a moderator's queue would. */
function setState(photoId: number, state: 'hidden' | 'active'): void {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'global-setup sets E2E_DATA_DIR').toBeTruthy();
  const db = new Database(path.join(dataDir ?? '', 'yanzhi.db'), { timeout: 10_000 });
  try {
    const changed = db
      .prepare('update photos set state = ?, updated_at = ? where id = ?')
      .run(state, Date.now(), photoId);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

test.describe('the photo page (/p/<id>)', () => {
  test('a shared link opens the photo page of that photo, and 来比一比 leads into its arena', async ({
    page,
    browser,
  }) => {
    const token = await signInWithPhoto(page, '分享者');
    const { photoId, link } = await sharedLink(page, token);
    expect(new URL(link).pathname).toBe(`/p/${String(photoId)}`);
    expect(link).not.toMatch(/token/i);
    const facts = await photoFacts(page, photoId);

    const { context, page: friend } = await friendPage(browser);
    await friend.goto(link);
    const shown = friend.getByTestId('photo-page');
    await expect(shown).toHaveAttribute('data-photo-id', String(photoId));
    await expect(friend).toHaveTitle('照片 - 颜值竞技场');
    // A new photo is still being placed: its range and the matches it needs, never a bare 5.0.
    expect(facts.provisional).toBe(true);
    const placement = facts.placement;
    expect(placement).not.toBeNull();
    const range = (hundredths: number) => (Math.round(hundredths / 10) / 10).toFixed(1);
    await expect(friend.getByTestId('photo-score')).toContainText(
      `${range(placement?.score_low ?? 0)}–${range(placement?.score_high ?? 0)}`,
    );
    await expect(friend.getByTestId('photo-placing')).toContainText(
      `定级中 · 还需约 ${String(placement?.matches_to_place ?? 0)} 场`,
    );
    await expect(friend.getByTestId('photo-rank')).toHaveText(
      facts.rank === null ? '未上榜 · 女生' : new RegExp(`^#${String(facts.rank)} · 女生`),
    );
    await expect(friend.getByText('来自 分享者')).toBeVisible();
    // A friend sees no owner's action.
    await expect(friend.getByRole('button', { name: '分享' })).toHaveCount(0);
    await waitForSettledPage(friend);
    await friend.screenshot({ path: path.join(SCREENSHOTS_DIR, 'photo-provisional-360x640.png') });

    // 来比一比: the arena asks for its first pair with this photo, and the pair holds it.
    const firstPair = friend.waitForResponse(
      (response) =>
        response.url().endsWith('/api/get_random_photos_for_rating') &&
        (response.request().postData() ?? '').includes('with_photo_id'),
    );
    await friend.getByRole('link', { name: '来比一比' }).click();
    const answered = await firstPair;
    const asked = JSON.parse(answered.request().postData() ?? '{}') as Record<string, unknown>;
    expect(Number(asked.with_photo_id)).toBe(photoId);
    expect(Number(asked.category_id)).toBe(facts.category_id);
    const pair = (await answered.json()) as { code: number; data: { photos: { id: number }[] } };
    expect(pair.code).toBe(0);
    expect(pair.data.photos.map((photo) => photo.id)).toContain(photoId);
    await expect(friend).toHaveURL(/\/arena$/);
    // The invited photo is in the pair the friend sees first.
    await expect(
      friend.locator(`[data-testid="arena-photo"][data-photo-id="${String(photoId)}"]`),
    ).toBeVisible();
    await context.close();
  });

  test('a ranked photo shows the rank the board gives', async ({ page }) => {
    // Other tests vote in this category meanwhile, and a vote can swap two places between the
    // board's answer and the page's: both are read again until they agree. A page that shows
    // another rank than its board's never passes.
    await expect(async () => {
      const board = await call(page, 'get_leaderboard', { category_id: 1, period_type: 'all' });
      expect(board.code, board.msg).toBe(0);
      const { items } = board.data as { items: { id: number; rank: number }[] };
      const second = items[1];
      expect(second).toBeDefined();
      await page.goto(`${baseUrl()}/p/${String(second?.id)}`);
      await expect(page.getByTestId('photo-rank')).toContainText(
        `#${String(second?.rank)} · 女生`,
        { timeout: 3000 },
      );
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('photo-level')).not.toBeEmpty();
    await expect(page.getByTestId('photo-matches')).toContainText('场');
  });

  test('in WeChat the owner’s share shows the card full-size to press and hold', async ({
    browser,
  }) => {
    const { context, page } = await friendPage(browser, { userAgent: WECHAT_UA });
    const token = await signInWithPhoto(page, '微信用户');
    const { photoId } = await sharedLink(page, token);
    await page.goto(`${baseUrl()}/p/${String(photoId)}`);
    await page.getByRole('button', { name: '分享' }).click();
    const dialog = page.getByRole('dialog', { name: '分享我的排名' });
    const card = dialog.getByTestId('share-card');
    await expect(card).toBeVisible();
    await expect
      .poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(dialog.getByTestId('share-press-hint')).toHaveText('长按图片保存');
    await expect(dialog.getByRole('link', { name: '保存图片' })).toHaveCount(0);
    // Full-size: the card spans the sheet's width.
    const widths = await card.evaluate((img: HTMLImageElement) => ({
      img: img.getBoundingClientRect().width,
      sheet: img.closest('.share-modal')?.getBoundingClientRect().width ?? 0,
    }));
    expect(widths.img).toBeGreaterThanOrEqual(widths.sheet - 1);
    await expect(dialog.getByLabel('分享链接')).toHaveValue(new RegExp(`/p/${String(photoId)}$`));
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'photo-share-wechat-360x640.png') });
    await context.close();
  });

  test('a hidden photo’s link shows not-found to a friend', async ({ page, browser }) => {
    const token = await signInWithPhoto(page, '被举报者');
    const { photoId, link } = await sharedLink(page, token);
    setState(photoId, 'hidden');
    try {
      const { context, page: friend } = await friendPage(browser);
      await friend.goto(link);
      await expect(friend.getByText('照片不存在或已下架')).toBeVisible();
      await expect(friend.getByTestId('photo-page')).toHaveCount(0);
      await friend.screenshot({ path: path.join(SCREENSHOTS_DIR, 'photo-not-found-360x640.png') });
      await context.close();
    } finally {
      setState(photoId, 'active');
    }
  });

  for (const viewport of [
    { width: 360, height: 640 },
    { width: 414, height: 896 },
  ]) {
    for (const language of ['zh-CN', 'en'] as const) {
      test(`fits ${String(viewport.width)}x${String(viewport.height)} in ${language}`, async ({
        browser,
      }) => {
        const context = await browser.newContext({
          viewport,
          locale: BROWSER_LOCALE[language],
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const board = await call(page, 'get_leaderboard', { category_id: 1, period_type: 'all' });
        const { items } = board.data as { items: { id: number }[] };
        await page.goto(`${baseUrl()}/p/${String(items[0]?.id)}`);
        await expect(page.getByTestId('photo-page')).toBeVisible();
        await waitForSettledPage(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        // "来比一比" is on the first screen, not under the bottom bar.
        const compare = page.getByTestId('photo-compare');
        await expect(compare).toBeInViewport({ ratio: 1 });
        const hit = await compare.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return top !== null && element.contains(top);
        });
        expect(hit).toBe(true);
        const name = `photo-${String(viewport.width)}x${String(viewport.height)}-${language}.png`;
        await page.screenshot({ path: path.join(SCREENSHOTS_DIR, name) });
        await context.close();
      });
    }
  }
});
