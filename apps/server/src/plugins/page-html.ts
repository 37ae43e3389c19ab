import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  CATEGORIES_ELEMENT_ID,
  NEWCOMER_STATS_ELEMENT_ID,
  PAGE_ANSWER_ELEMENT_ID,
  type FirstScreen,
} from '@yanzhi/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickLanguage } from '../lib/language.js';
import { pathOf } from './envelope.js';

/** Where the web build puts each page's own index.html (apps/web/scripts/route-html.ts). */
const PAGES_DIR = 'pages';

export interface PageHtmlOptions {
  webDistDir: string;
  /** The active categories (get_categories' answer), written into every page. */
  categories?: () => Promise<unknown>;
  /**
   * The first screen of a page address for a visitor without a session (a shared photo, a
   * board): its public answer and its largest photo, written into the page.
   */
  firstScreen?: (
    pathname: string,
    query: URLSearchParams,
    request: FastifyRequest,
  ) => Promise<FirstScreen | null>;
  /** What get_user_vote_stats answers a device never seen, written into every page. */
  newcomerStats?: () => unknown;
}

/** JSON that cannot end the script element it sits in. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Text that cannot end the double-quoted attribute it sits in. */
function attribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * What a first screen adds to the head: the photos of its first frame preloaded, the largest
 * at high priority, with the same `srcset` and `sizes` as the page's `<img>` so the browser
 * fetches each once, beside the app's code; and the answer the page would ask for.
 */
function firstScreenHead(screen: FirstScreen): string {
  const preloads = screen.preloads.map(
    (image, index) =>
      `<link rel="preload" as="image"${index === 0 ? ' fetchpriority="high"' : ''} imagesrcset="${attribute(image.srcset)}" imagesizes="${attribute(image.sizes)}">`,
  );
  return `${preloads.join('')}<script type="application/json" id="${PAGE_ANSWER_ELEMENT_ID}">${scriptSafeJson(screen.answer)}</script>`;
}

/**
 * Answers a page address with its HTML: index.html with the page's own code preloaded
 * (`/leaderboard` → pages/leaderboard.html) and, for a browser that asks for English first,
 * the English texts too (….en.html), as the web build writes them; plain index.html for any
 * other address. The active categories are written in, so the first screen (chips, the first
 * pair, a board) does not wait for a get_categories round trip (ADR 0018). Compressed here:
 * the answer is made per request.
 */
export function pageHtmlSender(options: PageHtmlOptions) {
  const pagesDir = path.join(options.webDistDir, PAGES_DIR);
  const pageFiles = new Set(
    fs.existsSync(pagesDir)
      ? fs
          .readdirSync(pagesDir, { withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
          .map((entry) => entry.name)
      : [],
  );
  const fileOf = (url: string, acceptLanguage: string | string[] | undefined): string => {
    // A photo's page (`/p/<id>`) is one page whatever the id.
    const name = /^\/p\/\d+$/.test(url) ? 'p' : (/^\/([a-z-]+)$/.exec(url)?.[1] ?? 'index');
    const english = pickLanguage(acceptLanguage) === 'en';
    const candidates = english
      ? [`${name}.en.html`, `${name}.html`, 'index.en.html']
      : [`${name}.html`];
    const found = candidates.find((file) => pageFiles.has(file));
    return found === undefined ? 'index.html' : `${PAGES_DIR}/${found}`;
  };
  // A build's HTML never changes while the process runs: each file is read once.
  const templates = new Map<string, Promise<string>>();
  const templateOf = (file: string): Promise<string> => {
    let template = templates.get(file);
    if (template === undefined) {
      template = fs.promises.readFile(path.join(options.webDistDir, file), 'utf8');
      templates.set(file, template);
    }
    return template;
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathOf(request.url);
    const file = fileOf(pathname, request.headers['accept-language']);
    let html = await templateOf(file);
    if (options.firstScreen) {
      try {
        const query = new URLSearchParams(request.url.slice(pathname.length).replace(/^\?/, ''));
        const screen = await options.firstScreen(pathname, query, request);
        if (screen !== null) html = html.replace('</head>', `${firstScreenHead(screen)}</head>`);
      } catch (error) {
        // The page still works: it asks for its first screen itself.
        request.log.warn({ err: error }, 'first screen not written into the page');
      }
    }
    if (options.categories) {
      try {
        const data = scriptSafeJson(await options.categories());
        html = html.replace(
          '</head>',
          `<script type="application/json" id="${CATEGORIES_ELEMENT_ID}">${data}</script></head>`,
        );
      } catch (error) {
        // The page still works: the app asks for the categories itself.
        request.log.warn({ err: error }, 'categories not written into the page');
      }
    }
    if (options.newcomerStats) {
      const data = scriptSafeJson(options.newcomerStats());
      html = html.replace(
        '</head>',
        `<script type="application/json" id="${NEWCOMER_STATS_ELEMENT_ID}">${data}</script></head>`,
      );
    }
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, accept-encoding')
      .type('text/html; charset=utf-8');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted)) {
      return reply.header('content-encoding', 'br').send(
        zlib.brotliCompressSync(html, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        }),
      );
    }
    if (/\bgzip\b/.test(accepted)) {
      return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
    }
    return reply.send(html);
  };
}
