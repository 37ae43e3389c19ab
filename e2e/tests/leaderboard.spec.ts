import { CLIENT_STORAGE_KEYS, PAGE_ANSWER_ELEMENT_ID } from '@yanzhi/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeJpeg } from '../support/app.js';
import { baseUrl } from '../support/server.js';

/** Uploads a photo through the page; the first upload makes the visitor a (device) user. */
async function uploadPhoto(page: Page, seed: number): Promise<void> {
  await page.goto(`${baseUrl()}/upload`);
  await page.getByLabel(/从相册选择/).setInputFiles({
    name: `board-${seed}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, seed),
  });
  await expect(page.getByRole('application', { name: /裁剪框/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '分类' })).toBeEnabled();
  await page.getByRole('button', { name: '上传', exact: true }).click();
  await expect(page.getByText(/上传成功！你的照片/)).toBeVisible();
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), CLIENT_STORAGE_KEYS.token))
    .not.toBeNull();
}

/** The card in the share modal has really loaded (a decoded PNG, not a broken image). */
async function expectCardLoaded(dialog: Locator): Promise<void> {
  const card = dialog.getByTestId('share-card');
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('src', /^\/media\/.+\.png$/);
  await expect
    .poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(dialog.getByRole('link', { name: '保存图片' })).toHaveAttribute(
    'href',
    /^\/media\/.+\.png$/,
  );
  const link = await dialog.getByLabel('分享链接').inputValue();
  expect(link).toMatch(/\/p\/\d+$/);
  expect(link).not.toMatch(/token/i);
}

function boardAnswer(page: Page, period: string) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/get_leaderboard') &&
      (response.request().postDataJSON() as { period_type?: string }).period_type === period,
  );
}

test.describe('leaderboard', () => {
  test('shows the demo board and switches periods, keeping them in the address', async ({
    page,
  }) => {
    // A first visit's board comes with the page (ADR 0018): the app does not ask for it again.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/get_leaderboard')) asked.push(request.postData() ?? '');
    });
    await page.goto(`${baseUrl()}/leaderboard?period=all`);
    const reply = await page.request.post(`${baseUrl()}/api/get_leaderboard`, {
      data: { category_id: 1, period_type: 'all' },
    });
    const answer = (await reply.json()) as { code: number; data: { total_items: number } };
    expect(answer.code).toBe(0);
    // DEMO_PHOTOS_PER_CATEGORY=6: the category's established demo photos fill the podium.
    const total = answer.data.total_items;
    expect(total).toBeGreaterThanOrEqual(3);
    const places = page.getByTestId('podium-place');
    await expect(places).toHaveCount(3);
    await expect(places.first()).toHaveAttribute('data-rank', '1');
    await expect(places.first().getByTestId('crown')).toBeVisible();
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(total - 3);
    await expect(page.getByText('已经到底了')).toBeVisible();
    await expect(page.getByRole('tab', { name: '总榜' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('my-rank-bar')).toContainText('上传照片');
    expect(asked, 'the board the page carried is not asked for again').toEqual([]);

    // The podium reads 2 · 1 · 3 from left to right.
    const lefts = await Promise.all(
      [0, 1, 2].map(async (index) => (await places.nth(index).boundingBox())?.x ?? 0),
    );
    expect(lefts[1]).toBeLessThan(lefts[0] ?? 0);
    expect(lefts[0]).toBeLessThan(lefts[2] ?? 0);

    const weekly = boardAnswer(page, 'week');
    await page.getByRole('tab', { name: '周榜' }).click();
    await weekly;
    await expect(page).toHaveURL(/\/leaderboard\?category=\d+&period=week$/);
    await expect(page.getByTestId('period-label')).toContainText('进行中');

    // The week before is final.
    await page.getByRole('button', { name: '上一期' }).click();
    await expect(page.getByTestId('frozen-badge')).toHaveText('已冻结');
    await expect(page).toHaveURL(/period=week&date=\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('button', { name: '回到本期' }).click();
    await expect(page.getByTestId('frozen-badge')).toBeHidden();

    // Keyboard: the arrow keys move between periods.
    await page.getByRole('tab', { name: '周榜' }).focus();
    const daily = boardAnswer(page, 'day');
    await page.keyboard.press('ArrowLeft');
    await daily;
    await expect(page.getByRole('tab', { name: '日榜' })).toBeFocused();
    await expect(page).toHaveURL(/period=day$/);
  });

  test('opens the board of a shared link', async ({ page }) => {
    await page.goto(`${baseUrl()}/leaderboard?category=2&period=month`);
    await expect(page.getByRole('tab', { name: '月榜' })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('group', { name: '分类' }).getByRole('button').nth(1),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('period-label')).toContainText('月');
  });

  test('a user with a photo shares a card from the leaderboard and from the profile', async ({
    page,
  }) => {
    await uploadPhoto(page, 11);

    await page.goto(`${baseUrl()}/leaderboard`);
    const bar = page.getByTestId('my-rank-bar');
    // The new photo is still being placed (定级中): not on the board yet, but shareable.
    await expect(bar).toContainText('你还没有上榜');
    await bar.getByRole('button', { name: '分享我的排名' }).click();
    const dialog = page.getByRole('dialog', { name: '分享我的排名' });
    await expectCardLoaded(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(bar.getByRole('button', { name: '分享我的排名' })).toBeFocused();

    await page.goto(`${baseUrl()}/profile`);
    await expect(page.getByTestId('my-photo')).toHaveCount(1);
    await page.getByRole('button', { name: '分享我的排名' }).click();
    const fromProfile = page.getByRole('dialog', { name: '分享我的排名' });
    await expectCardLoaded(fromProfile);
    await fromProfile.getByRole('button', { name: '关闭' }).click();
    await expect(fromProfile).toBeHidden();
  });
});

test.describe('leaderboard at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  async function noOverflow(page: Page, name: string): Promise<void> {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, name).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `e2e/artifacts/screenshots/360x640-${name}.png` });
  }

  test('the board, the my-rank bar and the share modal fit a small phone', async ({ page }) => {
    await page.goto(`${baseUrl()}/leaderboard?period=all`);
    await expect(page.getByTestId('podium-place')).toHaveCount(3);
    await page.waitForLoadState('networkidle');
    await noOverflow(page, 'leaderboard-all');

    // The bar sits above the bottom navigation, inside the screen.
    const bar = await page.getByTestId('my-rank-bar').boundingBox();
    const nav = await page.getByRole('navigation', { name: '主导航' }).boundingBox();
    expect(bar && nav && bar.y + bar.height <= nav.y).toBe(true);

    await uploadPhoto(page, 12);
    await page.goto(`${baseUrl()}/leaderboard?period=all`);
    await page.getByRole('button', { name: '分享我的排名' }).click();
    const dialog = page.getByRole('dialog', { name: '分享我的排名' });
    await expectCardLoaded(dialog);
    // Every button of the modal is on screen without scrolling.
    for (const name of ['保存图片', '复制链接', '关闭']) {
      const box = await dialog
        .getByRole(name === '保存图片' ? 'link' : 'button', { name })
        .boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 640, name).toBe(true);
    }
    await noOverflow(page, 'leaderboard-share');
  });
});

/**
 * Cuts the boards the server answers down to their first `count` entries, on one page: the API's
 * answers, and the first board a page's HTML carries is taken out so the app asks for it.
 */
async function trimBoards(page: Page, count: number): Promise<void> {
  const written = new RegExp(
    `<script type="application/json" id="${PAGE_ANSWER_ELEMENT_ID}">.*?</script>`,
    's',
  );
  await page.route(/\/leaderboard(\?.*)?$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(written, '');
    await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
  });
  await page.route('**/api/get_leaderboard', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      code: number;
      data: { items: unknown[]; total_items: number; total_pages: number } | null;
    };
    if (body.data !== null) {
      body.data.items = body.data.items.slice(0, count);
      body.data.total_items = body.data.items.length;
      body.data.total_pages = 1;
    }
    await route.fulfill({ response, json: body });
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('not laid out');
  return found;
}

for (const size of [
  { width: 360, height: 640 },
  { width: 414, height: 896 },
] as const) {
  test.describe(`leaderboard podium and rank bar at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('a two-photo board centres its podium, with no empty place', async ({ page }) => {
      await trimBoards(page, 2);
      await page.goto(`${baseUrl()}/leaderboard?period=day`);
      const places = page.getByTestId('podium-place');
      await expect(places).toHaveCount(2);
      await expect(places.first()).toHaveAttribute('data-rank', '1');
      const podium = await box(page.getByTestId('podium'));
      const first = await box(places.nth(0));
      const second = await box(places.nth(1));
      // 2 · 1 from left to right, read 1 then 2, the pair in the middle of the podium.
      expect(second.x + second.width).toBeLessThan(first.x);
      const pairCentre = (second.x + first.x + first.width) / 2;
      expect(Math.abs(pairCentre - (podium.x + podium.width / 2))).toBeLessThanOrEqual(1);

      await trimBoards(page, 1);
      await page.getByRole('tab', { name: '周榜' }).click();
      await expect(places).toHaveCount(1);
      const alone = await box(places.first());
      const wide = await box(page.getByTestId('podium'));
      expect(Math.abs(alone.x + alone.width / 2 - (wide.x + wide.width / 2))).toBeLessThanOrEqual(
        1,
      );
    });

    test("the rank bar hides neither the podium's names and scores nor the end", async ({
      page,
    }) => {
      await trimBoards(page, 2);
      await page.goto(`${baseUrl()}/leaderboard?period=day`);
      await expect(page.getByTestId('podium-place')).toHaveCount(2);
      await page.waitForLoadState('networkidle');
      const bar = page.getByTestId('my-rank-bar');
      const barTop = (await box(bar)).y;
      for (const part of ['.podium__name', '[data-testid="podium"] [data-testid="entry-score"]']) {
        for (const element of await page.locator(part).all()) {
          const { y, height } = await box(element);
          expect(y + height, `${part} above the rank bar on arrival`).toBeLessThanOrEqual(barTop);
        }
      }

      // Scrolled to the end, the last line of the board is above the bar.
      await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      const end = await box(page.getByText('已经到底了'));
      expect(end.y + end.height).toBeLessThanOrEqual((await box(bar)).y);
    });
  });
}

