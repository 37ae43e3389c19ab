import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ARTIFACTS_DIR,
  ROUTE_CASES,
  makeJpeg,
  signInWithPhoto,
  waitForSettledPage,
} from '../support/app.js';
import { uploadAsVisitor } from '../support/journey.js';
import { baseUrl } from '../support/server.js';

/** WCAG 2.x A and AA plus axe's best practices; nothing is disabled. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the page as it is and fails with a readable list of what it found. What axe
 * could not decide (text over gradients and photos) is saved beside the screenshots for review.
 */
async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const undecided = results.incomplete.map((item) => ({
    rule: item.id,
    nodes: item.nodes.map((node) => `${node.target.join(' ')}: ${node.any[0]?.message ?? ''}`),
  }));
  const file = path.join(
    ARTIFACTS_DIR,
    'axe',
    `${what.replace(/[^\w\u4e00-\u9fff-]+/g, '_')}.json`,
  );
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ url: page.url(), undecided }, null, 2));
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect(found, `axe on ${what}`).toEqual([]);
}

for (const language of ['zh-CN', 'en'] as const) {
  test.describe(`axe on every route (${language})`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

    for (const route of ROUTE_CASES) {
      test(`${route.name} (${route.path}) has no violations`, async ({ page }) => {
        if (route.signedIn) await signInWithPhoto(page, language === 'en' ? 'Ann' : '小安');
        await page.goto(`${baseUrl()}${route.path}`);
        await waitForSettledPage(page);
        await expectNoAxeViolations(page, `${route.name} ${language}`);
      });
    }
  });
}

test.describe('axe on dialogs and later states', () => {
  test('the arena after a vote, and its report sheet', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await waitForSettledPage(page);
    await page.getByRole('button', { name: '选择照片 1' }).click();
    await expect(page.getByTestId('score-chip')).toHaveCount(2);
    await expectNoAxeViolations(page, 'the arena revealing scores');

    await page.getByRole('button', { name: '举报照片 2' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, 'the report sheet');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the upload frame step', async ({ page }) => {
    await page.goto(`${baseUrl()}/upload`);
    await waitForSettledPage(page);
    await page.getByLabel(/从相册选择/).setInputFiles({
      name: 'frame.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(page, 901),
    });
    await expect(page.getByRole('application', { name: /裁剪框/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: '分类' })).toBeEnabled();
    await expectNoAxeViolations(page, 'the upload frame step');
  });

  test('the profile tabs, the share modal and the delete-account confirmation', async ({
    page,
  }) => {
    await signInWithPhoto(page, '小安');
    await page.goto(`${baseUrl()}/profile`);
    await waitForSettledPage(page);
    for (const tab of ['数据', '成就']) {
      await page.getByRole('tab', { name: tab }).click();
      await waitForSettledPage(page);
      await expectNoAxeViolations(page, `the profile tab ${tab}`);
    }
    await page.getByRole('button', { name: '分享我的排名' }).click();
    const share = page.getByRole('dialog', { name: '分享我的排名' });
    await expect(share.getByTestId('share-card')).toBeVisible();
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, 'the share modal');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '注销账号' }).click();
    await expect(page.getByRole('dialog', { name: '注销账号？' })).toBeVisible();
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, 'the delete-account confirmation');
  });

  test('keeping an account: the offer, the section, sign-out warning, the code, sign-in', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await uploadAsVisitor(page, baseUrl(), 902);
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, 'the upload offer to keep the account');

    await page.goto(`${baseUrl()}/profile`);
    await expect(page.getByTestId('keep-account').getByRole('button').first()).toBeVisible();
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, 'the profile with keep my account');

    await page.getByRole('button', { name: '退出登录' }).click();
    // One sheet throughout: its name follows what it shows (the question, then the code).
    const signOut = page.getByTestId('sign-out-sheet');
    await expect(signOut.getByTestId('sign-out-warning')).toBeVisible();
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, 'the sign-out warning');

    await signOut.getByRole('button', { name: '生成恢复码' }).click();
    await expect(signOut.getByTestId('recovery-code')).toBeVisible();
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, 'the recovery code');
    await signOut.getByRole('button', { name: '我已保存' }).click();
    await expect(signOut.getByTestId('ways-back')).toBeVisible();
    await signOut.getByRole('button', { name: '退出登录' }).click();

    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('dialog', { name: '登录已有账号' })).toBeVisible();
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, 'the sign-in sheet');
  });

  test('the leaderboard of all time with its podium', async ({ page }) => {
    await page.goto(`${baseUrl()}/leaderboard?period=all`);
    await expect(page.getByTestId('podium-place')).toHaveCount(3);
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, 'the all-time board');
  });
});
