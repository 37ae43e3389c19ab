import { expect, test, type Page } from '@playwright/test';
import { waitForSettledPage } from '../support/app.js';
import { baseUrl } from '../support/server.js';

interface Motion {
  /** CSS animations running or about to, with what they animate. */
  animations: { name: string; target: string; properties: string[]; duration: number }[];
  /** Elements whose transitions last longer than a millisecond. */
  slowTransitions: string[];
}

/** Properties that move, scale or sweep something; a fade (opacity) is what reduced motion keeps. */
const MOVING = /transform|translate|scale|rotate|background-position|^(top|left|right|bottom)$/;

/** Every animation on the page and every element that would transition slowly. */
async function motionOf(page: Page): Promise<Motion> {
  return page.evaluate(() => {
    const describe = (element: Element | null) =>
      element === null ? '?' : `${element.tagName.toLowerCase()}.${element.classList[0] ?? ''}`;
    const animations = document.getAnimations().map((animation) => {
      const effect = animation.effect as KeyframeEffect | null;
      const properties = new Set<string>();
      for (const frame of effect?.getKeyframes() ?? []) {
        for (const key of Object.keys(frame)) {
          if (!['offset', 'computedOffset', 'easing', 'composite'].includes(key)) {
            properties.add(key);
          }
        }
      }
      return {
        name: animation instanceof CSSAnimation ? animation.animationName : animation.id,
        target: describe(effect?.target ?? null),
        properties: [...properties],
        duration: Number(effect?.getComputedTiming().duration ?? 0),
      };
    });
    const slowTransitions = Array.from(document.querySelectorAll('*'))
      .filter((element) =>
        getComputedStyle(element)
          .transitionDuration.split(',')
          .some((value) => parseFloat(value) * (value.trim().endsWith('ms') ? 1 : 1000) > 1),
      )
      .map(describe);
    return { animations, slowTransitions };
  });
}

function moving(motion: Motion): string[] {
  return motion.animations
    .filter((animation) => animation.properties.some((property) => MOVING.test(property)))
    .map((animation) => `${animation.name} on ${animation.target}`);
}

/** Opens the arena, votes (reveal, toasts, the next pair) and opens the report sheet. */
async function voteAndReport(page: Page, record: (label: string) => Promise<void>) {
  await page.goto(`${baseUrl()}/`);
  await waitForSettledPage(page);
  const pair = page.getByTestId('arena-pair');
  const previous = await pair.getAttribute('data-pair-id');
  await page.getByRole('button', { name: '选择照片 1' }).click();
  await expect(page.getByTestId('score-chip')).toHaveCount(2);
  await record('the vote is revealed');
  await expect(pair).not.toHaveAttribute('data-pair-id', previous ?? '');
  await record('the next pair comes in');
  await page.getByRole('button', { name: '举报照片 1' }).click();
  await expect(page.getByRole('dialog', { name: '举报照片 1' })).toBeVisible();
  await record('the report sheet opens');
  await page.keyboard.press('Escape');
  // A page transition of spec §2: the leaderboard comes in from the left.
  await page
    .getByRole('navigation', { name: '主导航' })
    .getByRole('link', { name: /排行榜/ })
    .click();
  await expect(page.getByTestId('route-transition')).toHaveAttribute(
    'data-transition',
    'slide-right',
  );
  await record('the leaderboard comes in');
}

test.describe('prefers-reduced-motion', () => {
  test('without the preference, voting and navigating move things (the check sees motion)', async ({
    page,
  }) => {
    const seen: string[] = [];
    await voteAndReport(page, async () => {
      seen.push(...moving(await motionOf(page)));
    });
    expect(seen.some((entry) => entry.startsWith('route-slide-right'))).toBe(true);
    expect(seen.some((entry) => entry.startsWith('sheet-up'))).toBe(true);
  });

  test('with it, everything is reduced to fades and transitions are instant', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const problems: string[] = [];
    await voteAndReport(page, async (label) => {
      const motion = await motionOf(page);
      for (const entry of moving(motion)) problems.push(`${label}: ${entry}`);
      for (const element of motion.slowTransitions) {
        problems.push(`${label}: transition on ${element}`);
      }
      for (const animation of motion.animations) {
        // Fades stay short (UI.md: 200-300 ms); nothing loops for ever.
        if (!(animation.duration <= 300)) {
          problems.push(`${label}: ${animation.name} lasts ${animation.duration} ms`);
        }
      }
    });
    expect(problems).toEqual([]);
  });
});