test.describe('leaderboard date picker', () => {
  const DAY = /^\d{4}-\d{2}-\d{2}$/;
  // A past day inside the range the server accepts (from its first photo's period to tomorrow):
  // the demo photos go back about 40 days.
  const PAST = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const [pastYear, pastMonth, pastDay] = PAST.split('-').map(Number);
  const PAST_ZH = `${pastYear}年${pastMonth}月${pastDay}日`;
  const PAST_EN = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${PAST}T00:00:00Z`));

  test('shows the day in Chinese, usable from the keyboard', async ({ page }) => {
    await page.goto(`${baseUrl()}/leaderboard?period=day`);
    const input = page.getByLabel('选择日期');
    await expect(input).toHaveValue(DAY);
    const shown = page.getByTestId('period-date');
    await expect(shown).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);

    // Focus lands on the native field, which covers the control and rings it.
    await page.getByRole('button', { name: '上一期' }).focus();
    await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    expect(await input.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    const control = await box(page.locator('.period-picker__date'));
    const field = await box(input);
    expect(field.width).toBeCloseTo(control.width - 2, 0);

    // Choosing a day shows it in the same format.
    await input.fill(PAST);
    await expect(page).toHaveURL(new RegExp(`date=${PAST}`));
    await expect(shown).toHaveText(PAST_ZH);
  });

  test.describe('in English', () => {
    test.use({ locale: 'en-US' });

    test('shows the day in English', async ({ page }) => {
      await page.goto(`${baseUrl()}/leaderboard?period=day&date=${PAST}`);
      await expect(page.getByLabel('Choose a date')).toHaveValue(PAST);
      await expect(page.getByTestId('period-date')).toHaveText(PAST_EN);
    });
  });

  for (const width of [320, 768]) {
    test(`fits a ${width} px screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 640 });
      await page.goto(`${baseUrl()}/leaderboard?period=day&date=${PAST}`);
      const shown = page.getByTestId('period-date');
      await expect(shown).toHaveText(PAST_ZH);
      expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
      const control = await box(page.locator('.period-picker__date'));
      expect(control.height).toBeGreaterThanOrEqual(44);
      await page.screenshot({
        path: `e2e/artifacts/screenshots/${width}x640-leaderboard-date.png`,
      });
    });
  }
});
