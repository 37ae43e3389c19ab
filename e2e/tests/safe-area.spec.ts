import { expect, test, type Page } from '@playwright/test';
import { signInWithPhoto, waitForSettledPage } from '../support/app.js';
import { baseUrl } from '../support/server.js';

/**
 * A notched phone: Chromium cannot emulate env(safe-area-inset-*), so the tokens every rule
 * takes them from (--safe-top…, tokens.css) are set on the root instead, as the browser would.
 */
const INSETS = { top: 44, right: 30, bottom: 34, left: 30 } as const;

/** Lets entrances (a toast sliding down, a sheet rising) end: they pass through the insets. */
async function settleEntrances(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().duration) <= 1000)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
}

async function notch(page: Page): Promise<void> {
  await page.evaluate((insets) => {
    for (const [side, px] of Object.entries(insets)) {
      document.documentElement.style.setProperty(`--safe-${side}`, `${px}px`);
    }
  }, INSETS);
}

/**
 * What the fixed and sticky bars (navigation, toasts, sheets, banners) show outside the safe
 * area: their text, images and controls must stay inside it, only their backgrounds may not.
 */
async function outsideSafeArea(page: Page): Promise<string[]> {
  return page.evaluate((insets) => {
    const safe = {
      left: insets.left - 0.5,
      top: insets.top - 0.5,
      right: window.innerWidth - insets.right + 0.5,
      bottom: window.innerHeight - insets.bottom + 0.5,
    };
    const pinned = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter(
      (element) => {
        const { position, visibility } = getComputedStyle(element);
        return (position === 'fixed' || position === 'sticky') && visibility !== 'hidden';
      },
    );
    const problems: string[] = [];
    const check = (label: string, rect: DOMRect) => {
      if (rect.width === 0 || rect.height === 0) return;
      // Off screen (a sticky bar's place further down the page): not shown, nothing to check.
      if (rect.bottom <= 0 || rect.top >= window.innerHeight) return;
      const out =
        rect.left < safe.left ||
        rect.top < safe.top ||
        rect.right > safe.right ||
        rect.bottom > safe.bottom;
      if (out) {
        problems.push(
          `${label} at ${[rect.left, rect.top, rect.right, rect.bottom].map(Math.round).join(',')}`,
        );
      }
    };
    for (const root of pinned) {
      if (root.closest('.visually-hidden, .skip-link')) continue;
      // Text, as laid out.
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('.visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) check(`"${text}"`, rect);
      }
      // Images and controls; a backdrop that covers the whole screen is not content.
      for (const element of Array.from(
        root.querySelectorAll<HTMLElement>('img, svg, button, a, input, textarea, select'),
      )) {
        const rect = element.getBoundingClientRect();
        if (rect.width >= window.innerWidth && rect.height >= window.innerHeight) continue;
        if (element.closest('.visually-hidden')) continue;
        check(`${element.tagName.toLowerCase()}.${element.classList[0] ?? ''}`, rect);
      }
    }
    return problems;
  }, INSETS);
}

