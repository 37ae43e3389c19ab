import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { baseUrl, mintHostToken } from './server.js';

/** The folder of test artifacts (gitignored), whatever directory Playwright was started from. */
export const ARTIFACTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'artifacts',
);

export const SCREENSHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');

export type UiLanguage = 'zh-CN' | 'en';

/** Browser locales that make the app pick each language on its own (no stored choice). */
export const BROWSER_LOCALE: Readonly<Record<UiLanguage, string>> = {
  'zh-CN': 'zh-CN',
  en: 'en-US',
};

export interface AppRouteCase {
  path: string;
  /** File-name friendly name. */
  name: string;
  /** Whether the case is seen by a signed-in user who has a photo. */
  signedIn: boolean;
}

/** Every route of routes.tsx (the spec's six, the moderators' page and an unknown path). */
export const ROUTE_CASES: readonly AppRouteCase[] = [
  { path: '/', name: 'home', signedIn: false },
  { path: '/arena', name: 'arena', signedIn: false },
  { path: '/leaderboard', name: 'leaderboard', signedIn: false },
  { path: '/upload', name: 'upload', signedIn: false },
  { path: '/profile', name: 'profile-guest', signedIn: false },
  { path: '/profile', name: 'profile-user', signedIn: true },
  { path: '/onboarding', name: 'onboarding', signedIn: false },
  { path: '/admin', name: 'admin', signedIn: false },
  { path: '/no-such-page', name: 'not-found', signedIn: false },
];

/**
 * Waits until the page shows its content: the route's chunk is in, nothing is still loading
 * (no busy region or skeleton), images are decoded and the entrance transition has ended.
 */
export async function waitForSettledPage(page: Page): Promise<void> {
  await expect(page.locator('#main h1').first()).toBeAttached();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.skeleton:visible')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // Images on screen are decoded (lazy ones below the fold are left alone).
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images)
          .filter((image) => {
            const box = image.getBoundingClientRect();
            return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
          })
          .every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
}

/** A JPEG drawn by the browser itself, different for each seed (the server refuses duplicates). */
export async function makeJpeg(page: Page, seed: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (s) => {
    const canvas = new OffscreenCanvas(900, 1200);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = `hsl(${(s * 67) % 360} 55% 45%)`;
    context.fillRect(0, 0, 900, 1200);
    for (let index = 0; index < 30; index += 1) {
      context.fillStyle = `hsl(${(s * 31 + index * 47) % 360} 70% ${30 + ((index * 13) % 50)}%)`;
      context.beginPath();
      context.arc((index * 173 + s * 29) % 900, (index * 211 + s * 53) % 1200, 70, 0, Math.PI * 2);
      context.fill();
    }
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, seed);
  return Buffer.from(base64, 'base64');
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

type FilePart = { name: string; mimeType: string; buffer: Buffer };

/** One API call with a token (and a device id derived from it), its envelope answered. */
export async function postApi(
  request: APIRequestContext,
  call: string,
  token: string,
  options: { data?: unknown; multipart?: Record<string, string | FilePart> },
): Promise<Envelope> {
  const response = await request.post(`${baseUrl()}/api/${call}`, {
    headers: { 'access-token': token, 'device-id': `e2e-${token.slice(-12)}` },
    ...options,
  });
  return (await response.json()) as Envelope;
}

let userCounter = 0;

/**
 * Signs a fresh host user in (the token in the address, as the native host does) with one
 * uploaded photo, so the profile shows its full header, photo grid and actions.
 */
export async function signInWithPhoto(page: Page, nickname: string): Promise<string> {
  userCounter += 1;
  const sub = `e2e-a11y-${Date.now()}-${userCounter}`;
  const token = mintHostToken(sub, nickname);
  await page.goto(`${baseUrl()}/onboarding?access-token=${encodeURIComponent(token)}`);
  await expect(page).not.toHaveURL(/access-token/);
  const login = await postApi(page.request, 'get_user_info', token, { data: { token } });
  expect(login.code, login.msg).toBe(0);
  const upload = await postApi(page.request, 'upload_photo', token, {
    multipart: {
      category_id: '1',
      file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, userCounter) },
    },
  });
  expect(upload.code, upload.msg).toBe(0);
  return token;
}
