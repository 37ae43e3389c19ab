import { expect, test, type Locator, type Page } from '@playwright/test';
import { revealedChips, watchReveal } from '../support/reveal.js';
import { baseUrl } from '../support/server.js';

/** What the page itself saw while voting (recorded in the page, between Playwright's polls). */
interface ArenaWatch {
  pairsShown: string[];
  /** Pairs whose images were not decoded at the moment they were put on screen. */
  notReady: { pairId: string; images: { complete: boolean; naturalWidth: number }[] }[];
  /** Times the loading skeleton appeared after the first pair had been shown. */
  skeletonsAfterFirstPair: number;
  toastKinds: string[];
}

declare global {
  interface Window {
    __arenaWatch?: ArenaWatch;
  }
}

/**
 * Watches the arena from inside the page: each new pair's images must be complete the moment
 * the pair is inserted, and the skeleton must never come back once a pair has been shown.
 */
async function watchArena(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch: ArenaWatch = {
      pairsShown: [],
      notReady: [],
      skeletonsAfterFirstPair: 0,
      toastKinds: [],
    };
    window.__arenaWatch = watch;
    let skeletonVisible = false;
    const check = () => {
      const pair = document.querySelector<HTMLElement>('[data-testid="arena-pair"]');
      const pairId = pair?.dataset.pairId;
      if (pair && pairId && watch.pairsShown.at(-1) !== pairId) {
        watch.pairsShown.push(pairId);
        const isFirst = watch.pairsShown.length === 1;
        // Judged at the first frame that paints the pair: that is what the voter sees.
        requestAnimationFrame(() => {
          const images = Array.from(pair.querySelectorAll('img')).map((img) => ({
            complete: img.complete,
            naturalWidth: img.naturalWidth,
          }));
          if (!isFirst && images.some((img) => !img.complete || img.naturalWidth === 0)) {
            watch.notReady.push({ pairId, images });
          }
        });
      }
      const skeleton = document.querySelector('[data-testid="arena-skeleton"]') !== null;
      if (skeleton && !skeletonVisible && watch.pairsShown.length > 0) {
        watch.skeletonsAfterFirstPair += 1;
      }
      skeletonVisible = skeleton;
      for (const toast of Array.from(
        document.querySelectorAll<HTMLElement>('[data-testid="toast"]'),
      )) {
        const kind = toast.dataset.kind ?? toast.dataset.type ?? '';
        if (toast.dataset.seen !== '1') {
          toast.dataset.seen = '1';
          watch.toastKinds.push(kind);
        }
      }
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-pair-id', 'data-testid'],
    });
  });
}

function readWatch(page: Page): Promise<ArenaWatch | undefined> {
  return page.evaluate(() => window.__arenaWatch);
}

async function currentPairId(pair: Locator): Promise<string> {
  const id = await pair.getAttribute('data-pair-id');
  expect(id).toBeTruthy();
  return id ?? '';
}

/** Taps a photo in its lower part (a toast never covers a photo, see arena-feedback.spec.ts). */
async function tapPhoto(page: Page, n: 1 | 2): Promise<void> {
  const photo = page.getByRole('button', { name: `选择照片 ${n}` });
  const box = await photo.boundingBox();
  expect(box, `photo ${n} has a box`).not.toBeNull();
  if (box === null) return;
  await photo.click({ position: { x: box.width / 2, y: box.height * 0.75 } });
}

async function expectNextPair(page: Page, pair: Locator, previous: string): Promise<string> {
  await expect(pair).not.toHaveAttribute('data-pair-id', previous);
  await expect(page.getByTestId('arena-skeleton')).toHaveCount(0);
  const images = await pair.locator('img').evaluateAll((nodes) =>
    nodes.map((node) => {
      const img = node as HTMLImageElement;
      return { complete: img.complete, naturalWidth: img.naturalWidth };
    }),
  );
  expect(images).toHaveLength(2);
  for (const image of images) {
    expect(image.complete).toBe(true);
    expect(image.naturalWidth).toBeGreaterThan(0);
  }
  return currentPairId(pair);
}

