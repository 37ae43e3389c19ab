import { expect, test, type Page } from '@playwright/test';
import { waitForSettledPage } from '../support/app.js';
import { baseUrl } from '../support/server.js';

/** What each arena photo offers and what the browser picked for its frame. */
async function arenaSources(page: Page) {
  await page.goto(`${baseUrl()}/`);
  await waitForSettledPage(page);
  const images = page.locator('[data-testid="arena-photo"] img');
  await expect(images).toHaveCount(2);
  return images.evaluateAll((nodes) =>
    (nodes as HTMLImageElement[]).map((image) => {
      const current = new URL(image.currentSrc).pathname;
      // The width the chosen candidate declares (naturalWidth is corrected by its density).
      const candidate = image.srcset
        .split(',')
        .map((entry) => entry.trim().split(/\s+/))
        .find(([url]) => url === current);
      return {
        srcset: image.srcset,
        sizes: image.sizes,
        current,
        variantWidth: Number.parseInt(candidate?.[1] ?? '0', 10),
        frameWidth: image.getBoundingClientRect().width,
        priority: image.getAttribute('fetchpriority'),
      };
    }),
  );
}

/** The photo variants of ADR 0018: a phone downloads the size its frame needs at its density. */
test.describe('photo variants', () => {
  test.describe('a 360 px wide phone at 2x', () => {
    test.use({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2 });

    test('offers the medium and display variants and downloads the medium one', async ({
      page,
    }) => {
      const photos = await arenaSources(page);
      for (const photo of photos) {
        expect(photo.srcset).toMatch(/\/media\/photos\/\w{2}\/\w{32}-m\.webp 480w/);
        expect(photo.srcset).toMatch(/\/media\/photos\/\w{2}\/\w{32}\.webp 720w/);
        expect(photo.sizes).not.toBe('');
        expect(photo.current).toMatch(/-m\.webp$/);
        expect(photo.variantWidth).toBe(480);
        // The variant covers the frame at this density (no upscaling).
        expect(photo.variantWidth).toBeGreaterThanOrEqual(photo.frameWidth * 2);
        expect(photo.priority).toBe('high');
      }
    });
  });

  test.describe('a dense 414 px wide phone at 3x', () => {
    test.use({ viewport: { width: 414, height: 896 }, deviceScaleFactor: 3 });

    test('downloads the display variant', async ({ page }) => {
      for (const photo of await arenaSources(page)) {
        expect(photo.current).toMatch(/\/\w{32}\.webp$/);
        expect(photo.variantWidth).toBe(720);
      }
    });
  });

  test('the podium offers its variants at once, rows their thumbnails lazily', async ({ page }) => {
    // The all-time board: every demo photo, so rows below the podium too.
    await page.goto(`${baseUrl()}/leaderboard?period=all`);
    await waitForSettledPage(page);
    const podium = page.locator('[data-testid="podium-place"] img');
    await expect(podium.first()).toBeVisible();
    for (const image of await podium.all()) {
      await expect(image).toHaveAttribute('srcset', /-t\.webp 240w, .+-m\.webp 480w/);
      await expect(image).not.toHaveAttribute('loading', 'lazy');
    }
    // Rows (when the board has more than three photos) are small: the thumbnail, lazily.
    for (const image of await page.locator('[data-testid="leaderboard-row"] img').all()) {
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute('src', /-t\.webp$/);
      await expect(image).not.toHaveAttribute('srcset', /.+/);
    }
  });
});
