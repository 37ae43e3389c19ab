import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { UPLOAD_TEXTS } from '../../apps/web/src/features/upload/texts-data.js';
import { ACCOUNT_TEXTS } from '../../apps/web/src/services/account/texts-data.js';
import { BROWSER_LOCALE, makeJpeg, type UiLanguage, SCREENSHOTS_DIR } from '../support/app.js';
import { baseUrl } from '../support/server.js';

/**
 * The upload page tells the truth and gets out of the way (issue 17), at 360x640 and 414x896 in
 * both languages: the crop step's category and 上传 are on screen above the bottom bar; a photo
 * too small is refused when chosen, and a refusal of the photo offers another photo, not a
 * retry; the label and the bar show one number, 100 only when stored; the success buttons stay
 * on one line; "以后再说" leaves focus somewhere sensible. Screens go to SHOTS for review.
 */
const SHOTS = path.join(SCREENSHOTS_DIR, 'upload');
const SIZES = [
  { width: 360, height: 640 },
  { width: 414, height: 896 },
] as const;

let seed = 1700 + (Date.now() % 1000) * 10;

/** A JPEG of the given size drawn by the browser (different each time: no duplicate refusal). */
async function smallJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ w, h }) => {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#6a5acd';
      context.fillRect(0, 0, w, h);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { w: width, h: height },
  );
  return Buffer.from(base64, 'base64');
}

async function choosePhoto(page: Page, language: UiLanguage, buffer?: Buffer) {
  seed += 1;
  await page.getByLabel(UPLOAD_TEXTS[language]['upload.album']).setInputFiles({
    name: `me-${String(seed)}.jpg`,
    mimeType: 'image/jpeg',
    buffer: buffer ?? (await makeJpeg(page, seed)),
  });
}

/** Whether the element's centre is the element itself (or inside it) to a tap: not covered. */
async function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** How many lines of text an element's content takes. */
function linesOf(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top)),
    );
    return tops.size;
  });
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),
  );
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

