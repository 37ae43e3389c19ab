import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/server.js';

const ROUTES = ['/', '/arena', '/leaderboard', '/upload', '/profile', '/onboarding'];

/** Screenshots of every route on a small phone, kept as test artifacts for review. */
test.describe('screenshots at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  for (const route of ROUTES) {
    test(`renders ${route} without horizontal overflow`, async ({ page }) => {
      await page.goto(`${baseUrl()}${route}`);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const name = route === '/' ? 'home' : route.slice(1);
      await page.screenshot({ path: `e2e/artifacts/screenshots/360x640-${name}.png` });
    });
  }
});
