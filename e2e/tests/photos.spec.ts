import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from '../support/server.js';

interface SentFile {
  size: number;
  type: string;
  width: number;
  height: number;
}

declare global {
  interface Window {
    __sentFiles?: SentFile[];
  }
}

/** Records, inside the page, each multipart file the app sends (its size, type and pixels). */
async function watchUploads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: SentFile[] = [];
    window.__sentFiles = sent;
    // Called below with the request as `this`, exactly as the browser would.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
      const file = body instanceof FormData ? body.get('file') : null;
      if (file instanceof Blob) {
        void createImageBitmap(file).then((bitmap) => {
          sent.push({
            size: file.size,
            type: file.type,
            width: bitmap.width,
            height: bitmap.height,
          });
        });
      }
      original.call(this, body);
    };
  });
}

/**
 * A real JPEG drawn by the browser itself (an offscreen canvas), different for each seed so the
 * server's duplicate check does not take the second photo for the first.
 */
async function makeJpeg(page: Page, seed: number, width = 1800, height = 2400): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ seed: s, width: w, height: h }) => {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      let state = s * 9301 + 49297;
      const random = () => {
        state = (state * 9301 + 49297) % 233280;
        return state / 233280;
      };
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, `hsl(${Math.floor(random() * 360)} 70% 50%)`);
      gradient.addColorStop(1, `hsl(${Math.floor(random() * 360)} 70% 30%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      for (let index = 0; index < 40; index += 1) {
        context.fillStyle = `hsl(${Math.floor(random() * 360)} 80% ${30 + random() * 50}%)`;
        context.beginPath();
        context.arc(random() * w, random() * h, 40 + random() * 300, 0, Math.PI * 2);
        context.fill();
      }
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { seed, width, height },
  );
  return Buffer.from(base64, 'base64');
}

/** Chooses a photo, frames it (drag and zoom), sends it and waits for the answer. */
async function uploadThroughThePage(page: Page, seed: number): Promise<void> {
  await page.goto(`${baseUrl()}/upload`);
  const jpeg = await makeJpeg(page, seed);
  await page.getByLabel(/从相册选择/).setInputFiles({
    name: `photo-${seed}.jpg`,
    mimeType: 'image/jpeg',
    buffer: jpeg,
  });

  // Step 2: the 3:4 frame; zoom with the slider, then drag the photo with the pointer.
  const frame = page.getByRole('application', { name: /裁剪框/ });
  await expect(frame).toBeVisible();
  await page.getByRole('slider', { name: '缩放' }).fill('1.5');
  const box = await frame.boundingBox();
  if (!box) throw new Error('the crop frame has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole('combobox', { name: '分类' })).toBeEnabled();

  const answer = page.waitForResponse('**/api/upload_photo');
  await page.getByRole('button', { name: '上传', exact: true }).click();
  const response = await answer;
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.msg).toBe(body.code === 0 ? body.msg : 'a successful upload');
  // The sent file is the downscaled 3:4 crop (at most 1440 px long), not the 1800x2400 original.
  await expect.poll(() => page.evaluate(() => window.__sentFiles?.length ?? 0)).toBeGreaterThan(0);
  const sent = await page.evaluate(() => window.__sentFiles?.at(-1));
  expect(sent?.type).toBe('image/jpeg');
  expect(sent?.height).toBeLessThanOrEqual(1440);
  expect(sent?.width).toBeGreaterThanOrEqual(256);
  expect(Math.abs((sent?.width ?? 0) / (sent?.height ?? 1) - 3 / 4)).toBeLessThan(0.01);
  expect(sent?.size ?? Infinity).toBeLessThan(jpeg.length);
  await expect(page.getByText(/上传成功！你的照片/)).toBeVisible();
  await expect(page.getByRole('link', { name: '先去投票' })).toHaveAttribute('href', '/');
}

test.describe('photos: upload, profile, boost, delete', () => {
  test('a visitor uploads a photo, sees it on the profile, boosts it, adds and deletes one', async ({
    page,
  }) => {
    await watchUploads(page);
    await page.goto(`${baseUrl()}/profile`);
    await expect(page.getByText('还没有你的照片')).toBeVisible();

    // First upload without a session: the server creates a device account and hands it over.
    await uploadThroughThePage(page, 1);
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), CLIENT_STORAGE_KEYS.token))
      .not.toBeNull();
    await expect(page.getByText('定级中').first()).toBeVisible();

    await page.getByRole('link', { name: '查看我的主页' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const cards = page.getByTestId('my-photo');
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('img', { name: '我的最佳照片' })).toBeVisible();
    // A placing photo's score is still a guess: it says so, and no level is derived from it.
    await expect(page.getByTestId('provisional')).toBeVisible();
    await expect(page.getByTestId('level')).toHaveCount(0);

    // Boost it with the smallest package: the sheet shows the cost and the fuel after.
    const fuelBefore = Number((await page.getByTestId('fuel').textContent())?.replace(/\D/g, ''));
    await page.getByRole('button', { name: '为第 1 张照片加速' }).click();
    const sheet = page.getByRole('dialog', { name: '为第 1 张照片加速曝光' });
    await expect(sheet.getByTestId('boost-after')).toContainText(`剩余 ${fuelBefore - 10}`);
    await sheet.getByRole('button', { name: '确认加速' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '已加速 10 次曝光' })).toBeVisible();
    await expect(page.getByTestId('fuel')).toContainText(String(fuelBefore - 10));
    await expect(cards.first()).toContainText('加速中 · 已曝光 0 / 10');

    // A second photo, then delete one of the two.
    await page.getByRole('link', { name: '再传一张照片' }).click();
    await expect(page).toHaveURL(/\/upload$/);
    await uploadThroughThePage(page, 2);
    await page.getByRole('link', { name: '查看我的主页' }).click();
    await expect(cards).toHaveCount(2);
    await expect(page.getByText('共 2 张照片')).toBeVisible();

    await page.getByRole('button', { name: '删除第 2 张照片' }).click();
    const confirm = page.getByRole('dialog', { name: '删除第 2 张照片？' });
    await expect(confirm).toContainText('永久删除');
    await confirm.getByRole('button', { name: '确认删除' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '照片删除成功' })).toBeVisible();
    await expect(cards).toHaveCount(1);

    // The server agrees after a reload.
    await page.reload();
    await expect(page.getByTestId('my-photo')).toHaveCount(1);
  });

  test('a newcomer sees the unlock progress in the data tab, and the achievements', async ({
    page,
  }) => {
    await watchUploads(page);
    await uploadThroughThePage(page, 3);
    await page.getByRole('link', { name: '查看我的主页' }).click();
    await page.getByRole('tab', { name: '数据' }).click();
    // A newcomer (no votes yet) sees how to unlock the score instead of the score history.
    await expect(page.getByRole('tabpanel').getByTestId('unlock-progress')).toBeVisible();
    await expect(page.getByTestId('rating-locked')).toBeVisible();
    await page.getByRole('tab', { name: '成就' }).click();
    await expect(page.getByTestId('achievement').first()).toBeVisible();
  });
});

test.describe('photos at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  async function noOverflow(page: Page, name: string): Promise<void> {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, name).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `e2e/artifacts/screenshots/360x640-${name}.png`,
      fullPage: true,
    });
  }

  test('upload steps and the profile fit a small phone', async ({ page }) => {
    await page.goto(`${baseUrl()}/upload`);
    await noOverflow(page, 'upload-choose');
    const jpeg = await makeJpeg(page, 4, 2400, 1800);
    await page.getByLabel(/从相册选择/).setInputFiles({
      name: 'wide.jpg',
      mimeType: 'image/jpeg',
      buffer: jpeg,
    });
    await expect(page.getByRole('application', { name: /裁剪框/ })).toBeVisible();
    await noOverflow(page, 'upload-frame');
    await page.getByRole('button', { name: '上传', exact: true }).click();
    await expect(page.getByText(/上传成功！你的照片/)).toBeVisible();
    await noOverflow(page, 'upload-done');
    await page.getByRole('link', { name: '查看我的主页' }).click();
    await expect(page.getByTestId('my-photo')).toHaveCount(1);
    await noOverflow(page, 'profile-photos');
    await page.getByRole('button', { name: '为第 1 张照片加速' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await noOverflow(page, 'profile-boost');
  });
});
