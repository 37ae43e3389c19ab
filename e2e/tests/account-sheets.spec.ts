import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { zhCN } from '../../apps/web/src/lib/i18n/catalogue.js';
import { en } from '../../apps/web/src/lib/i18n/catalogue-en.js';
import { PROFILE_TEXTS } from '../../apps/web/src/features/profile/texts-data.js';
import { UPLOAD_TEXTS } from '../../apps/web/src/features/upload/texts-data.js';
import { ACCOUNT_TEXTS } from '../../apps/web/src/services/account/texts-data.js';
import { BROWSER_LOCALE, SCREENSHOTS_DIR, makeJpeg } from '../support/app.js';
import { addVirtualAuthenticator, localUrl } from '../support/webauthn.js';

/**
 * The screens of keeping an account at 360x640 and 414x896, in Chinese and in English, saved
 * into e2e/artifacts/screenshots/account/<name>-<language>[-414].png for review; each one must
 * fit the width (no sideways scroll) and be reached by its visible names in that language.
 */
const DIR = path.join(SCREENSHOTS_DIR, 'account');

const SIZES = [
  { width: 360, height: 640, suffix: '' },
  { width: 414, height: 896, suffix: '-414' },
] as const;

for (const [language, { width, height, suffix }] of (['zh-CN', 'en'] as const).flatMap((language) =>
  SIZES.map((size) => [language, size] as const),
)) {
  test.describe(`account screens in ${language} at ${width}x${height}`, () => {
    test.use({ viewport: { width, height }, locale: BROWSER_LOCALE[language] });

    test('the offer, the section, the code, sign-out and sign-in sheets', async ({ page }) => {
      test.setTimeout(180_000);
      const app = language === 'en' ? en : zhCN;
      const text = ACCOUNT_TEXTS[language];
      const profile = PROFILE_TEXTS[language];
      const upload = UPLOAD_TEXTS[language];
      const origin = localUrl();
      await mkdir(DIR, { recursive: true });
      await addVirtualAuthenticator(page);

      const shoot = async (name: string, focus?: Locator) => {
        if (focus) await focus.scrollIntoViewIfNeeded();
        await page.evaluate(() =>
          Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),
        );
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} fits ${width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(DIR, `${name}-${language}${suffix}.png`) });
      };

      // A visitor's first upload, and the offer to keep the account.
      await page.goto(`${origin}/upload`);
      await page.getByLabel(upload['upload.album']).setInputFiles({
        name: 'me.jpg',
        mimeType: 'image/jpeg',
        buffer: await makeJpeg(page, (language === 'en' ? 1611 : 1612) + width),
      });
      await expect(page.getByRole('combobox', { name: upload['upload.category'] })).toBeEnabled();
      await page.getByRole('button', { name: upload['upload.submit'], exact: true }).click();
      const offer = page.getByTestId('save-account-offer');
      await expect(offer).toBeVisible();
      await shoot('offer', offer);

      // The profile's section, before anything is saved, and the stranded sign-out warning.
      await page.goto(`${origin}/profile`);
      const keep = page.getByTestId('keep-account');
      await expect(keep).toContainText(text['account.noWayBack']);
      await shoot('keep-section-empty', keep);
      await page.getByRole('button', { name: profile['profile.signOut'] }).click();
      const stranded = page.getByRole('dialog', { name: text['signOut.title'] });
      await expect(stranded.getByTestId('sign-out-warning')).toBeVisible();
      await shoot('sign-out-stranded');
      await stranded.getByRole('button', { name: app['common.cancel'] }).click();

      // A passkey and a recovery code saved.
      await keep.getByRole('button', { name: text['account.savePasskey'] }).click();
      await expect(keep.getByTestId('passkey')).toHaveCount(1);
      await keep.getByRole('button', { name: text['account.createCode'] }).click();
      const codeSheet = page.getByRole('dialog', { name: text['recoveryCode.title'] });
      const code = (await codeSheet.getByTestId('recovery-code').textContent()) ?? '';
      await shoot('recovery-code');
      await codeSheet.getByRole('button', { name: text['recoveryCode.done'] }).click();
      await shoot('keep-section-saved', keep);
      await keep.getByTestId('passkey').getByRole('button').click();
      await expect(page.getByRole('dialog', { name: text['account.removeTitle'] })).toBeVisible();
      await shoot('remove-passkey');
      await page.keyboard.press('Escape');

      // Signing out says how to come back; the visitor's sign-in sheet; the code's replacement.
      await page.getByRole('button', { name: profile['profile.signOut'] }).click();
      const signOut = page.getByRole('dialog', { name: text['signOut.title'] });
      await expect(signOut.getByTestId('ways-back')).toBeVisible();
      await shoot('sign-out');
      await signOut.getByRole('button', { name: text['signOut.confirm'] }).click();
      await page.getByRole('button', { name: text['signIn.button'], exact: true }).click();
      const signIn = page.getByRole('dialog', { name: text['signIn.title'] });
      await shoot('sign-in');
      await signIn.getByLabel(text['signIn.codeLabel']).fill(code);
      await signIn.getByRole('button', { name: text['signIn.code'] }).click();
      await expect(
        page.getByRole('dialog', { name: text['recoveryCode.titleAfterSignIn'] }),
      ).toBeVisible();
      await shoot('new-code-after-sign-in');
      await tidy(page, text['recoveryCode.done']);
    });
  });
}

async function tidy(page: Page, done: string): Promise<void> {
  await page.getByRole('button', { name: done }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
