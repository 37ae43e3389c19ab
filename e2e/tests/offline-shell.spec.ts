import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { baseUrl } from '../support/server.js';

/**
 * The installed app without a network (ADR 0015): the service worker answers every app route
 * with the precached shell, which says it is offline; other navigations get the offline page.
 */

/** Loads the app and waits until the service worker controls the page (first visit included). */
async function openControlled(page: Page, path = '/'): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await expect(page.getByTestId('arena-pair').or(page.getByTestId('arena-empty'))).toBeVisible();
}

test.describe('offline app shell', () => {
  test('reloads offline into the shell with a clear offline state, on every route', async ({
    page,
    context,
  }) => {
    await openControlled(page);
    await expect(page.getByTestId('offline-banner')).toBeHidden();

    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toContainText('离线中');
    await page.reload();

    // The shell, not the browser's error page: navigation, banner, and the arena's own state.
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toContainText('已打开的内容仍可查看');
    await expect(page.getByTestId('arena-offline')).toContainText('新的对决需要联网');
    await expect(page).toHaveTitle('谁更好看 - 看看你的颜值能打几分');

    // In-app navigation offline: the route's code is precached, the offline state follows.
    await page.getByRole('link', { name: '排行榜' }).first().click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(page).toHaveTitle('排行榜');
    await expect(page.getByTestId('offline-banner')).toContainText('离线中');

    // A full page load of another route offline is answered by the service worker too.
    await page.goto(`${baseUrl()}/profile`);
    await expect(page).toHaveTitle('个人中心');
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toContainText('离线中');

    // A navigation outside the app (the API docs) gets the static offline page.
    await page.goto(`${baseUrl()}/api/docs`);
    await expect(page.getByRole('heading', { name: '你已离线' })).toBeVisible();
    await expect(page.getByRole('link', { name: /返回竞技场/ })).toHaveAttribute('href', '/');

    // Back online, the arena carries on by itself.
    await page.goto(`${baseUrl()}/`);
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    await expect(page.getByTestId('arena-pair').or(page.getByTestId('arena-empty'))).toBeVisible();
  });

  test('meets Chromium’s installability criteria (the check behind Lighthouse’s audit)', async ({
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
  }, testInfo) => {
    // A real profile, not an incognito context: Chromium never offers to install from those.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      viewport,
      userAgent,
      isMobile,
      hasTouch,
      deviceScaleFactor,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await openControlled(page);
      const cdp = await page.context().newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);

      const manifest = (await (
        await page.request.get(`${baseUrl()}/manifest.webmanifest`)
      ).json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
      expect(manifest.name).toBe('颜值竞技场');
      for (const icon of manifest.icons) {
        const response = await page.request.get(`${baseUrl()}${icon.src}`);
        expect(response.headers()['content-type']).toBe(icon.type);
        const png = await response.body();
        // The PNG header's width and height match the size the manifest declares.
        const size = `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
        expect(size).toBe(icon.sizes);
      }
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
      );
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
