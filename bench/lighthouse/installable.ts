/**
 * Lighthouse 12 has no PWA category any more, so installability is checked in Chromium itself:
 * its own installability errors, the manifest's icons, a service worker controlling the page,
 * and a reload while offline that still shows the app (the precached shell).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

export interface Installability {
  installable: boolean;
  icons: string;
  serviceWorker: boolean;
  offline: boolean;
  problems: string[];
}

/** What the page function reads; bench code is typed without the DOM library. */
interface BrowserGlobals {
  navigator: { serviceWorker: { controller: object | null } };
}

interface ManifestIcon {
  src: string;
  sizes?: string;
  purpose?: string;
}

export async function checkInstallable(
  baseUrl: string,
  chromePath: string,
): Promise<Installability> {
  // A persistent profile: Chromium never offers to install from an incognito window.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    viewport: { width: 412, height: 823 },
  });
  const problems: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const serviceWorker = await page
      // A function, not a string: the app's CSP forbids eval.
      .waitForFunction(
        () => (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.controller !== null,
        null,
        {
          timeout: 20_000,
        },
      )
      .then(() => true)
      .catch(() => false);
    if (!serviceWorker) problems.push('no service worker controls the page within 20 s');

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    for (const error of installabilityErrors) problems.push(`Chromium: ${error.errorId}`);

    const manifestHref = await page.getAttribute('link[rel="manifest"]', 'href');
    let icons = 'none';
    if (manifestHref === null) problems.push('no <link rel="manifest">');
    else {
      const manifest = (await (await fetch(new URL(manifestHref, baseUrl))).json()) as {
        icons?: ManifestIcon[];
      };
      const list = manifest.icons ?? [];
      icons = list
        .map((icon) => `${icon.sizes ?? '?'}${icon.purpose ? ` ${icon.purpose}` : ''}`)
        .join(', ');
      for (const icon of list) {
        const response = await fetch(new URL(icon.src, baseUrl));
        if (!response.ok) problems.push(`icon ${icon.src} answers ${response.status}`);
      }
      if (!list.some((icon) => icon.sizes === '512x512')) problems.push('no 512x512 icon');
      if (!list.some((icon) => icon.sizes === '192x192')) problems.push('no 192x192 icon');
    }

    let offline = false;
    if (serviceWorker) {
      await context.setOffline(true);
      try {
        await page.goto(`${baseUrl}/leaderboard`, { waitUntil: 'load', timeout: 15_000 });
        offline = await page
          .locator('nav')
          .first()
          .isVisible({ timeout: 10_000 })
          .catch(() => false);
      } catch {
        offline = false;
      }
      if (!offline) problems.push('an offline navigation does not show the app');
    }
    return {
      installable: installabilityErrors.length === 0,
      icons,
      serviceWorker,
      offline,
      problems,
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
