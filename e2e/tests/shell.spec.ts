import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, mintHostToken } from '../support/server.js';

const TITLES: [string, string][] = [
  ['/', '谁更好看 - 看看你的颜值能打几分'],
  ['/arena', '颜值竞技场'],
  ['/profile', '个人中心'],
  ['/leaderboard', '排行榜'],
  ['/upload', '上传照片'],
  ['/onboarding', '新手引导'],
];

function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

test.describe('the app shell on a phone', () => {
  test('captures token, version and device id from the address and hides the token at once', async ({
    page,
  }) => {
    const token = mintHostToken('e2e-host-user', '测试用户');
    await page.goto(
      `${baseUrl()}/?access-token=${encodeURIComponent(token)}&version=6.70.0&device-id=D`,
    );

    await expect.poll(() => stored(page, CLIENT_STORAGE_KEYS.token)).toBe(token);
    expect(await stored(page, CLIENT_STORAGE_KEYS.version)).toBe('6.70.0');
    expect(await stored(page, CLIENT_STORAGE_KEYS.deviceId)).toBe('D');
    expect(page.url()).not.toContain('access-token');
    expect(page.url()).not.toContain(encodeURIComponent(token).slice(0, 20));
    const history = await page.evaluate(() => window.location.href);
    expect(history).not.toContain('access-token');

    // The host token is real: the app greets its user with a toast that shows its progress
    // bar and then disappears by itself.
    const toast = page.getByTestId('toast').filter({ hasText: '测试用户' });
    await expect(toast).toBeVisible();
    await expect(toast.getByTestId('toast-progress')).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 6_000 });

    // The stored user survives a reload (spec §4: loaded from local storage on start).
    await page.reload();
    const userInfo = await stored(page, CLIENT_STORAGE_KEYS.userInfo);
    expect(userInfo).toContain('测试用户');
  });

  test('stores even an unknown token from tokenId and removes it from the address', async ({
    page,
  }) => {
    // The token is stored and sent; the server refuses it, and then it is dropped (ADR 0002).
    const sent = page.waitForRequest('**/api/get_user_info');
    await page.goto(`${baseUrl()}/leaderboard?tokenId=T&keep=1`);
    expect((await sent).headers()['access-token']).toBe('T');
    expect(page.url()).not.toContain('tokenId');
    expect(page.url()).toContain('keep=1');
    await expect.poll(() => stored(page, CLIENT_STORAGE_KEYS.token)).toBeNull();
  });

  test('generates the device identity when the host gives none', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await expect
      .poll(() => stored(page, CLIENT_STORAGE_KEYS.deviceId))
      .toMatch(/^web-[0-9a-f-]{36}$/);
    expect(await stored(page, CLIENT_STORAGE_KEYS.sessionId)).toMatch(/^X_[0-9a-f-]{36}$/);
  });

  test('sets the title of each route', async ({ page }) => {
    for (const [path, title] of TITLES) {
      await page.goto(`${baseUrl()}${path}`);
      await expect(page, path).toHaveTitle(title);
    }
  });

  test('keeps the title right when navigating inside the app', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('link', { name: '排行榜' }).first().click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(page).toHaveTitle('排行榜');
    await page.getByRole('link', { name: '我的' }).first().click();
    await expect(page).toHaveTitle('个人中心');
  });

  test('registers the service worker at start-up', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(scope).toBe(`${baseUrl()}/`);
  });

  test('shows the seeded categories from the API on the arena', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    for (const name of ['女生', '男生', '明星', 'AI']) {
      await expect(
        page
          .getByRole('button', { name, exact: true })
          .or(page.getByRole('tab', { name, exact: true }))
          .first(),
      ).toBeVisible();
    }
  });
});
