import { expect, test, type Page } from '@playwright/test';
import { ROUTE_CASES, signInWithPhoto, waitForSettledPage } from '../support/app.js';
import { revealedChips, watchReveal } from '../support/reveal.js';
import { baseUrl } from '../support/server.js';

interface FocusStop {
  /** Tag, role and accessible-ish name of the focused element. */
  name: string;
  /** A focus ring is painted: an outline or a box-shadow that differs from the resting one. */
  ringVisible: boolean;
  /** The middle of the element is not covered by something else (a fixed bar, a toast). */
  unobscured: boolean;
  inViewport: boolean;
}

/** Presses Tab and describes where focus landed. */
async function tab(page: Page, shift = false): Promise<FocusStop> {
  await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) {
      return { name: 'body', ringVisible: false, unobscured: false, inViewport: false };
    }
    // A visually hidden input (the upload pickers) shows its focus on its label.
    const small = element.getBoundingClientRect().width <= 1;
    const shown =
      small && element instanceof HTMLInputElement && element.labels?.[0]
        ? element.labels[0]
        : element;
    const style = getComputedStyle(shown);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const ring = outline || (style.boxShadow !== 'none' && element.matches(':focus-visible'));
    const box = shown.getBoundingClientRect();
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    const label =
      element.getAttribute('aria-label') ?? (element.textContent.trim().slice(0, 30) || '-');
    return {
      name: `${element.tagName.toLowerCase()}:${label}`,
      ringVisible: ring,
      unobscured: hit !== null && (shown === hit || shown.contains(hit)),
      inViewport: box.bottom > 0 && box.top < window.innerHeight,
    };
  });
}

/** Tabs through the whole page once (until focus comes back round) and returns every stop. */
async function tabThrough(page: Page, limit = 60): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let index = 0; index < limit; index += 1) {
    const stop = await tab(page);
    if (stop.name === 'body' || stop.name === stops[0]?.name) break;
    stops.push(stop);
  }
  return stops;
}

