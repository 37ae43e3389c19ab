import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { CATEGORIES_ELEMENT_ID, categorySchema } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects, makeTempDir } from '../support/database.js';

describe.each(dialects)('the web app and media from the same process on %s', (dialect) => {
  let app: TestApp;
  const webDir = makeTempDir('yanzhi-web-');

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><head><title>颜值竞技场</title></head><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The web build's index.html of one page with that page's code preloaded, and the English
    // variants that preload the English texts too.
    fs.mkdirSync(path.join(webDir, 'pages'));
    const page = (file: string, preloads: string[]) => {
      const links = preloads.map((href) => `<link rel="modulepreload" href="${href}">`).join('');
      fs.writeFileSync(
        path.join(webDir, 'pages', file),
        `<!doctype html><head><title>颜值竞技场</title>${links}</head><div id="root"></div>`,
      );
    };
    page('leaderboard.html', ['/assets/leaderboard-x.js']);
    page('leaderboard.en.html', ['/assets/leaderboard-x.js', '/assets/catalogue-en-x.js']);
    page('index.en.html', ['/assets/catalogue-en-x.js']);
    page('p.html', ['/assets/photo-x.js']);
    fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    app = await createTestApp(dialect, { WEB_DIST_DIR: webDir });
    fs.mkdirSync(path.join(app.config.mediaDir, 'photos', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(app.config.mediaDir, 'photos', 'ab', 'abc.webp'), 'RIFF....WEBP');
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves index.html at / and for every client route, revalidated each time', async () => {
    for (const url of [
      '/',
      '/arena',
      '/profile',
      '/leaderboard',
      '/upload',
      '/onboarding',
      '/?access-token=T',
    ]) {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it("answers a page that has its own index.html with it, preloading the page's code", async () => {
    const board = await app.server.inject({ method: 'GET', url: '/leaderboard?category=2' });
    expect(board.statusCode).toBe(200);
    expect(board.headers['content-type']).toContain('text/html');
    expect(board.headers['cache-control']).toBe('no-cache');
    expect(board.headers.vary).toContain('accept-language');
    expect(board.body).toContain('/assets/leaderboard-x.js');
    expect(board.body).not.toContain('catalogue-en');
    // Every photo's page (`/p/<id>`, where shares land) is one page with its code preloaded.
    for (const url of ['/p/12', '/p/987654?from=card']) {
      const photo = await app.server.inject({ method: 'GET', url });
      expect(photo.statusCode, url).toBe(200);
      expect(photo.body, url).toContain('/assets/photo-x.js');
    }
    for (const url of ['/', '/arena', '/profile', '/somewhere', '/p/x', '/p/12/more']) {
      const other = await app.server.inject({ method: 'GET', url });
      expect(other.body, url).not.toContain('modulepreload');
    }
  });

  it('preloads the English texts for a browser that asks for English first', async () => {
    const english = { 'accept-language': 'en-US,en;q=0.9,zh-CN;q=0.8' };
    const board = await app.server.inject({ method: 'GET', url: '/leaderboard', headers: english });
    expect(board.body).toContain('/assets/leaderboard-x.js');
    expect(board.body).toContain('/assets/catalogue-en-x.js');
    for (const url of ['/', '/arena', '/profile']) {
      const other = await app.server.inject({ method: 'GET', url, headers: english });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toContain('/assets/catalogue-en-x.js');
      expect(other.body, url).not.toContain('leaderboard-x');
    }
    const chinese = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
    const home = await app.server.inject({ method: 'GET', url: '/', headers: chinese });
    expect(home.body).not.toContain('modulepreload');
  });

  it('writes the active categories into every page, safely, so the app need not ask for them', async () => {
    await app.services.categories.save({
      slug: 'tricky',
      name: '</script><script>alert(1)</script>',
      name_en: 'Tricky',
    });
    for (const url of ['/', '/leaderboard', '/profile']) {
      const page = await app.server.inject({ method: 'GET', url });
      const found = new RegExp(
        `<script type="application/json" id="${CATEGORIES_ELEMENT_ID}">(.*?)</script>`,
      ).exec(page.body);
      expect(found, url).not.toBeNull();
      const categories = categorySchema.array().parse(JSON.parse(found?.[1] ?? 'null'));
      const answer = await app.call('get_categories');
      expect(categories).toEqual(answer.data);
      expect(categories.map((category) => category.slug)).toContain('tricky');
      expect(page.body).not.toContain('<script>alert(1)');
    }
    // Compressed for a browser that accepts it, as the static files are.
    const compressed = await app.server.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain(CATEGORIES_ELEMENT_ID);
  });

  it('caches hashed assets for a year and the service worker never', async () => {
    const asset = await app.server.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await app.server.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('serves media immutable and answers a missing file or asset with a plain 404', async () => {
    const media = await app.server.inject({ method: 'GET', url: '/media/photos/ab/abc.webp' });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      (await app.server.inject({ method: 'GET', url: '/media/photos/none.webp' })).statusCode,
    ).toBe(404);
    expect((await app.server.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(
      404,
    );
    expect(
      (await app.server.inject({ method: 'GET', url: '/media/../yanzhi.db' })).statusCode,
    ).toBe(404);
  });

  it('serves nothing outside the media and web folders, nor a dotfile, however the path is spelt', async () => {
    const secret = 'not for the public';
    const outside = path.dirname(app.config.mediaDir);
    fs.writeFileSync(path.join(outside, 'secret.txt'), secret);
    fs.writeFileSync(path.join(path.dirname(webDir), 'web-secret.txt'), secret);
    fs.writeFileSync(path.join(app.config.mediaDir, '.env'), secret);
    fs.writeFileSync(path.join(webDir, '.env'), secret);
    const probes = [
      '/media/../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/%2E%2E%2Fsecret.txt',
      '/media/..%2fsecret.txt',
      '/media/..%5csecret.txt',
      '/media/photos/ab/..%2f..%2f..%2fsecret.txt',
      '/media/photos/./../../secret.txt',
      '/media//../secret.txt',
      '/media/.env',
      '/media/photos/..%2f.env',
      '/assets/..%2f..%2fweb-secret.txt',
      '/%2e%2e/web-secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fweb-secret.txt',
      '/.env',
      '/assets/..%2f.env',
    ];
    for (const url of probes) {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain(secret);
      expect(response.statusCode === 200 && response.body.length > 0, url).toBe(
        // A page address is answered with the app's page; anything else finds nothing.
        response.headers['content-type']?.toString().startsWith('text/html') ?? false,
      );
    }
    // The same folders still serve their own files.
    const media = await app.server.inject({ method: 'GET', url: '/media/photos/ab/abc.webp' });
    expect(media.statusCode).toBe(200);
  });
});
