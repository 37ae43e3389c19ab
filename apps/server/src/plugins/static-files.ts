import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickLanguage } from '../lib/language.js';
import { apiNotFound, isApiPath, pathOf } from './envelope.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where the web build puts each page's own index.html. */
const PAGES_DIR = 'pages';

/**
 * Serves processed media (random, never rewritten names: cached for a year) and the built web
 * app (hashed assets cached for a year; index.html, the service worker and the manifest always
 * revalidated). Unknown page paths get index.html so the client router can answer them.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { mediaDir: string; webDistDir: string },
): Promise<void> {
  fs.mkdirSync(options.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => void reply.header('cache-control', IMMUTABLE),
  });

  const indexFile = path.join(options.webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const pagesDir = path.join(options.webDistDir, PAGES_DIR);
  const pageFiles = new Set(
    hasWebApp && fs.existsSync(pagesDir)
      ? fs
          .readdirSync(pagesDir, { withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
          .map((entry) => entry.name)
      : [],
  );
  /**
   * The HTML a page address is answered with: index.html with the page's own code preloaded
   * (`/leaderboard` → pages/leaderboard.html), and with the English texts preloaded too for a
   * browser that asks for English first (…en.html), as the web build's scripts/route-html.ts
   * writes them; plain index.html for anything else.
   */
  const htmlOf = (url: string, acceptLanguage: string | string[] | undefined): string => {
    const name = /^\/([a-z-]+)$/.exec(url)?.[1] ?? 'index';
    const english = pickLanguage(acceptLanguage) === 'en';
    const candidates = english
      ? [`${name}.en.html`, `${name}.html`, 'index.en.html']
      : [`${name}.html`];
    const found = candidates.find((file) => pageFiles.has(file));
    return found === undefined ? 'index.html' : `${PAGES_DIR}/${found}`;
  };
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      index: ['index.html'],
      list: false,
      wildcard: true,
      // The web build writes .br and .gz beside its text files (apps/web/scripts/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(options.webDistDir, filePath);
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir: options.webDistDir }, 'web app not built: serving the API only');
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .type('text/html')
      .sendFile(htmlOf(pathOf(request.url), request.headers['accept-language']));
  // `/` is a page like the others, answered by language rather than with index.html as is.
  if (hasWebApp) app.get('/', sendPage);

  app.setNotFoundHandler((request, reply) => {
    const url = pathOf(request.url);
    if (isApiPath(url)) return apiNotFound(request, reply);
    const isPage = !url.startsWith('/media/') && path.extname(url) === '';
    if (hasWebApp && isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendPage(request, reply);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
