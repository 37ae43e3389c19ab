import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound, isApiPath, pathOf } from './envelope.js';
import { pageHtmlSender, type PageHtmlOptions } from './page-html.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves processed media (random, never rewritten names: cached for a year) and the built web
 * app (hashed assets cached for a year; index.html, the service worker and the manifest always
 * revalidated). Page addresses get their HTML (page-html.ts) so the client router can answer them.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: PageHtmlOptions & { mediaDir: string },
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
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      index: ['index.html'],
      list: false,
      // The build writes no dotfile; anything of the kind in the folder is not for the public.
      dotfiles: 'deny',
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

  const sendPage = pageHtmlSender(options);
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