test.describe('safe-area insets', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the page asks to cover the whole screen and every inset comes from the environment', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/`);
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
      'content',
      /viewport-fit=cover/,
    );
    // The tokens are the only way the rules read the insets: each one is env() with a 0 fallback.
    const tokens = await page.evaluate(() =>
      Array.from(document.styleSheets)
        .flatMap((sheet) => Array.from(sheet.cssRules))
        .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
        .filter((rule) => rule.selectorText === ':root')
        .flatMap((rule) =>
          ['top', 'right', 'bottom', 'left'].map((side) =>
            rule.style.getPropertyValue(`--safe-${side}`).trim(),
          ),
        )
        .filter((value) => value !== ''),
    );
    expect(tokens).toHaveLength(4);
    for (const [index, side] of ['top', 'right', 'bottom', 'left'].entries()) {
      expect(tokens[index]).toMatch(new RegExp(`^env\\(safe-area-inset-${side}, ?0px\\)$`));
    }
  });

  test('the bottom navigation pads itself above the home indicator', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await waitForSettledPage(page);
    const nav = page.getByRole('navigation', { name: '主导航' });
    const before = await nav.evaluate((element) => ({
      padding: parseFloat(getComputedStyle(element).paddingBottom),
      bottom: element.getBoundingClientRect().bottom,
    }));
    await notch(page);
    const after = await nav.evaluate((element) => ({
      padding: parseFloat(getComputedStyle(element).paddingBottom),
      bottom: element.getBoundingClientRect().bottom,
    }));
    // Its background still reaches the screen's edge; its links sit above the inset.
    expect(after.bottom).toBe(before.bottom);
    expect(after.padding - before.padding).toBe(INSETS.bottom);
  });

  test('no bar shows anything under the notch, the home indicator or the rounded sides', async ({
    page,
    context,
  }) => {
    const seen: Record<string, string[]> = {};
    const look = async (label: string) => {
      await settleEntrances(page);
      await notch(page);
      seen[label] = await outsideSafeArea(page);
    };

    await page.goto(`${baseUrl()}/`);
    await waitForSettledPage(page);
    await look('arena');
    await page.getByRole('button', { name: '选择照片 1' }).click();
    await expect(page.getByTestId('toast').first()).toBeVisible();
    await look('arena with a toast');
    await page.getByRole('button', { name: '举报照片 2' }).click();
    await expect(page.getByRole('dialog', { name: '举报照片 2' })).toBeVisible();
    await look('report sheet');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl()}/leaderboard`);
    await waitForSettledPage(page);
    await look('leaderboard');
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await look('offline banner');
    await context.setOffline(false);

    for (const path of ['/upload', '/profile', '/onboarding']) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForSettledPage(page);
      await look(path);
    }
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((label) => [label, []])));
  });

  test('a signed-in profile and its sheets keep clear of the insets too', async ({ page }) => {
    await signInWithPhoto(page, '小安');
    await page.goto(`${baseUrl()}/profile`);
    await waitForSettledPage(page);
    await notch(page);
    expect(await outsideSafeArea(page)).toEqual([]);
    await page.getByRole('button', { name: '分享我的排名' }).click();
    await expect(page.getByRole('dialog', { name: '分享我的排名' })).toBeVisible();
    await settleEntrances(page);
    expect(await outsideSafeArea(page)).toEqual([]);
  });
});

/** Where focus is, and whether something else (a fixed bar) is drawn over its middle. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const small = element.getBoundingClientRect().width <= 1;
    const shown =
      small && element instanceof HTMLInputElement && element.labels?.[0]
        ? element.labels[0]
        : element;
    const box = shown.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inside = y >= 0 && y < window.innerHeight && x >= 0 && x < window.innerWidth;
    const hit = inside ? document.elementFromPoint(x, y) : null;
    return {
      name: `${element.tagName.toLowerCase()}:${element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 24)}`,
      visible: inside && hit !== null && (shown === hit || shown.contains(hit)),
    };
  });
}

/**
 * The on-screen keyboard: in a host WebView that resizes the page for it (and Chrome with
 * interactive-widget=resizes-content), what is left is a short viewport.
 */
test.describe('with the on-screen keyboard open', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('the report notes stay in view above everything while typing', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await waitForSettledPage(page);
    await page.getByRole('button', { name: '举报照片 1' }).click();
    const sheet = page.getByRole('dialog', { name: '举报照片 1' });
    await expect(sheet).toBeVisible();
    const notes = sheet.getByRole('textbox');
    await notes.focus();
    // The keyboard takes the lower half of the screen.
    await page.setViewportSize({ width: 360, height: 320 });
    await notes.pressSequentially('有点可疑');
    await expect(notes).toBeFocused();
    expect(await focused(page)).toMatchObject({ visible: true });
    // The rest of the form is reachable: Tab on to the buttons, each shown unobscured.
    for (let index = 0; index < 3; index += 1) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      expect(stop?.visible, stop?.name).toBe(true);
    }
  });

  for (const path of ['/upload', '/leaderboard', '/profile']) {
    test(`every control of ${path} scrolls into view clear of the bottom bars`, async ({
      page,
    }) => {
      await page.goto(`${baseUrl()}${path}`);
      await waitForSettledPage(page);
      await page.setViewportSize({ width: 360, height: 320 });
      const hidden: string[] = [];
      const first = await (async () => {
        await page.keyboard.press('Tab');
        return focused(page);
      })();
      for (let index = 0, stop = first; index < 40 && stop !== null; index += 1) {
        if (!stop.visible) hidden.push(stop.name);
        await page.keyboard.press('Tab');
        stop = await focused(page);
        if (stop?.name === first?.name) break;
      }
      expect(hidden).toEqual([]);
    });
  }
});
