import { PAGE_ANSWER_ELEMENT_ID } from '@yanzhi/contract';
import { expect, test, type Page } from '@playwright/test';
import { zhCN } from '../../apps/web/src/lib/i18n/catalogue.js';
import { en } from '../../apps/web/src/lib/i18n/catalogue-en.js';
import { LEADERBOARD_TEXTS } from '../../apps/web/src/features/leaderboard/texts-data.js';
import { ONBOARDING_TEXTS } from '../../apps/web/src/features/onboarding/texts-data.js';
import { UPLOAD_TEXTS } from '../../apps/web/src/features/upload/texts-data.js';
import { PROFILE_TEXTS } from '../../apps/web/src/features/profile/texts-data.js';
import { REPORT_TEXTS } from '../../apps/web/src/services/report/texts-data.js';
import { VIEWER_TEXTS } from '../../apps/web/src/features/arena/viewer-texts-data.js';
import { MODERATION_PAGE_TEXTS } from '../../apps/web/src/features/moderation/texts-data.js';
import { ACCOUNT_TEXTS } from '../../apps/web/src/services/account/texts-data.js';
import { SHARE_TEXTS } from '../../apps/web/src/services/share/texts-data.js';
import {
  BROWSER_LOCALE,
  ROUTE_CASES,
  signInWithPhoto,
  waitForSettledPage,
  type UiLanguage,
} from '../support/app.js';
import { baseUrl } from '../support/server.js';

/**
 * The keys of the catalogue and of the pages' own tables (lib/i18n/page-texts). The moderators'
 * table is left out: its keys are plain words ("user", "gone") that real text contains.
 */
const CATALOGUE_KEYS = [
  zhCN,
  ACCOUNT_TEXTS['zh-CN'],
  LEADERBOARD_TEXTS['zh-CN'],
  UPLOAD_TEXTS['zh-CN'],
  ONBOARDING_TEXTS['zh-CN'],
  SHARE_TEXTS['zh-CN'],
  REPORT_TEXTS['zh-CN'],
  VIEWER_TEXTS['zh-CN'],
  MODERATION_PAGE_TEXTS['zh-CN'],
  PROFILE_TEXTS['zh-CN'],
].flatMap((texts) => Object.keys(texts));

/** Latin words a Chinese page may show: brand-free technical names and the switch's own label. */
const LATIN_ALLOWED_IN_ZH = new Set(['VS', 'AI', 'English', 'JPEG', 'PNG', 'WebP', 'QR']);
/** Chinese an English page may show: the language switch labels Chinese in Chinese. */
const HAN_ALLOWED_IN_EN = new Set(['中文']);

const HAN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const LATIN_WORD = /[A-Za-z]{2,}/g;

/** Fields of API answers that hold what people typed (names, notes): never translated. */
const USER_CONTENT_FIELDS = new Set(['nickname', 'owner_name', 'notes']);

/** Collects what users wrote, from every API answer the page receives. */
function watchUserContent(page: Page): Set<string> {
  const seen = new Set<string>();
  const walk = (value: unknown, key: string | null): void => {
    if (typeof value === 'string') {
      if (key !== null && USER_CONTENT_FIELDS.has(key)) seen.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) walk(item, name);
    }
  };
  // A first visit's page may carry its first answer (a board, a photo) in its HTML.
  const written = new RegExp(
    `<script type="application/json" id="${PAGE_ANSWER_ELEMENT_ID}">(.*?)</script>`,
    's',
  );
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') {
      void response
        .text()
        .then((html) => {
          const answer = written.exec(html)?.[1];
          if (answer !== undefined) walk(JSON.parse(answer), null);
        })
        .catch(() => undefined);
      return;
    }
    if (!response.url().includes('/api/')) return;
    void response
      .json()
      .then((body: unknown) => {
        walk(body, null);
      })
      .catch(() => undefined);
  });
  return seen;
}

/** Every text a person or a screen reader gets: visible text, names, descriptions, the title. */
function readAllText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const name of ['aria-label', 'alt', 'title', 'placeholder', 'aria-valuetext']) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
}