test.describe('keyboard only', () => {
  test('votes in the arena with Tab, Enter and Space, and hears each result', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await waitForSettledPage(page);
    const pair = page.getByTestId('arena-pair');
    const announcer = page.getByTestId('arena-announcer');
    const first = page.getByRole('button', { name: '选择照片 1' });
    const second = page.getByRole('button', { name: '选择照片 2' });

    // The skip link comes first and lands on the page itself.
    const skip = await tab(page);
    expect(skip.name).toContain('跳到主要内容');
    expect(skip.ringVisible).toBe(true);
    expect(skip.unobscured).toBe(true);

    // Tab on to the first photo: each photo is a button named as a choice.
    let stop = skip;
    for (let index = 0; index < 15 && !stop.name.includes('选择照片 1'); index += 1) {
      stop = await tab(page);
    }
    await expect(first).toBeFocused();
    expect(stop.ringVisible, 'the focused photo shows a ring').toBe(true);
    await expect(pair).toHaveAttribute('aria-describedby', /.+/);

    // Enter votes for it; the result is announced and focus stays for the next pair.
    let previous = await pair.getAttribute('data-pair-id');
    await watchReveal(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => revealedChips(page)).toBe(2);
    await expect(announcer).toContainText(/你选了照片 1：\d+\.\d 分，[+-]\d+\.\d/);
    await expect(pair).not.toHaveAttribute('data-pair-id', previous ?? '');
    await expect(first).toBeFocused();

    // Tab past the report flag to the second photo and vote with Space.
    expect((await tab(page)).name).toContain('举报照片 1');
    expect((await tab(page)).name).toContain('选择照片 2');
    await expect(second).toBeFocused();
    previous = await pair.getAttribute('data-pair-id');
    await page.keyboard.press('Space');
    await expect(announcer).toContainText('你选了照片 2');
    await expect(pair).not.toHaveAttribute('data-pair-id', previous ?? '');
    await expect(second).toBeFocused();

    // The report sheet by keyboard: focus goes in, Tab stays in, Escape closes and returns.
    const flag = await tab(page);
    expect(flag.name).toContain('举报照片 2');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: '举报照片 2' });
    await expect(sheet).toBeVisible();
    for (let index = 0; index < 12; index += 1) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: '举报照片 2' })).toBeFocused();

    // Skip by keyboard (S, as the key hint says), and the number keys still vote.
    await expect(page.getByText('按 1 / 2 或 ← / → 投票，按 S 跳过')).toBeAttached();
    previous = await pair.getAttribute('data-pair-id');
    const votesBefore = await page
      .getByRole('progressbar', { name: '解锁进度' })
      .getAttribute('aria-valuenow');
    await page.keyboard.press('s');
    await expect(pair).not.toHaveAttribute('data-pair-id', previous ?? '');
    await expect(page.getByRole('progressbar', { name: '解锁进度' })).toHaveAttribute(
      'aria-valuenow',
      votesBefore ?? '',
    );
    previous = await pair.getAttribute('data-pair-id');
    await page.keyboard.press('1');
    await expect(announcer).toContainText('你选了照片 1');
    await expect(pair).not.toHaveAttribute('data-pair-id', previous ?? '');
  });

  test('signs in with a recovery code by keyboard: the sheet keeps focus and gives it back', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/profile`);
    await waitForSettledPage(page);
    const opener = page.getByRole('button', { name: '登录', exact: true });
    let stop = await tab(page);
    for (let index = 0; index < 30 && !stop.name.endsWith(':登录'); index += 1) {
      stop = await tab(page);
    }
    await expect(opener).toBeFocused();
    expect(stop.ringVisible).toBe(true);
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: '登录已有账号' });
    await expect(sheet).toBeVisible();
    for (let index = 0; index < 8; index += 1) {
      const inside = await tab(page);
      expect(inside.ringVisible, inside.name).toBe(true);
      expect(await sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    // The code field by keyboard: typed, sent with Enter, refused with the server's words.
    await sheet.getByLabel('恢复码').focus();
    await page.keyboard.type('AAAA BBBB CCCC DDDD EEEE FFFF');
    await page.keyboard.press('Enter');
    await expect(sheet.getByRole('alert')).toHaveText('恢复码无效或已经用过');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the arena is tabbed through in reading order: top bar, photos, actions, navigation', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/`);
    await waitForSettledPage(page);
    const names = (await tabThrough(page)).map((stop) => stop.name);
    const position = (part: string) => names.findIndex((name) => name.includes(part));
    const order = [
      '跳到主要内容',
      '女生',
      '个人中心',
      '选择照片 1',
      '举报照片 1',
      '选择照片 2',
      '举报照片 2',
      '玩法说明',
      '跳过',
      '竞技场',
      '排行榜',
      '上传',
      '我的',
    ].map((part) => [part, position(part)] as const);
    for (const [part, index] of order)
      expect(index, `${part} in ${names.join(' | ')}`).not.toBe(-1);
    const indexes = order.map(([, index]) => index);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });
});

test.describe('visible, unobscured focus on every route', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  for (const route of ROUTE_CASES) {
    test(`${route.name} (${route.path})`, async ({ page }) => {
      if (route.signedIn) await signInWithPhoto(page, '小安');
      await page.goto(`${baseUrl()}${route.path}`);
      await waitForSettledPage(page);
      const stops = await tabThrough(page);
      expect(stops.length, 'something takes focus').toBeGreaterThan(1);
      const noRing = stops.filter((stop) => !stop.ringVisible).map((stop) => stop.name);
      expect(noRing, 'focused without a visible ring').toEqual([]);
      const hidden = stops
        .filter((stop) => !stop.inViewport || !stop.unobscured)
        .map((stop) => stop.name);
      expect(hidden, 'focused but off screen or covered').toEqual([]);
    });
  }
});
