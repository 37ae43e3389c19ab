import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BROWSER_LOCALE, type UiLanguage } from '../support/app.js';
import { baseUrl } from '../support/server.js';

/**
 * Issue 17's first "done when": a newcomer votes twelve times at a 2 s pace, and after every
 * vote the category chips, the fuel pill and the progress bar are on screen and not covered
 * (hit-tested, not only looked at), at most one toast shows, and the fuel and progress move.
 */

const SHOTS_DIR = '/tmp/shots-a17';
const VOTES = 12;
const PACE_MS = 2_000;

const SIZES = [
  { width: 360, height: 640 },
  { width: 414, height: 896 },
] as const;
const LANGUAGES: readonly UiLanguage[] = ['zh-CN', 'en'];

/**
 * What `document.elementFromPoint` finds at a few points inside the element (inset from its
 * edges): each must be the element or one of its descendants. Returns the points that were not.
 */
async function coveredPoints(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const spots = [
      [0.5, 0.5],
      [0.15, 0.5],
      [0.85, 0.5],
      [0.5, 0.2],
      [0.5, 0.8],
    ] as const;
    const covered: string[] = [];
    for (const [fx, fy] of spots) {
      const x = box.left + box.width * fx;
      const y = box.top + box.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit === null || !(hit === element || element.contains(hit))) {
        const what = hit === null ? 'nothing' : `${hit.tagName}.${hit.getAttribute('class') ?? ''}`;
        covered.push(`(${Math.round(x)},${Math.round(y)}) → ${what}`);
      }
    }
    return covered;
  });
}

/** On screen: a box of some size entirely inside the viewport. */
async function expectOnScreen(page: Page, locator: Locator, name: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${name} has a box`).not.toBeNull();
  if (box === null) return;
  const viewport = page.viewportSize();
  expect(box.width, `${name} has a width`).toBeGreaterThan(4);
  expect(box.height, `${name} has a height`).toBeGreaterThan(2);
  expect(box.y, `${name} is not above the screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${name} is not below the screen`).toBeLessThanOrEqual(
    viewport?.height ?? 0,
  );
}

interface Controls {
  chips: Locator;
  fuel: Locator;
  progress: Locator;
}

/** The three pieces of in-place feedback are visible, uncovered, and at most one toast shows. */
async function expectFeedbackClear(page: Page, controls: Controls, when: string): Promise<void> {
  const named: [string, Locator][] = [
    ['chips', controls.chips],
    ['fuel', controls.fuel],
    ['progress', controls.progress],
  ];
  for (const [name, locator] of named) {
    await expectOnScreen(page, locator, `${when}: ${name}`);
    expect(await coveredPoints(locator), `${when}: ${name} is covered`).toEqual([]);
  }
  const toasts = await page.getByTestId('toast').evaluateAll(
    (nodes) =>
      nodes.filter((node) => {
        const box = node.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      }).length,
  );
  expect(toasts, `${when}: toasts on screen`).toBeLessThanOrEqual(1);
}

function fuelNumber(fuel: Locator): Promise<number> {
  return fuel
    .getByTestId('fuel-pill-value')
    .textContent()
    .then((text) => Number((text ?? '').trim()));
}

for (const language of LANGUAGES) {
  for (const size of SIZES) {
    test.describe(`the arena's feedback at ${size.width}x${size.height} in ${language}`, () => {
      test.use({ locale: BROWSER_LOCALE[language], viewport: size });

      test('twelve votes at a 2 s pace leave the chips, fuel and progress in view', async ({
        page,
      }) => {
        test.setTimeout(90_000);
        fs.mkdirSync(SHOTS_DIR, { recursive: true });
        await page.goto(`${baseUrl()}/`);
        const pair = page.getByTestId('arena-pair');
        await expect(pair).toHaveAttribute('data-pair-id', /.+/);
        const controls: Controls = {
          chips: page.getByTestId('category-chips'),
          fuel: page.getByTestId('fuel-pill'),
          progress: page.getByTestId('unlock-progress').getByRole('progressbar'),
        };
        await expect(controls.progress).toHaveAttribute('aria-valuenow', '0');
        await expectFeedbackClear(page, controls, 'before voting');
        let fuel = await fuelNumber(controls.fuel);
        const tag = `${size.width}x${size.height}-${language}`;

        for (let vote = 1; vote <= VOTES; vote += 1) {
          const started = Date.now();
          const before = await pair.getAttribute('data-pair-id');
          await page
            .getByTestId('arena-photo')
            .nth(vote % 2)
            .locator('.arena-card__choice')
            .click();
          await expect(page.getByTestId('score-chip')).toHaveCount(2);
          // The fuel pill counts up to the new balance, the progress bar moves with each vote.
          await expect
            .poll(() => fuelNumber(controls.fuel), { timeout: 3_000 })
            .toBeGreaterThan(fuel);
          fuel = await fuelNumber(controls.fuel);
          await expect(controls.progress).toHaveAttribute(
            'aria-valuenow',
            String(Math.min(vote, 10)),
          );
          await expectFeedbackClear(page, controls, `vote ${vote}, revealed`);
          if (vote === 1 || vote === 10) {
            await page.screenshot({ path: `${SHOTS_DIR}/feedback-${tag}-vote${vote}.png` });
          }
          await expect(pair).not.toHaveAttribute('data-pair-id', before ?? '');
          const left = PACE_MS - (Date.now() - started);
          if (left > 0) await page.waitForTimeout(left);
          await expectFeedbackClear(page, controls, `vote ${vote}, before the next`);
        }
      });
    });
  }
}