for (const language of ['zh-CN', 'en'] as const) {
  for (const { width, height } of SIZES) {
    const size = `${String(width)}x${String(height)}`;
    test.describe(`upload truth in ${language} at ${size}`, () => {
      test.use({ viewport: { width, height }, locale: BROWSER_LOCALE[language] });
      const text = UPLOAD_TEXTS[language];

      test('the crop step shows its category and 上传 above the bottom bar, and the success fits', async ({
        page,
      }) => {
        await page.goto(`${baseUrl()}/upload`);
        await shoot(page, `upload-choose-${language}-${size}`);
        await choosePhoto(page, language);
        await expect(
          page.getByRole('application', { name: text['upload.crop.label'] }),
        ).toBeVisible();
        const category = page.getByRole('combobox', { name: text['upload.category'] });
        const submit = page.getByRole('button', { name: text['upload.submit'], exact: true });
        await expect(category).toBeEnabled();
        // At the top of the page, as it opens, without any scrolling.
        await page.evaluate(() => {
          window.scrollTo(0, 0);
        });
        const nav = await page.locator('.bottom-nav').boundingBox();
        const navTop = nav?.y ?? height;
        // Soft: the rows after this one (buttons, focus) are still checked when it fails.
        for (const control of [category, submit]) {
          const box = await control.boundingBox();
          expect(box, 'the control has a box').not.toBeNull();
          expect.soft(box?.y ?? -1).toBeGreaterThanOrEqual(0);
          expect.soft((box?.y ?? height) + (box?.height ?? 0)).toBeLessThanOrEqual(navTop);
          expect.soft(await isOnTop(control)).toBe(true);
        }
        await shoot(page, `upload-frame-${language}-${size}`);

        await submit.click();
        const done = page.getByText(text['upload.success']);
        await expect(done).toBeVisible();
        for (const name of [text['upload.voteMeanwhile'], text['upload.toProfile']]) {
          const link = page.getByRole('link', { name });
          expect.soft(await linesOf(link), `"${name}" on one line`).toBe(1);
          const box = await link.boundingBox();
          expect.soft((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
        }
        await shoot(page, `upload-done-${language}-${size}`);
        // A first upload made a device account: "later" leaves focus on the page, not on body.
        const offer = page.getByTestId('save-account-offer');
        await expect(offer).toBeVisible();
        const later = offer.getByRole('button', {
          name: ACCOUNT_TEXTS[language]['saveOffer.later'],
        });
        await later.focus();
        await page.keyboard.press('Enter');
        await expect(offer).toHaveCount(0);
        const focused = await page.evaluate(() => {
          const active = document.activeElement;
          return {
            body: active === null || active === document.body,
            inMain: active !== null && (document.querySelector('#main')?.contains(active) ?? false),
            text: active?.textContent ?? '',
          };
        });
        expect(focused.body).toBe(false);
        expect(focused.inMain).toBe(true);
        expect(focused.text).toContain(text['upload.success']);
      });

      test('a photo too small is refused when chosen, with the rule and no crop', async ({
        page,
      }) => {
        await page.goto(`${baseUrl()}/upload`);
        await choosePhoto(page, language, await smallJpeg(page, 200, 260));
        const alert = page.getByRole('alert');
        await expect(alert).toContainText('256');
        await expect(
          page.getByRole('application', { name: text['upload.crop.label'] }),
        ).toHaveCount(0);
        await expect(page.getByRole('button', { name: /重试|Retry/ })).toHaveCount(0);
        await expect(page.getByLabel(text['upload.album'])).toBeAttached();
        await shoot(page, `upload-too-small-${language}-${size}`);
      });

      test('a refusal of the photo offers another photo, not a retry that cannot work', async ({
        page,
      }) => {
        await page.route('**/api/upload_photo', (route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 40005,
              msg:
                language === 'en' ? 'The image is too small' : '图片太小了，短边至少需要 256 像素',
              data: null,
            }),
          }),
        );
        await page.goto(`${baseUrl()}/upload`);
        await choosePhoto(page, language);
        await expect(page.getByRole('combobox', { name: text['upload.category'] })).toBeEnabled();
        await page.getByRole('button', { name: text['upload.submit'], exact: true }).click();
        await expect(page.getByRole('alert')).toContainText(text['upload.failed']);
        await expect(page.getByRole('button', { name: /重试|Retry/ })).toHaveCount(0);
        await shoot(page, `upload-refused-${language}-${size}`);
        await page.getByRole('button', { name: text['upload.chooseAnother'] }).click();
        await expect(page.getByLabel(text['upload.album'])).toBeAttached();
      });

      test('the label and the bar show one number, and 100 only once stored', async ({ page }) => {
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        // The bytes go out (68%, then all of them) while the server's answer is held back, as
        // on a slow server. Chromium reports no upload progress for an intercepted request, so
        // the page's upload reports it as the network would.
        await page.addInitScript(() => {
          // Called below with the request as `this`, exactly as the browser would.
          // eslint-disable-next-line @typescript-eslint/unbound-method
          const original = XMLHttpRequest.prototype.send;
          XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
            original.call(this, body);
            const total = 100_000;
            for (const [delay, loaded] of [
              [100, 68_000],
              [300, total],
            ] as const) {
              setTimeout(() => {
                this.upload.dispatchEvent(
                  new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
                );
              }, delay);
            }
          };
        });
        await page.route('**/api/upload_photo', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${baseUrl()}/upload`);
        await choosePhoto(page, language);
        await expect(page.getByRole('combobox', { name: text['upload.category'] })).toBeEnabled();
        await page.getByRole('button', { name: text['upload.submit'], exact: true }).click();
        const label = page.locator('.upload__progress-text');
        const bar = page.getByRole('progressbar', { name: text['upload.progress'] });
        await expect(bar).toBeVisible();
        await page.waitForTimeout(800);
        for (let look = 0; look < 3; look += 1) {
          const shown = await page.evaluate(() => {
            const fill = document.querySelector('.upload__progress-fill');
            const track = document.querySelector('.upload__progress-bar');
            const text = document.querySelector('.upload__progress-text')?.textContent ?? '';
            return {
              label: Number(/(\d+)%/.exec(text)?.[1] ?? 'NaN'),
              bar: Math.round(
                ((fill?.getBoundingClientRect().width ?? 0) /
                  (track?.getBoundingClientRect().width ?? 1)) *
                  100,
              ),
              aria: Number(track?.getAttribute('aria-valuenow') ?? 'NaN'),
            };
          });
          // Every byte is out: 99 until the server has stored the photo, never 100.
          expect(shown.label).toBe(99);
          expect(Math.abs(shown.label - shown.bar)).toBeLessThanOrEqual(1);
          expect(shown.aria).toBe(shown.label);
          if (look === 0) await shoot(page, `upload-progress-${language}-${size}`);
          await page.waitForTimeout(200);
        }
        await expect(label).toBeVisible();
        release();
        await expect(page.getByText(text['upload.success'])).toBeVisible();
      });
    });
  }
}
