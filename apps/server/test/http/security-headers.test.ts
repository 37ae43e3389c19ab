import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects, makeTempDir } from '../support/database.js';

/** DESIGN §10: the headers every response carries, and CORS closed on every kind of path. */
const FRAMINGS = ["'self'", "'self' https://host.example https://*.host.example"];

const ORIGINS = ['https://evil.example', 'null', 'http://localhost:5173', 'https://host.example'];

function expectNoCorsGrant(response: LightMyRequestResponse, label: string): void {
  const granted = Object.keys(response.headers).filter((name) =>
    name.startsWith('access-control-'),
  );
  expect(granted, label).toEqual([]);
  expect(response.headers.vary ?? '', label).not.toMatch(/origin/i);
}

describe.each(
  dialects.flatMap((dialect) => FRAMINGS.map((framing) => [dialect, framing] as const)),
)('security headers on %s with FRAME_ANCESTORS=%s', (dialect, frameAncestors) => {
  let app: TestApp;
  const webDir = makeTempDir('yanzhi-web-');

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    app = await createTestApp(dialect, { WEB_DIST_DIR: webDir, FRAME_ANCESTORS: frameAncestors });
    fs.mkdirSync(path.join(app.config.mediaDir, 'photos'), { recursive: true });
    fs.writeFileSync(path.join(app.config.mediaDir, 'photos', 'a.webp'), 'RIFF....WEBP');
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const requests = [
    { method: 'POST', url: '/api/get_categories', kind: 'api' },
    { method: 'POST', url: '/api/no_such_call', kind: 'api' },
    { method: 'GET', url: '/api/docs', kind: 'api' },
    { method: 'GET', url: '/media/photos/a.webp', kind: 'media' },
    { method: 'GET', url: '/media/photos/missing.webp', kind: 'media' },
    { method: 'GET', url: '/', kind: 'web' },
    { method: 'GET', url: '/leaderboard?access-token=T', kind: 'web' },
  ] as const;

  it('sends a CSP without inline scripts, nosniff, framing by the configured hosts and no referrer', async () => {
    for (const { method, url, kind } of requests) {
      const response = await app.server.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      const label = `${method} ${url}`;
      expect(response.statusCode, label).toBeLessThan(500);
      const csp = String(response.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives.get('script-src'), label).toBe("'self'");
      expect(directives.get('default-src'), label).toBe("'self'");
      expect(directives.get('object-src'), label).toBe("'none'");
      expect(directives.get('frame-ancestors'), label).toBe(frameAncestors);
      expect(csp, label).not.toContain('unsafe-inline');
      expect(csp, label).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
      expect(response.headers['referrer-policy'], label).toBe('no-referrer');
      if (kind === 'api') expect(response.headers['cache-control'], label).toBe('no-store');
    }
  });

  it('grants no origin anything: simple requests and preflights alike', async () => {
    for (const { method, url } of requests) {
      for (const origin of ORIGINS) {
        const label = `${method} ${url} from ${origin}`;
        const simple = await app.server.inject({
          method,
          url,
          headers: { origin },
          payload: method === 'POST' ? {} : undefined,
        });
        expectNoCorsGrant(simple, label);
        const preflight = await app.server.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin,
            'access-control-request-method': method,
            'access-control-request-headers': 'content-type, access-token',
          },
        });
        expect(preflight.statusCode, `preflight ${label}`).toBeGreaterThanOrEqual(400);
        expect(preflight.statusCode, `preflight ${label}`).toBeLessThan(500);
        expectNoCorsGrant(preflight, `preflight ${label}`);
      }
    }
  });
});