async function expectOneLanguage(
  page: Page,
  language: UiLanguage,
  userContent: Set<string>,
  where: string,
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  let text = await readAllText(page);
  // What users wrote (the demo nicknames are Chinese) is shown as written.
  for (const written of [...userContent].sort((a, b) => b.length - a.length)) {
    text = text.split(written).join(' ');
  }
  expect(text.trim().length, `${where}: the page shows text`).toBeGreaterThan(20);

  const leakedKeys = CATALOGUE_KEYS.filter((key) => text.includes(key));
  expect(leakedKeys, `${where}: catalogue keys shown instead of text`).toEqual([]);
  expect(text.match(/\{\w+\}/g) ?? [], `${where}: unfilled placeholders`).toEqual([]);

  if (language === 'en') {
    const han = (text.match(HAN) ?? []).filter((run) => !HAN_ALLOWED_IN_EN.has(run));
    expect(han, `${where}: Chinese on the English page`).toEqual([]);
  } else {
    const latin = (text.match(LATIN_WORD) ?? []).filter((word) => !LATIN_ALLOWED_IN_ZH.has(word));
    expect(latin, `${where}: English on the Chinese page`).toEqual([]);
    expect(text.match(HAN)?.length ?? 0, `${where}: Chinese text`).toBeGreaterThan(3);
  }
}

for (const language of ['zh-CN', 'en'] as const) {
  test.describe(`every route in ${language}`, () => {
    test.use({ locale: BROWSER_LOCALE[language] });

    for (const route of ROUTE_CASES) {
      test(`${route.name} (${route.path}) renders fully in ${language}`, async ({ page }) => {
        const userContent = watchUserContent(page);
        if (route.signedIn) await signInWithPhoto(page, language === 'en' ? 'Ann' : '小安');
        await page.goto(`${baseUrl()}${route.path}`);
        await waitForSettledPage(page);
        const title = language === 'en' ? en : zhCN;
        await expect(page.locator('#main h1').first()).not.toBeEmpty();
        await expect(page).toHaveTitle(/\S/);
        if (route.path === '/leaderboard')
          await expect(page).toHaveTitle(title['title.leaderboard']);
        await expectOneLanguage(page, language, userContent, route.path);
      });
    }
  });
}

test.describe('choosing the language', () => {
  test.use({ locale: 'zh-CN' });

  test('the switch in the profile changes every text at once and is remembered', async ({
    page,
  }) => {
    const userContent = watchUserContent(page);
    await page.goto(`${baseUrl()}/profile`);
    await waitForSettledPage(page);
    await expectOneLanguage(page, 'zh-CN', userContent, 'profile before');

    await page
      .getByRole('group', { name: '语言' })
      .getByRole('button', { name: 'English' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      PROFILE_TEXTS.en['profile.heading'],
    );
    await expect(page).toHaveTitle(en['title.profile']);
    await expectOneLanguage(page, 'en', userContent, 'profile after the switch');

    await page.getByRole('link', { name: en['nav.leaderboard'] }).click();
    await waitForSettledPage(page);
    await expectOneLanguage(page, 'en', userContent, 'leaderboard after the switch');

    await page.reload();
    await waitForSettledPage(page);
    await expectOneLanguage(page, 'en', userContent, 'leaderboard after a reload');

    await page.goto(`${baseUrl()}/profile`);
    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: '中文' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      PROFILE_TEXTS['zh-CN']['profile.heading'],
    );
  });

  test("the host's language parameter wins over the browser and holds on the next start", async ({
    page,
  }) => {
    const userContent = watchUserContent(page);
    await page.goto(`${baseUrl()}/leaderboard?lang=en`);
    await waitForSettledPage(page);
    await expectOneLanguage(page, 'en', userContent, 'leaderboard?lang=en');
    await page.goto(`${baseUrl()}/upload`);
    await waitForSettledPage(page);
    await expectOneLanguage(page, 'en', userContent, 'upload on the next start');
  });

  test("a locale tag in the host's version picks the language", async ({ page }) => {
    const userContent = watchUserContent(page);
    await page.goto(`${baseUrl()}/onboarding?version=6.70.0-en`);
    await waitForSettledPage(page);
    await expectOneLanguage(page, 'en', userContent, 'onboarding?version=6.70.0-en');
  });
});
