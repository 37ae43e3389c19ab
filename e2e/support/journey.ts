import { CLIENT_STORAGE_KEYS, ERROR_MESSAGES, ErrorCode } from '@yanzhi/contract';
import { expect, type Page } from '@playwright/test';
import { makeJpeg } from './app.js';

/**
 * Steps of the "identity that survives" journeys (passkey, recovery code): a visitor's first
 * upload, a few votes, what the profile shows, signing out.
 */

/** Uploads a photo through the page as a visitor: the server makes a device account. */
export async function uploadAsVisitor(page: Page, origin: string, seed: number): Promise<void> {
  await page.goto(`${origin}/upload`);
  await page.getByLabel(/从相册选择/).setInputFiles({
    name: `me-${seed}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, seed),
  });
  await expect(page.getByRole('combobox', { name: '分类' })).toBeEnabled();
  await page.getByRole('button', { name: '上传', exact: true }).click();
  await expect(page.getByText(/上传成功！你的照片/)).toBeVisible();
  await expect(page.getByTestId('save-account-offer')).toBeVisible();
}

/** Votes `count` times in the arena, each time waiting for the next pair. */
export async function vote(page: Page, origin: string, count: number): Promise<void> {
  await page.goto(`${origin}/`);
  const pair = page.getByTestId('arena-pair');
  for (let index = 0; index < count; index += 1) {
    await expect(pair).toHaveAttribute('data-pair-id', /.+/);
    const before = await pair.getAttribute('data-pair-id');
    await page.getByRole('button', { name: '选择照片 1' }).click();
    await expect(pair).not.toHaveAttribute('data-pair-id', before ?? '');
  }
}

export interface ProfileFacts {
  photoIds: string[];
  fuel: string;
  achievements: string;
}

/** What the signed-in profile shows: the photos, the fuel, the achievements earned. */
export async function readProfile(page: Page, origin: string): Promise<ProfileFacts> {
  await page.goto(`${origin}/profile`);
  const photos = page.getByTestId('my-photo');
  await expect(photos.first()).toBeVisible();
  const photoIds = await photos.evaluateAll((items) =>
    items.map((item) => item.getAttribute('data-photo-id') ?? ''),
  );
  const fuel = (await page.getByTestId('fuel').textContent()) ?? '';
  await page.getByRole('tab', { name: '成就' }).click();
  const achievements =
    (await page
      .getByRole('tabpanel')
      .getByText(/已获得 \d+ \/ \d+ 个成就/)
      .textContent()) ?? '';
  await page.getByRole('tab', { name: '我的照片' }).click();
  return { photoIds, fuel, achievements };
}

/** Signs out through the confirmation, which must say how to come back (`wayBack`). */
export async function signOut(page: Page, wayBack: RegExp): Promise<void> {
  await page.getByRole('button', { name: '退出登录' }).click();
  const sheet = page.getByRole('dialog', { name: '退出登录？' });
  await expect(sheet.getByTestId('ways-back')).toContainText(wayBack);
  await expect(sheet.getByTestId('sign-out-warning')).toHaveCount(0);
  await sheet.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByText('还没有你的照片')).toBeVisible();
}

/**
 * The account's only photo is its own but cannot be deleted (spec §4): the profile explains the
 * rule instead of sending the delete, and the server, asked anyway with the account's token,
 * refuses it as the last photo (40908), not as someone else's (40300).
 */
export async function refuseDeletingOnlyPhoto(page: Page): Promise<void> {
  await page.getByRole('button', { name: '删除第 1 张照片' }).click();
  const sheet = page.getByRole('dialog', { name: '这是你唯一的照片' });
  await expect(sheet.getByTestId('last-photo-rule')).toHaveText(
    ERROR_MESSAGES[ErrorCode.LAST_PHOTO].zh,
  );
  await sheet.getByRole('button', { name: '知道了' }).click();
  const photoId = Number(await page.getByTestId('my-photo').getAttribute('data-photo-id'));
  const token = await page.evaluate((key) => localStorage.getItem(key), CLIENT_STORAGE_KEYS.token);
  const response = await page.request.post(new URL('/api/delete_photo', page.url()).href, {
    data: { photo_id: photoId },
    headers: { 'access-token': token ?? '' },
  });
  expect(((await response.json()) as { code: number }).code).toBe(ErrorCode.LAST_PHOTO);
  await page.reload();
  await expect(page.getByTestId('my-photo')).toHaveCount(1);
}
