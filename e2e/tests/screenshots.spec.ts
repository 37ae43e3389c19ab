import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  BROWSER_LOCALE,
  ROUTE_CASES,
  SCREENSHOTS_DIR,
  signInWithPhoto,
  waitForSettledPage,
  type UiLanguage,
} from '../support/app.js';
import { baseUrl } from '../support/server.js';

const SIZES = [
  { width: 360, height: 640 },
  { width: 414, height: 896 },
] as const;

/** Chinese at both sizes; English (longer words) at the small one, where it is tightest. */
const RUNS: readonly { size: (typeof SIZES)[number]; language: UiLanguage }[] = [
  ...SIZES.map((size) => ({ size, language: 'zh-CN' as const })),
  { size: SIZES[0], language: 'en' },
];

/**
 * Screenshots of every route, kept in e2e/artifacts/screenshots for review, with the checks a
 * look would make: nothing wider than the screen, no text cut by its box, and the page's
 * content clear of the bottom navigation once scrolled to the end.
 */
for (const { size, language } of RUNS) {
  const tag = `${size.width}x${size.height}-${language}`;
  test.describe(`screenshots at ${tag}`, () => {
    test.use({ viewport: size, locale: BROWSER_LOCALE[language] });

    for (const route of ROUTE_CASES) {
      test(`${route.name} (${route.path})`, async ({ page }) => {
        if (route.signedIn) await signInWithPhoto(page, language === 'en' ? 'Ann' : '小安');
        await page.goto(`${baseUrl()}${route.path}`);
        await waitForSettledPage(page);

        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'no horizontal scroll').toBeLessThanOrEqual(0);

        // Single-line controls whose label does not fit (cut or spilling out of the box).
        const cut = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('button, a, .chip, [role="tab"]'))
            .filter((element) => {
              const style = getComputedStyle(element);
              if (style.display === 'none' || style.visibility === 'hidden') return false;
              if (element.closest('.chips, .visually-hidden, .skip-link')) return false;
              return element.scrollWidth > element.clientWidth + 1;
            })
            .map((element) => element.textContent.trim() || element.getAttribute('aria-label')),
        );
        expect(cut, 'labels wider than their control').toEqual([]);

        await page.screenshot({
          path: path.join(SCREENSHOTS_DIR, `${tag}-${route.name}.png`),
        });

        // The end of the page is not hidden under the fixed bottom navigation.
        const nav = page.getByRole('navigation', {
          name: language === 'en' ? 'Main navigation' : '主导航',
        });
        if ((await nav.count()) > 0) {
          // A long board loads its next page as its end nears: scroll until the end stays put.
          await expect
            .poll(
              () =>
                page.evaluate(async () => {
                  const before = document.documentElement.scrollHeight;
                  window.scrollTo(0, before);
                  await new Promise((resolve) => setTimeout(resolve, 400));
                  return document.documentElement.scrollHeight === before;
                }),
              { timeout: 15_000 },
            )
            .toBe(true);
          const navTop = (await nav.boundingBox())?.y ?? size.height;
          const lastBottom = await page.evaluate(() => {
            const root = document.querySelector('#main .route-transition');
            const pinned = (element: Element | null): boolean => {
              for (let at = element; at !== null && at !== root; at = at.parentElement) {
                const { position } = getComputedStyle(at);
                if (position === 'fixed' || position === 'sticky') return true;
              }
              return false;
            };
            const boxes = Array.from(root?.querySelectorAll('*') ?? [])
              .filter((element) => element.getClientRects().length > 0)
              .filter((element) => !pinned(element) && !element.closest('.visually-hidden'))
              .map((element) => element.getBoundingClientRect().bottom);
            return Math.max(0, ...boxes);
          });
          expect(lastBottom, 'content ends above the bottom navigation').toBeLessThanOrEqual(
            navTop + 1,
          );
        }
      });
    }
  });
}
