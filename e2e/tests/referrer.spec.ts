import { expect, test, type BrowserContext, type Request } from '@playwright/test';
import { baseUrl, mintHostToken } from '../support/server.js';

interface Seen {
  url: string;
  referer: string | undefined;
  fromServiceWorker: boolean;
}

/** Every request of the context, the service worker's own included, with its real headers. */
function recordRequests(context: BrowserContext): { seen: Seen[]; settled: () => Promise<void> } {
  const seen: Seen[] = [];
  const pending: Promise<void>[] = [];
  const record = (request: Request) => {
    pending.push(
      request
        .allHeaders()
        .then((headers) => {
          seen.push({
            url: request.url(),
            referer: headers.referer,
            fromServiceWorker: request.serviceWorker() !== null,
          });
        })
        .catch(() => undefined),
    );
  };
  context.on('request', record);
  return {
    seen,
    settled: async () => {
      await Promise.all(pending);
    },
  };
}

test.describe('the host token in the first address', () => {
  test('never leaves in a Referer header, first visit or under the service worker', async ({
    context,
    page,
  }) => {
    const token = mintHostToken(`e2e-referrer-${Date.now()}`, 'Referrer');
    const address = `${baseUrl()}/?access-token=${encodeURIComponent(token)}&device-id=web-referrer`;
    const { seen, settled } = recordRequests(context);

    // First visit: no service worker yet, the HTML's own scripts, styles and fonts load.
    await page.goto(address);
    await expect(page).not.toHaveURL(/access-token/);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // Again, with the service worker in control of the page and its fetches.
    await page.goto(address);
    await expect(page).not.toHaveURL(/access-token/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('link', { name: '排行榜' }).first().click();
    await page.waitForLoadState('networkidle');
    await settled();

    const subresources = seen.filter((entry) => entry.url !== address);
    expect(subresources.length).toBeGreaterThan(3);
    expect(subresources.some((entry) => entry.url.includes('/assets/'))).toBe(true);
    const leaks = seen.filter(
      (entry) =>
        entry.referer !== undefined &&
        (entry.referer.includes('access-token') ||
          entry.referer.includes(token.slice(-16)) ||
          entry.referer.includes(encodeURIComponent(token).slice(-16))),
    );
    expect(leaks).toEqual([]);
    // No-referrer everywhere: no request names any page it came from (the service worker's
    // precache fetches carry an empty one).
    expect(seen.filter((entry) => entry.referer !== undefined && entry.referer !== '')).toEqual([]);
  });
});
