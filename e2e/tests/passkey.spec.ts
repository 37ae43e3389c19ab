import { devices, expect, test } from '@playwright/test';
import {
  refuseDeletingOnlyPhoto,
  readProfile,
  signOut,
  uploadAsVisitor,
  vote,
} from '../support/journey.js';
import {
  addCredentials,
  addVirtualAuthenticator,
  credentialsOf,
  localUrl,
} from '../support/webauthn.js';

/**
 * Issue 16, "Done when": a visitor's device account kept with a passkey survives signing out
 * and cleared storage, and is reached again from a fresh browser into which the passkey was
 * synced: the same photo, fuel and achievements, and the photo can still be deleted.
 */
test('a passkey brings a device account back on a fresh browser, where it owns its photo', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const origin = localUrl();
  const phone = await addVirtualAuthenticator(page);

  await uploadAsVisitor(page, origin, 1601);
  await vote(page, origin, 3);
  const before = await readProfile(page, origin);
  expect(before.photoIds).toHaveLength(1);
  expect(before.achievements).not.toMatch(/已获得 0 \//);

  // Save a passkey from "Keep my account": the virtual authenticator answers the browser.
  const keep = page.getByTestId('keep-account');
  await expect(keep).toContainText('还没有保存任何登录方式');
  await keep.getByRole('button', { name: '保存通行密钥' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '通行密钥已保存' })).toBeVisible();
  await expect(keep.getByTestId('passkey')).toHaveCount(1);
  await expect(keep.getByTestId('passkey')).toContainText('尚未用于登录');
  const saved = await credentialsOf(phone);
  expect(saved).toHaveLength(1);
  expect(saved[0]?.isResidentCredential).toBe(true);
  expect(saved[0]?.rpId).toBe('localhost');

  await signOut(page, /用你保存的通行密钥登录/);
  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.context().clearCookies();

  // A new phone: a fresh browser context whose authenticator received the synced passkey.
  const fresh = await browser.newContext({
    ...devices['Pixel 7'],
    locale: 'zh-CN',
  });
  const newPage = await fresh.newPage();
  const newPhone = await addVirtualAuthenticator(newPage);
  await addCredentials(newPhone, saved);

  await newPage.goto(`${origin}/profile`);
  await newPage.getByRole('button', { name: '登录', exact: true }).click();
  const sheet = newPage.getByRole('dialog', { name: '登录已有账号' });
  await sheet.getByRole('button', { name: '用通行密钥登录' }).click();
  await expect(newPage.getByTestId('toast').filter({ hasText: '欢迎回来' })).toBeVisible();
  await expect(sheet).toBeHidden();

  const after = await readProfile(newPage, origin);
  expect(after).toEqual(before);
  await expect(newPage.getByTestId('passkey')).toContainText('上次使用');

  await refuseDeletingOnlyPhoto(newPage);
  await fresh.close();
});
