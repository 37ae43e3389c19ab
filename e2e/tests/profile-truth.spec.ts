import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { expect, test, type Page } from '@playwright/test';
import {
  BROWSER_LOCALE,
  postApi,
  signInWithPhoto,
  type UiLanguage,
  SCREENSHOTS_DIR,
  waitForSettledPage,
} from '../support/app.js';
import { refuseDeletingOnlyPhoto, vote } from '../support/journey.js';
import { baseUrl, mintHostToken } from '../support/server.js';

/**
 * Issue 17 "profile truth", against the real server: the profile's rank is the board's, and
 * while loading or without a photo it shows no placeholder as a fact (5.0, 颜值新手, #123).
 */
const SHOTS = path.join(SCREENSHOTS_DIR, 'profile');
const DEFAULTS = ['5.0', '颜值新手', 'Beauty Novice', '#123'];

async function expectNoDefaults(page: Page): Promise<void> {
  const text = (await page.locator('#main').textContent()) ?? '';
  for (const fake of DEFAULTS) expect(text, `"${fake}" shown as a fact`).not.toContain(fake);
}

/**
 * Places the user's photo as the refit would once it has had its matches: established, with a
 * score, so it enters the all-time board (E2E_DATA_DIR is the server's data folder).
 */
async function establishPhotosOf(
  page: Page,
  token: string,
  nickname: string,
  score: number,
): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'global-setup sets E2E_DATA_DIR').toBeTruthy();
  const db = new Database(path.join(dataDir ?? '', 'yanzhi.db'), { timeout: 10_000 });
  try {
    const changed = db
      .prepare(
        `update photos set provisional = 0, sigma2 = 0.05, mu = 0.4, comparisons = 40, wins = 26,
           current_score = ?, updated_at = ?
         where is_demo = 0 and state = 'active'
           and user_id in (select id from users where nickname = ?)`,
      )
      .run(score, Date.now(), nickname);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
  // The server follows a write it did not make within seconds (its boards are cached for 2 s):
  // the screens are read once it ranks the photo.
  await expect
    .poll(
      async () => {
        const answer = await postApi(page.request, 'get_my_photos', token, { data: {} });
        const { photos } = answer.data as { photos: { rank: number | null }[] };
        return photos[0]?.rank ?? null;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
}

let people = 0;
/** A signed-in host user with no photo. */
async function signInWithoutPhoto(page: Page, nickname: string): Promise<void> {
  people += 1;
  const token = mintHostToken(`e2e-truth-${Date.now()}-${people}`, nickname);
  await page.goto(`${baseUrl()}/onboarding?access-token=${encodeURIComponent(token)}`);
  await expect(page).not.toHaveURL(/access-token/);
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}x${height}.png`) });
}

test.describe('profile truth', () => {
  test('the profile shows the same rank as the board’s 我的排名', async ({ page }) => {
    const nickname = `排名${Date.now() % 100_000}`;
    const token = await signInWithPhoto(page, nickname);
    await establishPhotosOf(page, token, nickname, 712);

    await page.goto(`${baseUrl()}/leaderboard?category=1&period=all`);
    const bar = page.getByTestId('my-rank-bar');
    await expect(bar).toContainText(/我的排名 #\d+/);
    const boardRank = /#(\d+)/.exec((await bar.textContent()) ?? '')?.[1];
    expect(boardRank).toBeTruthy();

    await page.goto(`${baseUrl()}/profile`);
    const rank = page.getByTestId('rank');
    await expect(rank).toHaveText(new RegExp(`^#${boardRank} · \\S+`));
    await expect(page.getByRole('button', { name: '分享我的排名' })).toBeVisible();
    await expect(page.getByRole('link', { name: '再传一张照片' })).toBeVisible();
  });

  test('no photo: an invitation to the first upload, no 5.0, 颜值新手 or #123', async ({
    page,
  }) => {
    await signInWithoutPhoto(page, '无图用户');
    await page.goto(`${baseUrl()}/profile`);
    await expect(page.getByTestId('profile-no-photo')).toBeVisible();
    await expect(page.getByRole('link', { name: '上传第一张照片' })).toBeVisible();
    await expect(page.getByRole('button', { name: '分享我的排名' })).toHaveCount(0);
    await expect(page.getByText('再传一张照片')).toHaveCount(0);
    await expectNoDefaults(page);
  });

  test('loading: a skeleton, no 5.0, 颜值新手 or #123, then the facts', async ({ page }) => {
    await signInWithPhoto(page, '慢网用户');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/get_my_photos', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/profile`);
    await expect(page.getByTestId('profile-skeleton')).toBeVisible();
    await expectNoDefaults(page);
    await shoot(page, 'profile-loading-zh');
    await expect(page.getByTestId('rank')).toHaveCount(0);
    release();
    await expect(page.getByTestId('my-photo')).toHaveCount(1);
    await expect(page.getByTestId('rank')).toHaveText('定级中');
    await expect(page.getByTestId('placement')).toContainText(/定级中 · 还需约 \d+ 场/);
  });

  test('the last photo’s delete is refused with the rule’s message', async ({ page }) => {
    await signInWithPhoto(page, '唯一照片');
    await page.goto(`${baseUrl()}/profile`);
    await expect(page.getByTestId('my-photo')).toHaveCount(1);
    await refuseDeletingOnlyPhoto(page);
  });
});

