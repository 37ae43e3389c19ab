import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CLIENT_STORAGE_KEYS, type Session } from '@yanzhi/contract';
import { expect, test, type Page } from '@playwright/test';
import { makeJpeg } from '../support/app.js';
import { baseUrl, mintHostToken } from '../support/server.js';

/**
 * A token the server refuses never strands a visitor (issue 16, ADR 0002): it is renewed once
 * (the refresh token, or the host's bridge) or dropped from storage at once, said once, and the
 * visitor goes on anonymously.
 */

declare global {
  interface Window {
    /** Every toast this page load showed ("type: text"), in order. */
    __toasts?: string[];
    /** How often the fake host bridge was asked for a token. */
    __bridgeCalls?: number;
    /** The native host's bridge (README, "Inside the native host"), faked here. */
    YanzhiHost?: { refreshToken?: () => Promise<string> | string };
  }
}

const HOST_MESSAGE = '登录已过期，请从客户端重新打开本页面';
const REFUSED_MESSAGE = '登录已失效，你可以继续以游客身份使用';

/**
 * Records every toast from the first paint on: they leave by themselves after 2-3 s, which a
 * busy machine can miss between two checks.
 */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const toasts: string[] = [];
    window.__toasts = toasts;
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll('[data-testid="toast"]'))) {
        if (seen.has(toast)) continue;
        seen.add(toast);
        toasts.push(`${toast.getAttribute('data-type') ?? ''}: ${toast.textContent}`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const toastsShown = (page: Page) => page.evaluate(() => window.__toasts ?? []);

/** The warnings this page load showed. */
async function warningsShown(page: Page): Promise<string[]> {
  return (await toastsShown(page)).filter((toast) => toast.startsWith('warning: '));
}

function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** Lets the page finish its start-up calls, so a late warning would have had time to show. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('arena-pair')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Chooses a photo on the upload page and sends it as it is framed; the answers, in order. */
async function uploadPhoto(page: Page, seed: number): Promise<{ code: number; msg: string }[]> {
  const answers: { code: number; msg: string }[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/upload_photo')) return;
    void response.json().then((body: { code: number; msg: string }) => answers.push(body));
  });
  await page.getByLabel(/从相册选择/).setInputFiles({
    name: `stale-${seed}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, 9000 + seed),
  });
  await expect(page.getByRole('application', { name: /裁剪框/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '分类' })).toBeEnabled();
  await page.getByRole('button', { name: '上传', exact: true }).click();
  await expect(page.getByText(/上传成功！你的照片/)).toBeVisible();
  return answers;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

async function postApi(page: Page, call: string, data: unknown, token?: string) {
  const response = await page.request.post(`${baseUrl()}/api/${call}`, {
    data,
    headers: token === undefined ? {} : { 'access-token': token },
  });
  return (await response.json()) as Envelope;
}

/** Makes one of our sessions' access token expire now, as time would (the refresh token lives). */
function expireAccessToken(token: string): void {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'global-setup sets E2E_DATA_DIR').toBeTruthy();
  const db = new Database(path.join(dataDir ?? '', 'yanzhi.db'), { timeout: 10_000 });
  try {
    const hash = createHash('sha256').update(token).digest('hex');
    const changed = db
      .prepare('update sessions set access_expires_at = ? where access_hash = ?')
      .run(Date.now() - 60_000, hash);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

test.describe('a token the server refuses', () => {
  test('from the address: one warning, dropped for good, and an upload works as a device account', async ({
    page,
  }) => {
    await recordToasts(page);
    await page.goto(`${baseUrl()}/?access-token=BAD`);
    await settle(page);
    await expect.poll(() => warningsShown(page)).toHaveLength(1);
    expect(await warningsShown(page)).toEqual([expect.stringContaining(HOST_MESSAGE)]);
    expect(await stored(page, CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(await stored(page, CLIENT_STORAGE_KEYS.userInfo)).toBeNull();
    expect(page.url()).not.toContain('access-token');

    // A later load has nothing to refuse and says nothing.
    await page.reload();
    await settle(page);
    expect(await warningsShown(page)).toEqual([]);
    expect(await stored(page, CLIENT_STORAGE_KEYS.token)).toBeNull();

    await page.goto(`${baseUrl()}/upload`);
    const answers = await uploadPhoto(page, 1);
    expect(answers.map((answer) => answer.code)).toEqual([0]);
    await expect.poll(() => stored(page, CLIENT_STORAGE_KEYS.token)).toMatch(/^at_/);
    const userInfo = JSON.parse((await stored(page, CLIENT_STORAGE_KEYS.userInfo)) ?? '{}') as {
      is_device_account?: boolean;
    };
    expect(userInfo.is_device_account).toBe(true);
    expect(await warningsShown(page)).toEqual([]);
  });

  test('refused on an upload: dropped, said once, and the same upload goes on as a device account', async ({
    page,
  }) => {
    await recordToasts(page);
    await page.goto(`${baseUrl()}/upload`);
    await expect(page.getByLabel(/从相册选择/)).toBeAttached();
    // A token this app stored that the server no longer knows (its data was reset, say).
    await page.evaluate((key) => {
      localStorage.setItem(key, 'at_unknown-to-the-server');
    }, CLIENT_STORAGE_KEYS.token);

    const answers = await uploadPhoto(page, 2);
    // Refused with the token, then sent again without it: one device account, one photo.
    expect(answers.map((answer) => answer.code)).toEqual([40101, 0]);
    expect(await warningsShown(page)).toEqual([expect.stringContaining(REFUSED_MESSAGE)]);
    await expect.poll(() => stored(page, CLIENT_STORAGE_KEYS.token)).toMatch(/^at_/);
    expect(await stored(page, CLIENT_STORAGE_KEYS.token)).not.toBe('at_unknown-to-the-server');
  });

  test('an expired session with a stored refresh token is renewed silently', async ({ page }) => {
    await recordToasts(page);
    const login = await postApi(page, 'login_by_cookie', {
      cookie: mintHostToken(`e2e-stale-${Date.now()}`, '续期用户'),
    });
    expect(login.code, login.msg).toBe(0);
    const session = login.data as Session;
    expireAccessToken(session.token);
    const refused = await postApi(page, 'get_user_info', {}, session.token);
    expect(refused.code).toBe(40102);

    // A returning visitor: the session is in storage from an earlier visit.
    await page.goto(`${baseUrl()}/onboarding`);
    await page.evaluate(
      ({ keys, token, refreshToken, userInfo }) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.refreshToken, refreshToken);
        localStorage.setItem(keys.userInfo, userInfo);
      },
      {
        keys: CLIENT_STORAGE_KEYS,
        token: session.token,
        refreshToken: session.refresh_token,
        userInfo: JSON.stringify(session.userInfo),
      },
    );
    const refreshed = page.waitForResponse('**/api/refresh_session');
    await page.goto(`${baseUrl()}/`);
    expect(((await (await refreshed).json()) as { code: number }).code).toBe(0);
    await settle(page);

    const token = await stored(page, CLIENT_STORAGE_KEYS.token);
    const refreshToken = await stored(page, CLIENT_STORAGE_KEYS.refreshToken);
    expect(token).toMatch(/^at_/);
    expect(token).not.toBe(session.token);
    expect(refreshToken).not.toBe(session.refresh_token);
    const me = await postApi(page, 'get_user_info', {}, token ?? '');
    expect(me.data).toMatchObject({ id: session.userInfo.id });
    const userInfo = JSON.parse((await stored(page, CLIENT_STORAGE_KEYS.userInfo)) ?? '{}') as {
      id?: number;
    };
    expect(userInfo.id).toBe(session.userInfo.id);
    expect(await warningsShown(page)).toEqual([]);
  });

  test('an expired host token is renewed by the host’s bridge', async ({ page }) => {
    await recordToasts(page);
    const sub = `e2e-bridge-${Date.now()}`;
    const expired = mintHostToken(sub, '桥接用户', -60);
    const fresh = mintHostToken(sub, '桥接用户', 3600);
    await page.addInitScript((token) => {
      window.__bridgeCalls = 0;
      window.YanzhiHost = {
        refreshToken: () => {
          window.__bridgeCalls = (window.__bridgeCalls ?? 0) + 1;
          return new Promise((resolve) => {
            setTimeout(() => {
              resolve(token);
            }, 50);
          });
        },
      };
    }, fresh);

    await page.goto(`${baseUrl()}/?access-token=${encodeURIComponent(expired)}`);
    await settle(page);
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining('欢迎回来，桥接用户'));
    expect(await stored(page, CLIENT_STORAGE_KEYS.token)).toBe(fresh);
    expect(await page.evaluate(() => window.__bridgeCalls)).toBe(1);
    expect(await warningsShown(page)).toEqual([]);
  });
});
