import { randomUUID } from 'node:crypto';
import { CLIENT_STORAGE_KEYS, DEVICE_SECRET_COOKIE, ErrorCode } from '@yanzhi/contract';
import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/server.js';

/**
 * A link that plants `?device-id=` (spec §2) cannot hand anyone another visitor's history
 * (DESIGN §4, ADR 0022): the id is bound to the device that used it first, and the page that
 * was handed it silently drops it for a fresh one.
 */
test('a planted device id is dropped for a fresh one, and the arena plays on', async ({
  page,
  playwright,
}) => {
  // The planter uses the id first, from its own device (its own cookie jar).
  const planted = `web-${randomUUID()}`;
  const planter = await playwright.request.newContext({ baseURL: baseUrl() });
  const stats = await planter.post('/api/get_user_vote_stats', {
    data: { anonymous_id: planted },
  });
  expect(((await stats.json()) as { code: number }).code).toBe(0);

  const refusals: number[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/')) return;
    void response
      .json()
      .then((body: { code?: number }) => {
        if (body.code === ErrorCode.DEVICE_ID_TAKEN) refusals.push(body.code);
      })
      .catch(() => undefined);
  });

  await page.goto(`${baseUrl()}/?device-id=${planted}`);
  await expect(page.getByTestId('arena-pair')).toBeVisible();
  // No error reached the visitor; the page renewed its id after the server's refusal.
  await expect(page.locator('[data-testid="toast"][data-kind="error"]')).toHaveCount(0);
  const stored = await page.evaluate(
    (key) => localStorage.getItem(key),
    CLIENT_STORAGE_KEYS.deviceId,
  );
  expect(stored).not.toBe(planted);
  expect(stored).toMatch(/^web-[0-9a-f-]{36}$/);
  expect(refusals.length).toBeGreaterThan(0);

  // The device's secret is an HttpOnly cookie (the API's, and the profile page's for its own
  // figures), out of reach of page scripts.
  const cookies = await page.context().cookies();
  const device = cookies.find((cookie) => cookie.name === DEVICE_SECRET_COOKIE);
  expect(device).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
  expect(await page.evaluate(() => document.cookie)).not.toContain(DEVICE_SECRET_COOKIE);

  // The planter's id is still the planter's alone.
  const again = await planter.post('/api/get_user_vote_stats', {
    data: { anonymous_id: planted },
  });
  expect(((await again.json()) as { code: number }).code).toBe(0);
  await planter.dispose();
});
