import type { Page } from '@playwright/test';

/**
 * A vote's reveal (both photos' score chips) lasts 800 ms; Playwright's `expect` polls a busy
 * page once a second after its first tries, so it can miss a reveal that came and went. The
 * page counts the chips itself as they appear, from before the vote to whenever it is asked.
 */
interface RevealWatch {
  __revealChips?: number;
}

/** Starts (or restarts) counting: call before the tap or key that votes. */
export async function watchReveal(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as RevealWatch & { __revealObserver?: MutationObserver };
    w.__revealChips = document.querySelectorAll('[data-testid="score-chip"]').length;
    if (w.__revealObserver !== undefined) return;
    w.__revealObserver = new MutationObserver(() => {
      const shown = document.querySelectorAll('[data-testid="score-chip"]').length;
      if (shown > (w.__revealChips ?? 0)) w.__revealChips = shown;
    });
    w.__revealObserver.observe(document.body, { childList: true, subtree: true });
  });
}

/** The most score chips shown at once since `watchReveal`. */
export function revealedChips(page: Page): Promise<number> {
  return page.evaluate(() => (window as RevealWatch).__revealChips ?? 0);
}
