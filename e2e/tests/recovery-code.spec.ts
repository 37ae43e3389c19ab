import { devices, expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  refuseDeletingOnlyPhoto,
  readProfile,
  signOut,
  uploadAsVisitor,
  vote,
} from '../support/journey.js';
import { localUrl } from '../support/webauthn.js';

const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){5}$/;

/** The code as someone might type it from a note: lower case, spaces for the dashes. */
function typedLoosely(code: string): string {
  return code.toLowerCase().replaceAll('-', ' ');
}

/** Signs in from the visitor's profile with a code; returns the replacement shown once. */
async function signInWithCode(page: Page, origin: string, code: string): Promise<string> {
  await page.goto(`${origin}/profile`);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: '登录已有账号' });
  await sheet.getByLabel('恢复码').fill(code);
  await sheet.getByRole('button', { name: '使用恢复码登录' }).click();
  const shown = page.getByRole('dialog', { name: '登录成功，这是你的新恢复码' });
  await expect(shown).toContainText('刚才使用的恢复码已经失效');
  const replacement = (await shown.getByTestId('recovery-code').textContent()) ?? '';
  expect(replacement).toMatch(CODE_SHAPE);
  // Escape does not lose a code shown once: only "I have saved it" closes the sheet.
  await page.keyboard.press('Escape');
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();
  return replacement;
}

/**
 * Issue 16, "Done when": the same journey with a recovery code, read from its sheet. The code
 * is spent by signing in (it no longer works) and its replacement, shown once, does.
 */
test('a recovery code brings a device account back once, and its replacement works next', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const origin = localUrl();
  await uploadAsVisitor(page, origin, 1602);
  await vote(page, origin, 3);
  const before = await readProfile(page, origin);

  const keep = page.getByTestId('keep-account');
  await keep.getByRole('button', { name: '生成恢复码' }).click();
  const sheet = page.getByRole('dialog', { name: '你的恢复码' });
  await expect(sheet).toContainText('只显示这一次');
  const code = (await sheet.getByTestId('recovery-code').textContent()) ?? '';
  expect(code).toMatch(CODE_SHAPE);

  // Saved as text and as an image: the downloads hold the code and a PNG.
  const textDownload = page.waitForEvent('download');
  await sheet.getByRole('button', { name: '存为文本' }).click();
  const text = await textDownload;
  expect(text.suggestedFilename()).toBe('yanzhi-recovery-code.txt');
  expect(await readFile(await text.path(), 'utf8')).toContain(code);
  const imageDownload = page.waitForEvent('download');
  await sheet.getByRole('button', { name: '存为图片' }).click();
  const image = await imageDownload;
  expect(image.suggestedFilename()).toBe('yanzhi-recovery-code.png');
  const png = await readFile(await image.path());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  await sheet.getByRole('button', { name: '我已保存' }).click();
  await expect(keep.getByTestId('recovery-code-state')).toContainText('当前恢复码生成于');

  await signOut(page, /使用恢复码登录/);
  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.context().clearCookies();

  // Another phone: a fresh browser, the code typed loosely.
  const fresh = await browser.newContext({ ...devices['Pixel 7'], locale: 'zh-CN' });
  const newPage = await fresh.newPage();
  const replacement = await signInWithCode(newPage, origin, typedLoosely(code));
  expect(replacement).not.toBe(code);
  expect(await readProfile(newPage, origin)).toEqual(before);

  // The spent code no longer works; the replacement shown after signing in does.
  await signOut(newPage, /使用恢复码登录/);
  await newPage.getByRole('button', { name: '登录', exact: true }).click();
  const signIn = newPage.getByRole('dialog', { name: '登录已有账号' });
  await signIn.getByLabel('恢复码').fill(code);
  await signIn.getByRole('button', { name: '使用恢复码登录' }).click();
  await expect(signIn.getByRole('alert')).toHaveText('恢复码无效或已经用过');
  await signIn.getByRole('button', { name: '取消' }).click();
  const third = await signInWithCode(newPage, origin, replacement);
  expect(third).not.toBe(replacement);

  await readProfile(newPage, origin);
  await refuseDeletingOnlyPhoto(newPage);
  await fresh.close();
});