test.describe('a returning visitor without a service worker (an in-app webview)', () => {
  test.use({ serviceWorkers: 'block' });

  test('the profile shows their own figures in its page, without asking for them', async ({
    page,
  }) => {
    // Votes bind this browser's device id to its secret cookie (ADR 0022).
    await vote(page, baseUrl(), 2);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/get_user_vote_stats')) asked.push(request.url());
    });
    await page.goto(`${baseUrl()}/profile`);
    const shown = (await page.getByTestId('total-votes').textContent()) ?? '';
    await expect(page.getByTestId('fuel')).toBeVisible();
    await waitForSettledPage(page);
    expect(asked, 'the card asked for what its page carried').toEqual([]);

    // What the page carried is what the API answers this device.
    const answer = await page.evaluate(async (key) => {
      const response = await fetch('/api/get_user_vote_stats', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: null, anonymous_id: localStorage.getItem(key) }),
      });
      return (await response.json()) as { code: number; data: { total_votes: number } };
    }, CLIENT_STORAGE_KEYS.deviceId);
    expect(answer.code).toBe(0);
    expect(shown).toBe(String(answer.data.total_votes));
    expect(answer.data.total_votes).toBeGreaterThan(0);
  });
});

for (const language of ['zh-CN', 'en'] as const satisfies readonly UiLanguage[]) {
  for (const viewport of [
    { width: 360, height: 640 },
    { width: 414, height: 896 },
  ]) {
    test.describe(`profile screens ${language} ${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport, locale: BROWSER_LOCALE[language] });
      const tag = language === 'en' ? 'en' : 'zh';

      test('ranked, placing, no photo and the last photo’s rule fit the screen', async ({
        page,
      }) => {
        // Four screens and three users: minutes on a busy machine.
        test.setTimeout(180_000);
        const ranked = `屏幕${tag}${viewport.width}${Date.now() % 10_000}`;
        const token = await signInWithPhoto(page, ranked);
        await establishPhotosOf(page, token, ranked, 688);
        await page.goto(`${baseUrl()}/profile`);
        await expect(page.getByTestId('rank')).toHaveText(/^#\d+ · \S+/);
        await expectNoDefaults(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await shoot(page, `profile-ranked-${tag}`);
        // 50 fuel: the 100-exposure package is shown, not choosable, and says why.
        await page.getByTestId('my-photo').getByRole('button').first().click();
        const boost = page.getByTestId('boost-sheet');
        await expect(boost.getByRole('radio').last()).toBeDisabled();
        await shoot(page, `profile-boost-${tag}`);
        await page.keyboard.press('Escape');
        await expect(boost).toBeHidden();
        await page.getByTestId('my-photo').getByRole('button').last().click();
        await expect(page.getByTestId('last-photo-sheet')).toBeVisible();
        await shoot(page, `profile-last-photo-${tag}`);
        await page.keyboard.press('Escape');
        await page.getByRole('tab').last().click();
        await expect(page.getByTestId('achievement-progress').first()).toBeVisible();
        await page.getByTestId('achievement-progress').first().scrollIntoViewIfNeeded();
        await shoot(page, `profile-achievements-${tag}`);

        await page.context().clearCookies();
        await page.evaluate(() => {
          localStorage.clear();
        });
        await signInWithPhoto(page, `定级${tag}${viewport.width}`);
        await page.goto(`${baseUrl()}/profile`);
        await expect(page.getByTestId('placement')).toBeVisible();
        await shoot(page, `profile-placing-${tag}`);

        await page.evaluate(() => {
          localStorage.clear();
        });
        await signInWithoutPhoto(page, `无图${tag}`);
        await page.goto(`${baseUrl()}/profile`);
        await expect(page.getByTestId('profile-no-photo')).toBeVisible();
        await expectNoDefaults(page);
        await shoot(page, `profile-no-photo-${tag}`);
      });
    });
  }
}