test.describe('the arena on a phone', () => {
  test('votes twelve times without waiting, with the unlock of the score said once', async ({
    page,
  }) => {
    await watchArena(page);
    await page.goto(`${baseUrl()}/`);
    const pair = page.getByTestId('arena-pair');
    await expect(pair).toBeVisible();
    // A new voter: ten votes to go.
    await expect(page.getByText('再投 10 票解锁你的颜值分')).toBeVisible();
    const progress = page.getByRole('progressbar', { name: '解锁进度' });
    await expect(progress).toHaveAttribute('aria-valuenow', '0');

    let previous = await currentPairId(pair);
    let unlockSeen = false;
    for (let vote = 1; vote <= 12; vote += 1) {
      await watchReveal(page);
      await tapPhoto(page, vote % 2 === 1 ? 1 : 2);
      // The reveal: both photos show their score.
      await expect.poll(() => revealedChips(page)).toBe(2);
      const remaining = 10 - vote;
      if (remaining > 1) {
        await expect(page.getByText(`再投 ${remaining} 票解锁你的颜值分`)).toBeVisible();
      } else if (remaining === 1) {
        await expect(page.getByText('再投 1 票解锁你的颜值分')).toBeVisible();
      } else if (vote === 10) {
        // One toast says it, and what it means for a visitor without a photo.
        const unlockToast = page
          .getByTestId('toast')
          .filter({ hasText: '颜值分已解锁：传张照片看看几分' });
        await expect(unlockToast).toBeVisible();
        await expect(page.getByTestId('toast')).toHaveCount(1);
        // The bar stays full, with the way to the score.
        await expect(progress).toHaveAttribute('aria-valuenow', '10');
        await expect(page.getByRole('link', { name: /上传照片，看看你的颜值分/ })).toBeVisible();
        unlockSeen = true;
      }
      if (vote === 1) {
        // The vote's fuel and scores show in place: the first vote's toast is its achievement.
        await expect(page.locator('[data-testid="toast"][data-kind="achievement"]')).toBeVisible();
        await expect(page.getByTestId('toast')).toHaveCount(1);
      }
      previous = await expectNextPair(page, pair, previous);
    }

    expect(unlockSeen).toBe(true);
    await expect(progress).toHaveAttribute('aria-valuenow', '10');
    const watch = await readWatch(page);
    expect(watch?.pairsShown.length).toBeGreaterThanOrEqual(13);
    expect(new Set(watch?.pairsShown).size).toBe(watch?.pairsShown.length);
    expect(watch?.skeletonsAfterFirstPair).toBe(0);
    expect(watch?.notReady).toEqual([]);
    // No toast per vote (issue 17): neither the fuel nor a stranger's score; the achievements
    // (the first vote, the unlock) are all there is.
    expect(watch?.toastKinds).toEqual(['achievement', 'achievement']);
  });

  test('votes with the keyboard alone', async ({ page }) => {
    await watchArena(page);
    await page.goto(`${baseUrl()}/`);
    const pair = page.getByTestId('arena-pair');
    await expect(pair).toBeVisible();
    let previous = await currentPairId(pair);
    for (const key of ['1', '2', '1', '2']) {
      await watchReveal(page);
      await page.keyboard.press(key);
      await expect.poll(() => revealedChips(page)).toBe(2);
      await expect(page.getByTestId('arena-announcer')).toContainText(`你选了照片 ${key}`);
      previous = await expectNextPair(page, pair, previous);
    }
    await expect(page.getByText('再投 6 票解锁你的颜值分')).toBeVisible();
    const watch = await readWatch(page);
    expect(watch?.skeletonsAfterFirstPair).toBe(0);
  });

  test('skips a pair without voting and reports a photo', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    const pair = page.getByTestId('arena-pair');
    await expect(pair).toBeVisible();
    const previous = await currentPairId(pair);
    await page.getByRole('button', { name: '跳过' }).click();
    await expectNextPair(page, pair, previous);
    await expect(page.getByText('再投 10 票解锁你的颜值分')).toBeVisible();

    await page.getByRole('button', { name: '举报照片 1' }).click();
    const sheet = page.getByRole('dialog', { name: '举报照片 1' });
    await expect(sheet).toBeVisible();
    await sheet.getByText('垃圾广告').click();
    await sheet.getByRole('textbox').fill('e2e');
    await sheet.getByRole('button', { name: '提交举报' }).click();
    // The server takes the report: the sheet closes and a thank-you toast appears.
    await expect(page.getByTestId('toast').filter({ hasText: '举报已提交' })).toBeVisible();
    await expect(sheet).toBeHidden();
    // Reporting the same photo again is refused with the server's words.
    await page.getByRole('button', { name: '举报照片 1' }).click();
    const again = page.getByRole('dialog', { name: '举报照片 1' });
    await again.getByText('垃圾广告').click();
    await again.getByRole('button', { name: '提交举报' }).click();
    await expect(again.getByText('你已经举报过这张照片了', { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
  });

  test('keeps both photos, the chips, the progress and skip on screen at 360x640', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(`${baseUrl()}/`);
    await expect(page.getByTestId('arena-pair')).toBeVisible();
    const inView = async (locator: Locator) => {
      const box = await locator.boundingBox();
      expect(box).not.toBeNull();
      return box;
    };
    const navBox = await inView(page.getByRole('navigation', { name: '主导航' }));
    const navTop = navBox?.y ?? 640;
    for (const locator of [
      page.getByRole('button', { name: '选择照片 1' }),
      page.getByRole('button', { name: '选择照片 2' }),
      page.getByRole('button', { name: '女生' }),
      page.getByRole('progressbar', { name: '解锁进度' }),
      page.getByRole('button', { name: '跳过' }),
    ]) {
      const box = await inView(locator);
      if (box === null) continue;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(navTop + 0.5);
    }
    const scroll = await page.evaluate(
      () => document.documentElement.scrollHeight - document.documentElement.clientHeight,
    );
    expect(scroll).toBeLessThanOrEqual(0);
  });
});
